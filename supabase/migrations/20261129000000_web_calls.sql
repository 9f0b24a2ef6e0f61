-- Demo calls started by the server (the start-web-call Edge Function): no key in the page can
-- start one. Each press is claimed here within limits kept in the database, counted under one
-- transaction lock so they hold across instances and under concurrency:
--   per client address (IPv6 per /64) per window, calls per day, minutes per day (each call at
--   its maximum length until its end-of-call report says how long it ran), and calls at once.
-- Only the function reaches this, with the service-role key; the public keys reach none of it.

create table public.web_calls (
  -- The page's id for one press, reused by a retry of it: one id, at most one call.
  id uuid primary key,
  client_bucket text not null check (char_length(client_bucket) <= 100),
  -- Which header gave the client's address: none means every caller shares one bucket, which
  -- a deploy should never show (docs/deploy.md, the live check).
  address_source text check (address_source in ('cf-connecting-ip', 'x-forwarded-for', 'none')),
  visit_id uuid,
  -- The call's maxDurationSeconds: what it may cost at most.
  max_seconds integer not null check (max_seconds between 10 and 3600),
  -- pending: claimed, Vapi not answered yet; started: Vapi created it; failed: Vapi refused it
  -- (no call); unknown: Vapi did not answer or failed (a call may have started).
  status text not null default 'pending'
    check (status in ('pending', 'started', 'failed', 'unknown')),
  vapi_call_id text check (char_length(vapi_call_id) <= 100),
  -- What the page needs to join the call (id, webCallUrl, transport, ...), for a retry.
  web_call jsonb check (web_call is null or octet_length(web_call::text) <= 4096),
  error text check (char_length(error) <= 500),
  created_at timestamptz not null default now(),
  -- From the call's end-of-call report (demo_calls), when it arrives.
  ended_at timestamptz,
  ran_seconds numeric check (ran_seconds between 0 and 86400)
);
create index web_calls_bucket_created on public.web_calls (client_bucket, created_at);
create index web_calls_created on public.web_calls (created_at);
create index web_calls_vapi_call on public.web_calls (vapi_call_id);
alter table public.web_calls enable row level security;
revoke all on table public.web_calls from public, anon, authenticated;

-- Claims a call for `request` {id, client_address, address_source, visit_id, max_seconds, limits: {per_address,
-- per_address_window (seconds), per_day, minutes_per_day, concurrent}}. Answers {outcome}:
--   call      claimed: place the call, then web_call_record
--   existing  this id was claimed before: {status, web_call} (never a second call)
--   conflict  this id was claimed by another client
--   limited   {limit: address | day | minutes | concurrent, retry_after (seconds)}
create function public.web_call_claim(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  claim_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  limits jsonb := coalesce(request -> 'limits', '{}'::jsonb);
  window_seconds integer := coalesce((limits ->> 'per_address_window')::integer, 3600);
  max_seconds integer := (request ->> 'max_seconds')::integer;
  found public.web_calls;
  used numeric;
  oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtext('public.web_call_claim'));
  select * into found from public.web_calls where id = claim_id;
  if found.id is not null then
    if found.client_bucket <> bucket then
      return jsonb_build_object('outcome', 'conflict');
    end if;
    return jsonb_build_object('outcome', 'existing', 'status', found.status,
      'web_call', found.web_call);
  end if;

  -- Every attempt counts for its address, even one Vapi refused: no address can hammer.
  select count(*), min(created_at) into used, oldest from public.web_calls
   where client_bucket = bucket and created_at > now() - make_interval(secs => window_seconds);
  if used >= coalesce((limits ->> 'per_address')::integer, 3) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'address', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + make_interval(secs => window_seconds) - now())))::integer);
  end if;

  -- The rest counts calls that may have run (not those Vapi refused).
  select count(*), min(created_at) into used, oldest from public.web_calls
   where status <> 'failed' and created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_day')::integer, 100) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'day', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;

  select coalesce(sum(coalesce(ran_seconds, web_calls.max_seconds)), 0) into used
    from public.web_calls
   where status <> 'failed' and created_at > now() - interval '24 hours';
  if used + max_seconds > coalesce((limits ->> 'minutes_per_day')::integer, 200) * 60 then
    return jsonb_build_object('outcome', 'limited', 'limit', 'minutes', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;

  -- In progress: not ended by its report, and not past its maximum length (and a minute to join).
  select count(*), min(created_at + make_interval(secs => web_calls.max_seconds + 60))
    into used, oldest
    from public.web_calls
   where status in ('pending', 'started', 'unknown') and ended_at is null
     and created_at > now() - make_interval(secs => web_calls.max_seconds + 60);
  if used >= coalesce((limits ->> 'concurrent')::integer, 3) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'concurrent', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest - now())))::integer);
  end if;

  insert into public.web_calls (id, client_bucket, address_source, visit_id, max_seconds)
  values (claim_id, bucket, request ->> 'address_source', (request ->> 'visit_id')::uuid,
    max_seconds);
  -- Rows older than a day count for nothing: kept off the table's size.
  delete from public.web_calls where created_at < now() - interval '2 days';
  return jsonb_build_object('outcome', 'call');
end
$$;

-- Records what Vapi answered for a claimed call: {id, status, vapi_call_id, web_call, error}.
create function public.web_call_record(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.web_calls
     set status = request ->> 'status',
         vapi_call_id = request ->> 'vapi_call_id',
         web_call = nullif(request -> 'web_call', 'null'::jsonb),
         error = left(request ->> 'error', 500)
   where id = (request ->> 'id')::uuid and status = 'pending';
  return jsonb_build_object('id', request ->> 'id');
end
$$;

-- A web call's end-of-call report ends its claim: it no longer counts as in progress, and it
-- counts in the day's minutes for as long as it ran.
create function private.web_call_ended() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.web_calls
     set ended_at = coalesce(new.ended_at, now()),
         ran_seconds = coalesce(new.duration_seconds, max_seconds)
   where vapi_call_id = new.vapi_call_id;
  return new;
end
$$;
create trigger demo_calls_end_web_call after insert on public.demo_calls
  for each row execute function private.web_call_ended();

revoke all on function public.web_call_claim(jsonb) from public, anon, authenticated;
revoke all on function public.web_call_record(jsonb) from public, anon, authenticated;
revoke all on function private.web_call_ended() from public, anon, authenticated;
grant execute on function public.web_call_claim(jsonb) to service_role;
grant execute on function public.web_call_record(jsonb) to service_role;

-- Token mode is retired: server-started calls do what it tried to do, with a real bound (a token
-- started any number of calls with any overrides). Its counter and claim go.
drop function public.voice_token_claim(jsonb);
drop table public.voice_tokens;
