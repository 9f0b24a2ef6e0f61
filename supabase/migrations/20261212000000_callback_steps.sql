-- Speed to lead you can see (issue 45): a callback's steps as Vapi reports them (its
-- status-update messages, which vapi-events records here), read by the visitor's page through
-- call_report_read (its `steps`, for the stopwatch), and the owner's figure, ringing_after_ms
-- (20261211000000_callback_timing.sql), in the stored report's webhook and on the lead card.
-- Only the functions reach this, with the service-role key; the public keys reach none of it.

-- Vapi reported the call ended (status-update `ended`): the stopwatch stops waiting for a ring.
alter table public.callback_requests add column vapi_ended_at timestamptz;

-- Records one status-update: `request` {vapi_call_id, status, at, callback_id?}. The callback is
-- the one whose vapi_call_id is the message's call id or, while none has it yet, the one whose id
-- is `callback_id` (the call's metadata) and has no call id recorded: request-callback records
-- Vapi's id after Vapi answers, and the call's first status (queued) may come before that.
-- Each step is set the first time only (Vapi retries a delivery, and an old message never
-- rewrites a step): queued_at, ringing_at, answered_at (`in-progress`), vapi_ended_at (`ended`);
-- any other status is no step. The time kept is `at` (the message's timestamp, Vapi's clock)
-- clamped to [requested_at (created_at before it was recorded), now()], since Vapi's clock and
-- the function's may differ: a step never reads as before the request or in the future. No `at`:
-- now(). Answers {known}: a callback the site placed has this call.
create function public.callback_status_record(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  call_id text := request ->> 'vapi_call_id';
  step text := request ->> 'status';
  reported timestamptz := (request ->> 'at')::timestamptz;
  found_id uuid;
  since timestamptz;
  step_at timestamptz;
begin
  select id, coalesce(requested_at, created_at) into found_id, since
    from public.callback_requests where vapi_call_id = call_id;
  if not found and request ->> 'callback_id' is not null then
    select id, coalesce(requested_at, created_at) into found_id, since
      from public.callback_requests
     where id = (request ->> 'callback_id')::uuid and vapi_call_id is null;
  end if;
  if found_id is null then
    return jsonb_build_object('known', false);
  end if;
  step_at := least(greatest(coalesce(reported, now()), since), now());
  update public.callback_requests set
    queued_at = case when step = 'queued' then coalesce(queued_at, step_at) else queued_at end,
    ringing_at = case when step = 'ringing' then coalesce(ringing_at, step_at) else ringing_at end,
    answered_at = case when step = 'in-progress' then coalesce(answered_at, step_at) else answered_at end,
    vapi_ended_at = case when step = 'ended' then coalesce(vapi_ended_at, step_at) else vapi_ended_at end
   where id = found_id;
  return jsonb_build_object('known', true);
end
$$;

revoke all on function public.callback_status_record(jsonb) from public, anon, authenticated;
grant execute on function public.callback_status_record(jsonb) to service_role;

-- A step of a callback as the stopwatch reads it: milliseconds from the request (`since`) to the
-- step, plus the press's offset (pressed_ms), never negative; null until Vapi reported it. The
-- ringing step is the same sum as the generated ringing_after_ms.
create function private.callback_step_ms(step_at timestamptz, since timestamptz, pressed integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when step_at is null then null else
    greatest(0, (extract(epoch from (step_at - since)) * 1000)::integer + coalesce(pressed, 0))
  end
$$;
revoke all on function private.callback_step_ms(timestamptz, timestamptz, integer)
  from public, anon, authenticated;

-- The lead card's read (20261210000000_call_report_read.sql), and now a callback's steps: as
-- there, plus `steps` {queued_ms, ringing_ms, answered_ms, ended} in the waiting and the ready
-- answers of a callback (none for a web call or a chat), and the ready report's
-- `ringing_after_seconds` (its callback's ringing_after_ms in seconds, to the tenth; null for a
-- report of no callback, or before a ring), as vapi-events put it in the webhook.
create or replace function public.call_report_read(request jsonb) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  source_id uuid := (request ->> 'id')::uuid;
  readable interval := make_interval(secs => coalesce((request ->> 'readable_seconds')::integer, 3600));
  call_id text;
  since timestamptz;
  stored public.demo_calls;
  callback public.callback_requests;
  steps jsonb;
  answer jsonb;
begin
  select vapi_call_id, created_at into call_id, since
    from public.web_calls where id = source_id and status <> 'failed';
  if not found then
    select * into callback
      from public.callback_requests where id = source_id and status <> 'failed';
    if found then
      call_id := callback.vapi_call_id;
      since := callback.created_at;
      steps := jsonb_build_object(
        'queued_ms', private.callback_step_ms(callback.queued_at,
          coalesce(callback.requested_at, callback.created_at), callback.pressed_ms),
        'ringing_ms', private.callback_step_ms(callback.ringing_at,
          coalesce(callback.requested_at, callback.created_at), callback.pressed_ms),
        'answered_ms', private.callback_step_ms(callback.answered_at,
          coalesce(callback.requested_at, callback.created_at), callback.pressed_ms),
        'ended', callback.vapi_ended_at is not null);
    end if;
  end if;
  if not found then
    select vapi_session_id, last_message_at into call_id, since
      from public.web_chats where id = source_id;
  end if;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;

  if call_id is not null then
    select * into stored from public.demo_calls where vapi_call_id = call_id;
    if found then
      if stored.received_at <= now() - readable then
        return jsonb_build_object('status', 'not_found');
      end if;
      answer := jsonb_build_object('status', 'ready', 'report', jsonb_build_object(
        'vapi_call_id', stored.vapi_call_id,
        'kind', stored.kind,
        'ended_at', stored.ended_at,
        'ended_reason', stored.ended_reason,
        'duration_seconds', stored.duration_seconds,
        'cost', stored.cost,
        'summary', stored.summary,
        'structured_data', stored.structured_data,
        'transcript', stored.transcript,
        'recording_url', stored.recording_url,
        'visit_id', stored.visit_id,
        'callback_id', stored.callback_id,
        'trade', stored.trade,
        'ringing_after_seconds', (select round(ringing.ringing_after_ms / 1000.0, 1)
          from public.callback_requests ringing where ringing.id = stored.callback_id)));
      return case when steps is null then answer else answer || jsonb_build_object('steps', steps) end;
    end if;
  end if;
  if since > now() - readable then
    answer := jsonb_build_object('status', 'waiting');
    return case when steps is null then answer else answer || jsonb_build_object('steps', steps) end;
  end if;
  return jsonb_build_object('status', 'not_found');
end
$$;

revoke all on function public.call_report_read(jsonb) from public, anon, authenticated;
grant execute on function public.call_report_read(jsonb) to service_role;

-- The store of a report (20261203000000_report_bounds.sql), as there, and its answer, when it
-- stored the report of a callback whose phone rang, also carries that callback's
-- ringing_after_ms ({stored: true, ringing_after_ms}): vapi-events puts it in the webhook it
-- posts (ringing_after_seconds). The status-updates come before the end-of-call report, so the
-- ring is recorded by then.
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
  ringing_ms integer;
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
  if inserted > 0 and request ->> 'callback_id' is not null then
    -- The callback's speed to lead, for the webhook vapi-events posts (ringing_after_seconds).
    select ringing_after_ms into ringing_ms
      from public.callback_requests where id = (request ->> 'callback_id')::uuid;
  end if;
  return jsonb_build_object('stored', inserted > 0)
    || case when ringing_ms is null then '{}'::jsonb
       else jsonb_build_object('ringing_after_ms', ringing_ms) end;
end
$$;

revoke all on function public.demo_call_store(jsonb) from public, anon, authenticated;
grant execute on function public.demo_call_store(jsonb) to service_role;
