-- Demo calls the owner can trust: short-lived voice tokens minted within limits (the voice-token
-- Edge Function), every call's end-of-call report stored once (the vapi-events Edge Function,
-- the assistant's Server URL), and the visit id that joins a lead to the calls before it.
-- Only the functions write here, with the service-role key; the public keys reach none of it
-- except the lead's new visit_id column, which they may insert.

-- The visit a lead came from (a UUID the page keeps for the tab's session).
alter table public.contact_submissions add column visit_id uuid;
comment on column public.contact_submissions.visit_id is 'The visit: joins the lead to demo_calls.';
grant insert (visit_id) on table public.contact_submissions to anon, authenticated;

-- Each voice token minted: when, and the client bucket it counts in (no token is stored).
create table public.voice_tokens (
  seq bigint generated always as identity primary key,
  client_bucket text not null check (char_length(client_bucket) <= 100),
  created_at timestamptz not null default now()
);
create index voice_tokens_bucket_created on public.voice_tokens (client_bucket, created_at);
create index voice_tokens_created on public.voice_tokens (created_at);
alter table public.voice_tokens enable row level security;
revoke all on table public.voice_tokens from public, anon, authenticated;

-- May a token be minted for `request` {client_address, limits: {per_address, per_address_window
-- (seconds), per_day}}? {outcome: 'ok'} (and it is counted) or {outcome: 'limited', limit,
-- retry_after}. One transaction lock: exact under concurrency.
create function public.voice_token_claim(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  bucket text := private.client_bucket(request ->> 'client_address');
  limits jsonb := coalesce(request -> 'limits', '{}'::jsonb);
  window_seconds integer := coalesce((limits ->> 'per_address_window')::integer, 600);
  used integer;
  oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtext('public.voice_token_claim'));
  select count(*), min(created_at) into used, oldest from public.voice_tokens
   where client_bucket = bucket and created_at > now() - make_interval(secs => window_seconds);
  if used >= coalesce((limits ->> 'per_address')::integer, 10) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'address', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + make_interval(secs => window_seconds) - now())))::integer);
  end if;
  select count(*), min(created_at) into used, oldest from public.voice_tokens
   where created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_day')::integer, 500) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'day', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;
  insert into public.voice_tokens (client_bucket) values (bucket);
  -- Rows older than a day count for nothing: kept off the table's size.
  delete from public.voice_tokens where created_at < now() - interval '2 days';
  return jsonb_build_object('outcome', 'ok');
end
$$;

-- Vapi's end-of-call report of each demo call (web or callback), once per Vapi call id.
create table public.demo_calls (
  vapi_call_id text primary key check (char_length(vapi_call_id) between 1 and 100),
  kind text not null check (kind in ('webCall', 'outboundPhoneCall', 'inboundPhoneCall', 'other')),
  started_at timestamptz,
  ended_at timestamptz,
  ended_reason text check (char_length(ended_reason) <= 200),
  duration_seconds numeric check (duration_seconds between 0 and 86400),
  cost numeric check (cost between 0 and 100000),
  summary text check (char_length(summary) <= 4000),
  structured_data jsonb check (structured_data is null or octet_length(structured_data::text) <= 8192),
  transcript text check (char_length(transcript) <= 20000),
  recording_url text check (char_length(recording_url) <= 1000),
  visit_id uuid,
  callback_id uuid,
  received_at timestamptz not null default now()
);
create index demo_calls_visit on public.demo_calls (visit_id);
create index demo_calls_callback on public.demo_calls (callback_id);
alter table public.demo_calls enable row level security;
revoke all on table public.demo_calls from public, anon, authenticated;

-- Stores one report (the fields above, bounded by the function); {stored: true} the first time
-- a call id arrives, {stored: false} for Vapi's retries of it.
create function public.demo_call_store(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted integer;
begin
  insert into public.demo_calls (vapi_call_id, kind, started_at, ended_at, ended_reason,
    duration_seconds, cost, summary, structured_data, transcript, recording_url, visit_id,
    callback_id)
  values (request ->> 'vapi_call_id', request ->> 'kind', (request ->> 'started_at')::timestamptz,
    (request ->> 'ended_at')::timestamptz, request ->> 'ended_reason',
    (request ->> 'duration_seconds')::numeric, (request ->> 'cost')::numeric,
    request ->> 'summary', nullif(request -> 'structured_data', 'null'::jsonb),
    request ->> 'transcript', request ->> 'recording_url', (request ->> 'visit_id')::uuid,
    (request ->> 'callback_id')::uuid)
  on conflict (vapi_call_id) do nothing;
  get diagnostics inserted = row_count;
  return jsonb_build_object('stored', inserted > 0);
end
$$;

revoke all on function public.voice_token_claim(jsonb) from public, anon, authenticated;
revoke all on function public.demo_call_store(jsonb) from public, anon, authenticated;
grant execute on function public.voice_token_claim(jsonb) to service_role;
grant execute on function public.demo_call_store(jsonb) to service_role;
