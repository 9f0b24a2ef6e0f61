-- Every post to the owner's webhook goes through the outbox: a lead, a stored call or chat
-- report, the day's first refusal of a budget. Each delivery is written by a trigger in the
-- transaction that stores its subject, so a subject is never stored without its delivery; the
-- function that stored it posts it at once when it can, and deliver-webhooks whatever is due.

-- A delivery's subject: exactly one of the lead, the report (its Vapi id) or the alert.
alter table private.webhook_deliveries
  alter column lead_id drop not null,
  add column report_id text references public.demo_calls (vapi_call_id) on delete cascade,
  add column alert_feature text,
  add column alert_day date,
  -- A day moved by hand moves its delivery with it.
  add constraint webhook_deliveries_alert_fkey foreign key (alert_feature, alert_day)
    references private.budget_alerts (feature, day) on delete cascade on update cascade,
  add constraint webhook_deliveries_alert_whole
    check ((alert_feature is null) = (alert_day is null)),
  add constraint webhook_deliveries_one_subject
    check (num_nonnulls(lead_id, report_id, alert_feature) = 1),
  -- A press (the function that stored it, posting at once) is not an attempt of the schedule:
  -- it never puts the worker's next attempt off, so a visitor who presses Send again while the
  -- automation is down delays nothing. A delivery takes at most 5 presses (each of at most 2
  -- tries); after them a press answers busy and the schedule posts it: at most 10 press posts
  -- and 10 worker posts a delivery, whoever presses.
  add column presses integer not null default 0 check (presses between 0 and 5),
  add column claimed_by text check (claimed_by in ('press', 'worker'));

-- What deleting a report or a month-old alert looks up.
create index webhook_deliveries_report on private.webhook_deliveries (report_id)
  where report_id is not null;
create index webhook_deliveries_alert on private.webhook_deliveries (alert_feature, alert_day)
  where alert_feature is not null;

-- The outbox stays bounded: a delivery delivered or failed more than 30 days ago is deleted (a
-- failed lead's has been named by check:live all that time; the lead, report or alert itself
-- stays). The worker's `due` does it, at most 500 a run: the schedule runs it every 30 s, far
-- more than the outbox takes in a day, so no other scheduler is needed. Delivered and failed are
-- never both set ('done' and a claim clear failed_at).
create index webhook_deliveries_settled
  on private.webhook_deliveries ((coalesce(delivered_at, failed_at)))
  where delivered_at is not null or failed_at is not null;

comment on table private.webhook_deliveries is
  'Each post to the owner''s webhook (a lead, a call report, a budget alert); id is the webhook-id.';

-- Every stored report, whichever path stored it. A Vapi id is a UUID; one that cannot be a
-- webhook-id (anyone holding the Vapi secret can send any) is stored and never posted.
create function private.enqueue_report_delivery() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if ('call_report:' || new.vapi_call_id) ~ '^[A-Za-z0-9_:-]{1,255}$' then
    insert into private.webhook_deliveries (id, report_id)
    values ('call_report:' || new.vapi_call_id, new.vapi_call_id);
  end if;
  return null;
end
$$;

-- A budget's alert row is inserted by the day's first refusal only (budget_spent's upsert
-- updates it after), so each budget and UTC day has one delivery.
create function private.enqueue_alert_delivery() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.webhook_deliveries (id, alert_feature, alert_day)
  values ('budget_spent:' || new.feature || ':' || to_char(new.day, 'YYYY-MM-DD'),
          new.feature, new.day);
  return null;
end
$$;

create trigger demo_calls_enqueue_delivery
  after insert on public.demo_calls
  for each row execute function private.enqueue_report_delivery();

create trigger budget_alerts_enqueue_delivery
  after insert on private.budget_alerts
  for each row execute function private.enqueue_alert_delivery();

