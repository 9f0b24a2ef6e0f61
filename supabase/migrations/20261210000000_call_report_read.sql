-- The lead card (issue 44): the visitor's page reads the report of its own demo call, Call my
-- phone or chat, which the call-report function asks for here once the page's key for that id
-- has passed (supabase/functions/_shared/report-key.ts). One function, no listing: it finds one
-- source by its primary key, then that source's report by its primary key.
-- Only the functions reach this, with the service-role key; the public keys reach none of it.

-- The report of the web call, callback or chat `request.id` (the row id start-web-call,
-- request-callback or chat answered in its ticket). `request.readable_seconds` (default 3600,
-- REPORT_READABLE_SECONDS) bounds both answers:
-- - {status: 'ready', report}: its report was stored (demo_calls.received_at) within that many
--   seconds; `report` holds the stored fields the lead card and the owner's webhook name;
-- - {status: 'waiting'}: no report yet, and one may still come: the source was started (a web
--   call's or callback's claim; a chat's last message, since its report comes at its end) within
--   that many seconds, and did not fail (a web call or callback Vapi refused makes no report);
-- - {status: 'not_found'}: no such source, a failed one, or a report or wait past the bound.
-- A source is linked to its report as vapi-events links them (demo_call_store): web_calls and
-- callback_requests by `vapi_call_id`, web_chats by `vapi_session_id`.
create function public.call_report_read(request jsonb) returns jsonb
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
begin
  select vapi_call_id, created_at into call_id, since
    from public.web_calls where id = source_id and status <> 'failed';
  if not found then
    select vapi_call_id, created_at into call_id, since
      from public.callback_requests where id = source_id and status <> 'failed';
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
      return jsonb_build_object('status', 'ready', 'report', jsonb_build_object(
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
        'trade', stored.trade));
    end if;
  end if;
  if since > now() - readable then
    return jsonb_build_object('status', 'waiting');
  end if;
  return jsonb_build_object('status', 'not_found');
end
$$;

revoke all on function public.call_report_read(jsonb) from public, anon, authenticated;
grant execute on function public.call_report_read(jsonb) to service_role;
