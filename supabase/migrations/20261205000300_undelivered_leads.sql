-- The leads stored but not delivered, for `npm run check:live` (with the service-role key): how
-- many, and up to `limit` (at most 50) of them by id, those that need the owner first. Failed:
-- the last attempt of the schedule was refused too. Overdue: due for longer than the grace, so
-- no deliver-webhooks run took it (the schedule runs it every 30 s; a claim's lease is 30 s).
-- The outbox's other rows (lead_id null) are not leads.
create function public.lead_deliveries_pending(request jsonb) returns jsonb
language sql stable security definer set search_path = '' as $$
  with pending as (
    select d.id, d.created_at, d.attempts, d.next_attempt_at, d.last_error,
           d.failed_at is not null as failed,
           d.failed_at is null and d.next_attempt_at < now() - interval '2 minutes' as overdue
      from private.webhook_deliveries d
     where d.lead_id is not null and d.delivered_at is null
  ), listed as (
    select * from pending
     order by failed desc, overdue desc, created_at, id
     limit least(greatest(coalesce((request ->> 'limit')::integer, 50), 0), 50)
  )
  select jsonb_build_object(
    'count', (select count(*) from pending),
    'failed', (select count(*) from pending where failed),
    'overdue', (select count(*) from pending where overdue),
    'grace_seconds', 120,
    'leads', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', id, 'created_at', created_at, 'attempts', attempts, 'failed', failed,
               'overdue', overdue, 'next_attempt_at', next_attempt_at, 'last_error', last_error)
             order by failed desc, overdue desc, created_at, id)
        from listed), '[]'::jsonb))
$$;

revoke all on function public.lead_deliveries_pending(jsonb) from public, anon, authenticated;
grant execute on function public.lead_deliveries_pending(jsonb) to service_role;
