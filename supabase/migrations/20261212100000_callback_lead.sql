-- Speed to lead you can see (issue 45), the lead path: a callback that follows a lead (the
-- contact form's "Have the agent call me now") reads that lead, and every claim stores its timing.
--
-- * contact_submissions.stored_at: when the database stored the lead, by its own clock. The row's
--   created_at is the page's (lead_submit and the anon insert take it from the request; the lead
--   guard keeps it only within 10 minutes of the server's clock), so it cannot say how old a lead
--   is to the second; stored_at is granted to no one, so neither lead_submit (which writes the
--   anon role's INSERT columns) nor the public key can set it: it is always the default. Rows
--   stored before this migration keep null, and no call follows them.
-- * public.callback_lead: the lead a callback follows, if it was stored within the window the
--   function gives (LEAD_CALL_WINDOW_SECONDS): its name, company, message and phone; else
--   {found: false}, the same for a lead never stored and one too old.
-- * public.callback_claim as 20261130000000_callback_lease.sql wrote it, and it also stores the
--   request's requested_at, pressed_ms and lead_id (20261211000000_callback_timing.sql's
--   columns). A retry of an id is answered from the stored row, so its first values stay.
-- Only the functions reach these, with the service-role key.

alter table public.contact_submissions add column stored_at timestamptz;
-- The default after the column: the rows already stored keep null (a default given with the
-- column would stamp them all with this migration's time, as if just stored).
alter table public.contact_submissions alter column stored_at set default now();

create function public.callback_lead(request jsonb) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  lead public.contact_submissions;
begin
  select * into lead from public.contact_submissions
   where id = (request ->> 'id')::uuid
     and stored_at > now() - make_interval(secs => coalesce((request ->> 'window_seconds')::integer, 600));
  if not found then
    return jsonb_build_object('found', false);
  end if;
  return jsonb_build_object('found', true, 'name', lead.name, 'company', lead.company,
                            'message', lead.message, 'phone', lead.phone);
end
$$;

revoke all on function public.callback_lead(jsonb) from public, anon, authenticated;
grant execute on function public.callback_lead(jsonb) to service_role;

create or replace function public.callback_claim(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_id uuid := (request ->> 'id')::uuid;
  number text := request ->> 'phone';
  bucket text := private.client_bucket(request ->> 'client_address');
  limits jsonb := coalesce(request -> 'limits', '{}'::jsonb);
  existing public.callback_requests;
  oldest timestamptz;
  used integer;
begin
  -- One claim at a time: counts and the id check see every earlier claim, committed.
  perform pg_advisory_xact_lock(hashtext('public.callback_claim'));

  select * into existing from public.callback_requests where id = request_id for update;
  if found then
    if existing.phone <> number then
      return jsonb_build_object('outcome', 'conflict');
    end if;
    if existing.status = 'pending'
       and existing.updated_at < now() - make_interval(secs => coalesce((limits ->> 'lease_seconds')::integer, 60)) then
      -- Claimed, then never recorded within the lease: the function stopped mid-call (a crash,
      -- a deploy). Vapi may have placed the call: it counts as placed, never placed again.
      update public.callback_requests
         set status = 'unknown', error = 'the request lapsed: the function stopped before recording the call',
             updated_at = now()
       where id = request_id;
      return jsonb_build_object('outcome', 'existing', 'status', 'unknown', 'lapsed', true,
                                'vapi_call_id', existing.vapi_call_id);
    end if;
    if existing.status = 'failed' then
      -- Vapi refused the last try, so no call was placed: this retry may try again.
      update public.callback_requests
         set status = 'pending', attempts = attempts + 1, error = null, updated_at = now()
       where id = request_id;
      return jsonb_build_object('outcome', 'call');
    end if;
    return jsonb_build_object('outcome', 'existing', 'status', existing.status,
                              'vapi_call_id', existing.vapi_call_id);
  end if;

  if exists (select 1 from public.callback_do_not_call where phone = number) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'number', 'retry_after', 86400);
  end if;

  select count(*), min(created_at) into used, oldest from public.callback_requests
   where phone = number and created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_number_per_day')::integer, 1) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'number', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;

  select count(*), min(created_at) into used, oldest from public.callback_requests
   where client_bucket = bucket and created_at > now() - interval '1 hour';
  if used >= coalesce((limits ->> 'per_address_per_hour')::integer, 3) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'address', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer);
  end if;

  select count(*), min(created_at) into used, oldest from public.callback_requests
   where created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_day')::integer, 50) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'day', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;

  insert into public.callback_requests (id, phone, country, client_address, client_bucket,
    address_source, consent_text, consent_at, estimate, variables, page, utm, visit_id,
    requested_at, pressed_ms, lead_id)
  values (request_id, number, request ->> 'country', left(request ->> 'client_address', 100),
    bucket, request ->> 'address_source', request ->> 'consent_text', (request ->> 'consent_at')::timestamptz,
    (request ->> 'estimate')::integer, nullif(request -> 'variables', 'null'::jsonb),
    request ->> 'page', nullif(request -> 'utm', 'null'::jsonb), (request ->> 'visit_id')::uuid,
    (request ->> 'requested_at')::timestamptz, (request ->> 'pressed_ms')::integer,
    (request ->> 'lead_id')::uuid);
  return jsonb_build_object('outcome', 'call');
end
$$;