-- What an attempt posts: the delivery's id, its claim and exactly one of `lead` (the row),
-- `report` (the demo_calls row, with a callback's speed to lead as call_report_read gives it)
-- or `alert` (as budget_spent answers it). The functions build the payload from it.
drop function private.claimed_delivery(text, timestamptz, integer, uuid);
create function private.claimed_delivery(delivery private.webhook_deliveries)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('state', 'claimed', 'id', delivery.id,
           'claim', delivery.claimed_until, 'attempt', delivery.attempts)
    || coalesce(
         (select jsonb_build_object('lead', to_jsonb(lead))
            from public.contact_submissions lead
           where lead.id = delivery.lead_id),
         (select jsonb_build_object('report', to_jsonb(report) || jsonb_build_object(
                   'ringing_after_seconds', (select round(ringing.ringing_after_ms / 1000.0, 1)
                     from public.callback_requests ringing where ringing.id = report.callback_id)))
            from public.demo_calls report
           where report.vapi_call_id = delivery.report_id),
         (select jsonb_build_object('alert', jsonb_build_object(
                   'feature', alert.feature, 'budget', alert.budget,
                   'resets_at', to_char(alert.resets_at at time zone 'utc',
                                        'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
            from private.budget_alerts alert
           where alert.feature = delivery.alert_feature and alert.day = delivery.alert_day))
$$;

revoke all on function private.enqueue_report_delivery(), private.enqueue_alert_delivery(),
  private.claimed_delivery(private.webhook_deliveries) from public, anon, authenticated;

-- Request {id, action: claim | done | release, lease_seconds, claim, error}, or {action: due,
-- limit, lease_seconds}, for a delivery of any kind. A claim is one conditional UPDATE, so of two
-- requests at once exactly one claims a delivery; `due` takes what is due with FOR UPDATE SKIP
-- LOCKED, so two workers never take the same one. A claim lapses after lease_seconds, when the
-- delivery falls due.
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
      -- The press of the function that stored it: at once, whatever the schedule says, and
      -- again after the last; the worker's turn comes no sooner than the lease's end.
      update private.webhook_deliveries
         set claimed_until = now() + lease, claimed_by = 'press',
             next_attempt_at = greatest(next_attempt_at, now() + lease),
             presses = presses + 1, failed_at = null
       where id = delivery_id
         and delivered_at is null
         and presses < 5
         and (claimed_until is null or claimed_until < now())
      returning * into claimed;
      if found then
        return private.claimed_delivery(claimed);
      end if;
      select * into existing from private.webhook_deliveries where id = delivery_id;
      if not found then
        return jsonb_build_object('state', 'missing');
      end if;
      return jsonb_build_object('state',
        case when existing.delivered_at is not null then 'delivered' else 'busy' end);
    when 'due' then
      -- The month-old settled deliveries first, a bounded batch; rows another run holds are
      -- left to the next.
      delete from private.webhook_deliveries
       where id in (
         select id from private.webhook_deliveries
          where (delivered_at is not null or failed_at is not null)
            and coalesce(delivered_at, failed_at) < now() - interval '30 days'
          limit 500
            for update skip locked);
      with due as (
        select id from private.webhook_deliveries
         where delivered_at is null and failed_at is null and next_attempt_at <= now()
           and (claimed_until is null or claimed_until < now())
         order by next_attempt_at
         limit least(greatest(coalesce((request ->> 'limit')::integer, 20), 1), 100)
           for update skip locked
      ), taken as (
        update private.webhook_deliveries d
           set claimed_until = now() + lease, claimed_by = 'worker',
               next_attempt_at = now() + lease, attempts = least(d.attempts + 1, 100)
          from due where d.id = due.id
        returning d as delivery
      )
      select coalesce(jsonb_agg(private.claimed_delivery(taken.delivery)
                                order by (taken.delivery).created_at), '[]'::jsonb)
        into taken_deliveries
        from taken;
      return jsonb_build_object('state', 'due', 'deliveries', taken_deliveries);
    when 'done' then
      update private.webhook_deliveries
         set delivered_at = coalesce(delivered_at, now()), claimed_until = null,
             claimed_by = null, failed_at = null, last_error = null
       where id = delivery_id;
      return jsonb_build_object('state', 'delivered');
    when 'release' then
      -- Only the claim it was given: a request whose claim lapsed and was taken by another
      -- cannot let go of that one. After a worker's attempt the next waits its turn of the
      -- schedule; a press's leaves the schedule as it was. Failed once the schedule's attempts
      -- are spent.
      update private.webhook_deliveries
         set claimed_until = null, claimed_by = null,
             next_attempt_at = case when claimed_by = 'press' then next_attempt_at
               else now() + coalesce(private.webhook_retry_after(attempts), '0') end,
             failed_at = case when attempts > 0 and private.webhook_retry_after(attempts) is null
               then now() end,
             last_error = left(request ->> 'error', 200)
       where id = delivery_id and delivered_at is null
         and claimed_until = (request ->> 'claim')::timestamptz;
      return jsonb_build_object('state', 'released');
    else
      raise exception 'lead_delivery: unknown action %', request ->> 'action';
  end case;
end
$$;
