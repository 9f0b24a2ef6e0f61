-- The owner's webhook as an outbox. A lead's delivery is written in the transaction that stores
-- the lead, then posted until the webhook answers 2xx or its attempts run out: the visitor's
-- press posts it at once when it can, and the deliver-webhooks function (on a schedule) posts
-- whatever is due. Every attempt is signed with the same webhook-id, the delivery's id.

create table private.webhook_deliveries (
  id text primary key check (id ~ '^[A-Za-z0-9_:-]{1,255}$'),
  lead_id uuid not null references public.contact_submissions (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- The visitor's press posts a new lead itself: the worker's turn comes only if it has not
  -- (a press cut off between storing and posting), so the two never race for a fresh lead.
  next_attempt_at timestamptz not null default now() + interval '30 seconds',
  attempts integer not null default 0 check (attempts between 0 and 100),
  -- An attempt in progress holds the delivery until then; one left by a killed function lapses.
  claimed_until timestamptz,
  delivered_at timestamptz,
  -- Set when the last attempt failed: check:live names these leads.
  failed_at timestamptz,
  last_error text check (char_length(last_error) <= 200)
);

create index webhook_deliveries_due on private.webhook_deliveries (next_attempt_at)
  where delivered_at is null and failed_at is null;

revoke all on table private.webhook_deliveries from public, anon, authenticated;

comment on table private.webhook_deliveries is
  'Each lead the server step stored, to be posted to the owner''s webhook; id is the webhook-id.';

-- Leads stored before the outbox keep what the lead row said of their delivery.
insert into private.webhook_deliveries (id, lead_id, attempts, delivered_at)
select id::text, id, 1, webhook_delivered_at
  from public.contact_submissions
 where webhook_delivered_at is not null;

alter table public.contact_submissions
  drop column webhook_delivered_at,
  drop column webhook_claimed_until;

-- The wait after each failed attempt, as Svix and other Standard Webhooks senders back off: the
-- first retry within a minute, the last about a day after the lead. After the last, failed.
create function private.webhook_retry_after(attempts integer) returns interval
language sql immutable set search_path = '' as $$
  select (array['30 seconds', '2 minutes', '10 minutes', '30 minutes', '1 hour', '2 hours',
                '4 hours', '8 hours', '10 hours']::interval[])[attempts]
$$;

-- Only leads lead_submit stores (the submit-lead function's path): the browser profile's page
-- posts its own.
create function private.enqueue_lead_delivery() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(current_setting('lead_guard.path', true), '') in ('submit-lead', 'site') then
    insert into private.webhook_deliveries (id, lead_id) values (new.id::text, new.id);
  end if;
  return null;
end
$$;

revoke all on function private.webhook_retry_after(integer), private.enqueue_lead_delivery()
  from public, anon, authenticated;

create trigger contact_submissions_enqueue_delivery
  after insert on public.contact_submissions
  for each row execute function private.enqueue_lead_delivery();

-- What an attempt posts: the delivery's id, its claim and the lead's row.
create function private.claimed_delivery(id text, claim timestamptz, attempt integer, lead_id uuid)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('state', 'claimed', 'id', claimed_delivery.id,
           'claim', claimed_delivery.claim, 'attempt', claimed_delivery.attempt,
           'lead', to_jsonb(lead))
    from public.contact_submissions lead
   where lead.id = claimed_delivery.lead_id
$$;

revoke all on function private.claimed_delivery(text, timestamptz, integer, uuid)
  from public, anon, authenticated;

-- Request {id, action: claim | done | release, lease_seconds, claim, error}, or {action: due,
-- limit, lease_seconds}. A claim is one conditional UPDATE, so of two requests at once exactly
-- one claims a delivery; `due` takes what is due with FOR UPDATE SKIP LOCKED, so two workers
-- never take the same one. A claim lapses after lease_seconds, when the delivery falls due.
create or replace function public.lead_delivery(request jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  delivery_id text := request ->> 'id';
  lease interval := make_interval(
    secs => least(greatest(coalesce((request ->> 'lease_seconds')::integer, 30), 1), 600));
  claimed private.webhook_deliveries;
  existing private.webhook_deliveries;
  taken_deliveries jsonb;
begin
  case request ->> 'action'
    when 'claim' then
      -- The visitor's press: at once, whatever the schedule says, and again after the last.
      update private.webhook_deliveries
         set claimed_until = now() + lease, next_attempt_at = now() + lease,
             attempts = least(attempts + 1, 100), failed_at = null
       where id = delivery_id
         and delivered_at is null
         and (claimed_until is null or claimed_until < now())
      returning * into claimed;
      if found then
        return private.claimed_delivery(claimed.id, claimed.claimed_until, claimed.attempts,
                                        claimed.lead_id);
      end if;
      select * into existing from private.webhook_deliveries where id = delivery_id;
      if not found then
        return jsonb_build_object('state', 'missing');
      end if;
      return jsonb_build_object('state',
        case when existing.delivered_at is not null then 'delivered' else 'busy' end);
    when 'due' then
      with due as (
        select id from private.webhook_deliveries
         where delivered_at is null and failed_at is null and next_attempt_at <= now()
           and (claimed_until is null or claimed_until < now())
         order by next_attempt_at
         limit least(greatest(coalesce((request ->> 'limit')::integer, 20), 1), 100)
           for update skip locked
      ), taken as (
        update private.webhook_deliveries d
           set claimed_until = now() + lease, next_attempt_at = now() + lease,
               attempts = least(d.attempts + 1, 100)
          from due where d.id = due.id
        returning d.id, d.claimed_until, d.attempts, d.lead_id, d.next_attempt_at
      )
      select coalesce(jsonb_agg(private.claimed_delivery(taken.id, taken.claimed_until,
                                  taken.attempts, taken.lead_id) order by taken.next_attempt_at),
                      '[]'::jsonb)
        into taken_deliveries
        from taken;
      return jsonb_build_object('state', 'due', 'deliveries', taken_deliveries);
    when 'done' then
      update private.webhook_deliveries
         set delivered_at = coalesce(delivered_at, now()), claimed_until = null, failed_at = null,
             last_error = null
       where id = delivery_id;
      return jsonb_build_object('state', 'delivered');
    when 'release' then
      -- Only the claim it was given: a request whose claim lapsed and was taken by another
      -- cannot let go of that one. The next attempt waits its turn of the schedule.
      update private.webhook_deliveries
         set claimed_until = null,
             next_attempt_at = now() + coalesce(private.webhook_retry_after(attempts), '0'),
             failed_at = case when private.webhook_retry_after(attempts) is null then now() end,
             last_error = left(request ->> 'error', 200)
       where id = delivery_id and delivered_at is null
         and claimed_until = (request ->> 'claim')::timestamptz;
      return jsonb_build_object('state', 'released');
    else
      raise exception 'lead_delivery: unknown action %', request ->> 'action';
  end case;
end
$$;
