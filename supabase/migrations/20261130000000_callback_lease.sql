-- A claim left pending past its lease (the function stopped mid-call: killed, redeployed) is
-- treated as a call that may have been placed: never placed again, and the function that meets
-- it posts the owner's webhook. The lease is the function's (limits.lease_seconds, default 60 s:
-- longer than its slowest path through the bot check, the database and Vapi).
-- And each request records which header gave the client's address (address_source): none means
-- every caller shares one bucket, which a deploy should never show (docs/deploy.md).
-- The rest of callback_claim is as 20261125000000_callbacks.sql wrote it.
alter table public.callback_requests
  add column address_source text
    check (address_source in ('cf-connecting-ip', 'x-forwarded-for', 'none'));

-- The owner's do-not-call list: numbers (E.164) Call my phone never rings, whoever asks. The
-- owner adds a row in the dashboard (Table Editor -> callback_do_not_call); a request for one is
-- answered as any limit is, so the list tells nobody who is on it.
create table public.callback_do_not_call (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  added_at timestamptz not null default now(),
  note text check (char_length(note) <= 200)
);
alter table public.callback_do_not_call enable row level security;
revoke all on table public.callback_do_not_call from public, anon, authenticated;

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
    address_source, consent_text, consent_at, estimate, variables, page, utm, visit_id)
  values (request_id, number, request ->> 'country', left(request ->> 'client_address', 100),
    bucket, request ->> 'address_source', request ->> 'consent_text', (request ->> 'consent_at')::timestamptz,
    (request ->> 'estimate')::integer, nullif(request -> 'variables', 'null'::jsonb),
    request ->> 'page', nullif(request -> 'utm', 'null'::jsonb), (request ->> 'visit_id')::uuid);
  return jsonb_build_object('outcome', 'call');
end
$$;
