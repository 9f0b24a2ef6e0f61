-- The outbox stays bounded: a delivery delivered or failed more than 30 days ago is deleted (a
-- failed lead's has been named by check:live all that time; the lead, report or alert itself
-- stays). The worker's `due` does it, at most 500 a run: the schedule runs it every 30 s, far
-- more than the outbox takes in a day, so no other scheduler is needed.

-- A press (the function that stored it, posting at once) is not an attempt of the schedule: it
-- never puts the worker's next attempt off, so a visitor who presses Send again while the
-- automation is down delays nothing. A delivery takes at most 5 presses (each of at most 2 tries);
-- after them a press answers busy and the schedule posts it: at most 10 press posts and 9 worker
-- posts a delivery, whoever presses.
alter table private.webhook_deliveries
  add column presses integer not null default 0 check (presses between 0 and 5),
  add column claimed_by text check (claimed_by in ('press', 'worker'));

-- Delivered and failed are never both set ('done' and a claim clear failed_at).
create index webhook_deliveries_settled
  on private.webhook_deliveries ((coalesce(delivered_at, failed_at)))
  where delivered_at is not null or failed_at is not null;

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
