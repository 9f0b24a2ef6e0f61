-- Reports bounded: vapi-events stores a report only for a call or chat the site started (its
-- Vapi id is in the site's own tables: web_calls.vapi_call_id from start-web-call,
-- callback_requests.vapi_call_id from request-callback, web_chats.vapi_session_id from the chat
-- function). Any other report (a call started with the public key, by the page or by anyone
-- holding it) is counted per day and kind, not stored, unless the day's allowance for such
-- reports (the public-key profile's VAPI_REPORTS_UNKNOWN_DAILY reports and
-- VAPI_REPORTS_UNKNOWN_DAILY_BYTES bytes, passed in by the function; none by default) has room.
-- Counted under one transaction lock, so the allowance is exact under concurrency.
-- Only the function reaches this, with the service-role key; the public keys reach none of it.

-- Reports of calls and chats the site did not start, per day (UTC) and kind: how many were
-- stored within the allowance (and their bytes), and how many were refused. One row a day and
-- kind, whatever the number of reports: the owner reads it in the SQL editor
-- (select * from private.unknown_reports order by day desc).
create table private.unknown_reports (
  day date not null,
  kind text not null
    check (kind in ('webCall', 'outboundPhoneCall', 'inboundPhoneCall', 'webChat', 'other')),
  stored integer not null default 0 check (stored >= 0),
  stored_bytes bigint not null default 0 check (stored_bytes >= 0),
  refused integer not null default 0 check (refused >= 0),
  primary key (day, kind)
);
alter table private.unknown_reports enable row level security;
revoke all on table private.unknown_reports from public, anon, authenticated;

-- The ids a report is looked up by (web_calls.vapi_call_id has its index already).
create index callback_requests_vapi_call on public.callback_requests (vapi_call_id);
create index web_chats_vapi_session on public.web_chats (vapi_session_id);

-- Stores one report: the fields of demo_calls (bounded by the function) and `limits`
-- {unknown_daily, unknown_daily_bytes}. Answers
--   {stored: true}                       the first time a call id arrives
--   {stored: false}                      Vapi's retries of a stored one
--   {stored: false, refused: true, refused_today}  a call the site did not start, past the
--                                        day's allowance: counted in private.unknown_reports
-- A report's bytes are its fields' JSON text as the function sent them (without `limits`).
create or replace function public.demo_call_store(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  call_id text := request ->> 'vapi_call_id';
  report_kind text := request ->> 'kind';
  limits jsonb := coalesce(request -> 'limits', '{}'::jsonb);
  report_bytes bigint := octet_length((request - 'limits' - 'web_call_id')::text);
  today date := (now() at time zone 'utc')::date;
  known boolean;
  inserted integer;
  used integer;
  used_bytes bigint;
  refused_count integer;
begin
  known := exists (select 1 from public.web_calls where vapi_call_id = call_id)
    or exists (select 1 from public.callback_requests where vapi_call_id = call_id)
    or exists (select 1 from public.web_chats where vapi_session_id = call_id);
  if not known and request ->> 'callback_id' is not null then
    -- A callback Vapi never answered for (status unknown: it may have called) has no call id on
    -- record; the call carries the callback's id, and its first report takes that place: one
    -- report a callback, as for the rest.
    update public.callback_requests set vapi_call_id = call_id
     where id = (request ->> 'callback_id')::uuid and status = 'unknown' and vapi_call_id is null;
    known := found;
  end if;
  if not known and request ->> 'web_call_id' is not null then
    -- The same for a web call whose start was never recorded (Vapi's answer did not come, or
    -- its record after the answer failed): the call carries the claim's id.
    update public.web_calls set vapi_call_id = call_id
     where id = (request ->> 'web_call_id')::uuid and status in ('pending', 'unknown')
       and vapi_call_id is null;
    known := found;
  end if;

  if not known then
    perform pg_advisory_xact_lock(hashtext('public.demo_call_store'));
    -- A retry of one stored within the allowance: acknowledged, counted no second time.
    if exists (select 1 from public.demo_calls where vapi_call_id = call_id) then
      return jsonb_build_object('stored', false);
    end if;
    select coalesce(sum(stored), 0), coalesce(sum(stored_bytes), 0) into used, used_bytes
      from private.unknown_reports where day = today;
    if used >= coalesce((limits ->> 'unknown_daily')::integer, 0)
       or used_bytes + report_bytes > coalesce((limits ->> 'unknown_daily_bytes')::bigint, 5000000)
    then
      insert into private.unknown_reports as counted (day, kind, refused)
      values (today, report_kind, 1)
      on conflict (day, kind) do update set refused = counted.refused + 1
      returning refused into refused_count;
      return jsonb_build_object('stored', false, 'refused', true, 'refused_today', refused_count);
    end if;
  end if;

  insert into public.demo_calls (vapi_call_id, kind, started_at, ended_at, ended_reason,
    duration_seconds, cost, summary, structured_data, transcript, recording_url, visit_id,
    callback_id, trade)
  values (call_id, report_kind, (request ->> 'started_at')::timestamptz,
    (request ->> 'ended_at')::timestamptz, request ->> 'ended_reason',
    (request ->> 'duration_seconds')::numeric, (request ->> 'cost')::numeric,
    request ->> 'summary', nullif(request -> 'structured_data', 'null'::jsonb),
    request ->> 'transcript', request ->> 'recording_url', (request ->> 'visit_id')::uuid,
    (request ->> 'callback_id')::uuid, request ->> 'trade')
  on conflict (vapi_call_id) do nothing;
  get diagnostics inserted = row_count;

  if not known and inserted > 0 then
    insert into private.unknown_reports as counted (day, kind, stored, stored_bytes)
    values (today, report_kind, 1, report_bytes)
    on conflict (day, kind) do update
      set stored = counted.stored + 1, stored_bytes = counted.stored_bytes + report_bytes;
  end if;
  return jsonb_build_object('stored', inserted > 0);
end
$$;

revoke all on function public.demo_call_store(jsonb) from public, anon, authenticated;
grant execute on function public.demo_call_store(jsonb) to service_role;
