-- "Call my phone": the agent calls the visitor. The request-callback Edge Function (holding the
-- Vapi private key) is the only writer, through the functions below, called with the
-- service-role key (they run as their owner, security definer, and only service_role may call
-- them). The public keys can neither read nor write any of it.
--
-- One request id gives at most one call: a claim takes the id under a transaction lock, and only
-- the request that claimed it may place the call. The limits (per number per day, per client
-- address per hour, per day in all) are counted here, so they hold across function instances
-- and concurrent requests; the function passes its configured numbers in.

create table public.callback_requests (
  id uuid primary key,
  -- E.164, as libphonenumber-js wrote it in the function.
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  country text not null check (country ~ '^[A-Z]{2}$'),
  -- The client address as the function saw it, and the bucket its limit counts in (an IPv6
  -- client counts per /64; a missing or unparsable address shares one bucket).
  client_address text check (char_length(client_address) <= 100),
  client_bucket text not null check (char_length(client_bucket) <= 100),
  -- The consent the visitor ticked: the words shown, and when.
  consent_text text not null check (char_length(consent_text) between 1 and 1000),
  consent_at timestamptz not null,
  estimate integer check (estimate between 0 and 1000000000),
  -- What the agent is told (the calculator's inputs and estimate), small by construction.
  variables jsonb check (variables is null or (jsonb_typeof(variables) = 'object'
                                               and octet_length(variables::text) <= 1000)),
  page text check (char_length(page) <= 300),
  utm jsonb check (utm is null or (jsonb_typeof(utm) = 'object' and octet_length(utm::text) <= 1000)),
  visit_id uuid,
  -- pending: claimed, the call not placed yet (or being placed); calling: Vapi accepted it;
  -- failed: Vapi refused it (no call was placed, a retry of the same id may try again);
  -- unknown: Vapi did not answer in time (it may have placed the call: never placed again).
  status text not null default 'pending'
    check (status in ('pending', 'calling', 'failed', 'unknown')),
  vapi_call_id text check (char_length(vapi_call_id) <= 100),
  error text check (char_length(error) <= 500),
  attempts integer not null default 1 check (attempts between 1 and 100),
  -- The automation webhook, posted by the function (type "callback").
  webhook_status text not null default 'pending'
    check (webhook_status in ('pending', 'delivered', 'failed')),
  webhook_attempts integer not null default 0 check (webhook_attempts between 0 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index callback_requests_phone_created on public.callback_requests (phone, created_at);
create index callback_requests_bucket_created on public.callback_requests (client_bucket, created_at);
create index callback_requests_created on public.callback_requests (created_at);

alter table public.callback_requests enable row level security;
revoke all on table public.callback_requests from public, anon, authenticated;
grant select, insert, update on table public.callback_requests to service_role;

-- The bucket a client address counts in: an IPv4 address itself, an IPv6 address its /64, any
-- spelling of one address the same; null or unparsable: the shared bucket 'unknown'.
create function private.client_bucket(address text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  parsed inet;
begin
  if address is null or btrim(address) = '' then
    return 'unknown';
  end if;
  parsed := btrim(address)::inet;
  if family(parsed) = 6 then
    return host(network(set_masklen(parsed, 64))) || '/64';
  end if;
  return host(parsed);
exception when others then
  return 'unknown';
end
$$;

-- Claims request `id` for one call, or says why not. `request`: {id, phone, country,
-- client_address, consent_text, consent_at, estimate, variables, page, utm, visit_id,
-- limits: {per_number_per_day, per_address_per_hour, per_day}}. Answers {outcome}:
--   call      this request may place the call (the row is 'pending')
--   existing  the id was claimed before: {status, vapi_call_id}; nothing to do
--   conflict  the id was claimed for another number
--   limited   {limit: 'number' | 'address' | 'day', retry_after (seconds)}
create function public.callback_claim(request jsonb) returns jsonb
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
    consent_text, consent_at, estimate, variables, page, utm, visit_id)
  values (request_id, number, request ->> 'country', left(request ->> 'client_address', 100),
    bucket, request ->> 'consent_text', (request ->> 'consent_at')::timestamptz,
    (request ->> 'estimate')::integer, nullif(request -> 'variables', 'null'::jsonb),
    request ->> 'page', nullif(request -> 'utm', 'null'::jsonb), (request ->> 'visit_id')::uuid);
  return jsonb_build_object('outcome', 'call');
end
$$;

-- What came of the call: {id, status ('calling' | 'failed' | 'unknown'), vapi_call_id, error}.
-- Only a pending claim changes, so a late answer cannot undo a newer one.
create function public.callback_record(request jsonb) returns jsonb
language sql
security definer
set search_path = ''
as $$
  update public.callback_requests
     set status = request ->> 'status',
         vapi_call_id = coalesce(left(request ->> 'vapi_call_id', 100), vapi_call_id),
         error = left(request ->> 'error', 500),
         updated_at = now()
   where id = (request ->> 'id')::uuid and status = 'pending'
  returning jsonb_build_object('id', id, 'status', status)
$$;

-- The webhook delivery of a callback: {id, delivered (boolean)}.
create function public.callback_webhook(request jsonb) returns jsonb
language sql
security definer
set search_path = ''
as $$
  update public.callback_requests
     set webhook_status = case when (request ->> 'delivered')::boolean then 'delivered' else 'failed' end,
         webhook_attempts = least(webhook_attempts + 1, 100),
         updated_at = now()
   where id = (request ->> 'id')::uuid
  returning jsonb_build_object('id', id, 'webhook_status', webhook_status)
$$;

revoke all on function private.client_bucket(text) from public;
revoke all on function public.callback_claim(jsonb) from public, anon, authenticated;
revoke all on function public.callback_record(jsonb) from public, anon, authenticated;
revoke all on function public.callback_webhook(jsonb) from public, anon, authenticated;
grant execute on function public.callback_claim(jsonb) to service_role;
grant execute on function public.callback_record(jsonb) to service_role;
grant execute on function public.callback_webhook(jsonb) to service_role;
