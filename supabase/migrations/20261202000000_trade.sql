-- The trade of the page a lead, a call or a chat came from (src/content/trades.ts: `solar`,
-- `real-estate`, `home-services`; null from / and the other pages), so the owner can tell
-- which trade page works. Its shape is the contract's (parseTrade in
-- supabase/functions/_shared/contracts/origin.ts): lowercase words joined by hyphens, at most 40.

alter table public.contact_submissions add column trade text
  check (trade is null or (char_length(trade) <= 40 and trade ~ '^[a-z]+(-[a-z]+)*$'));
comment on column public.contact_submissions.trade is 'The trade page the lead was sent from.';
-- The page inserts it with the lead, as it does the visit.
grant insert (trade) on table public.contact_submissions to anon, authenticated;

alter table public.demo_calls add column trade text
  check (trade is null or (char_length(trade) <= 40 and trade ~ '^[a-z]+(-[a-z]+)*$'));
comment on column public.demo_calls.trade is 'The trade page the call or chat was started from.';

-- The way past the ceiling stores the trade too (the rest as before).
create or replace function public.lead_submit(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead jsonb := coalesce(request -> 'lead', '{}'::jsonb);
  body text;
  response text;
begin
  perform set_config('lead_guard.path', 'submit-lead', true);
  perform set_config('lead_guard.client_address', coalesce(request ->> 'client_address', ''), true);
  begin
    insert into public.contact_submissions
      (id, name, email, phone, company, message, created_at, page, utm, estimate, demo_call,
       visit_id, trade)
    select id, name, email, phone, company, message, coalesce(created_at, now()), page, utm,
           estimate, demo_call, visit_id, trade
      from jsonb_populate_record(null::public.contact_submissions, lead);
  exception
    when unique_violation then
      return jsonb_build_object('outcome', 'exists', 'message', sqlerrm);
    when check_violation or not_null_violation or invalid_text_representation
         or numeric_value_out_of_range or datetime_field_overflow
         or invalid_datetime_format then
      return jsonb_build_object('outcome', 'invalid', 'code', sqlstate, 'message', sqlerrm);
    when sqlstate 'PGRST' then
      get stacked diagnostics body = message_text, response = pg_exception_detail;
      return jsonb_build_object('outcome', 'refused', 'body', body::jsonb)
             || (response::jsonb);
  end;
  perform set_config('lead_guard.path', '', true);
  return jsonb_build_object('outcome', 'stored');
end
$$;

-- A report stores its trade too (the rest as before).
create or replace function public.demo_call_store(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted integer;
begin
  insert into public.demo_calls (vapi_call_id, kind, started_at, ended_at, ended_reason,
    duration_seconds, cost, summary, structured_data, transcript, recording_url, visit_id,
    callback_id, trade)
  values (request ->> 'vapi_call_id', request ->> 'kind', (request ->> 'started_at')::timestamptz,
    (request ->> 'ended_at')::timestamptz, request ->> 'ended_reason',
    (request ->> 'duration_seconds')::numeric, (request ->> 'cost')::numeric,
    request ->> 'summary', nullif(request -> 'structured_data', 'null'::jsonb),
    request ->> 'transcript', request ->> 'recording_url', (request ->> 'visit_id')::uuid,
    (request ->> 'callback_id')::uuid, request ->> 'trade')
  on conflict (vapi_call_id) do nothing;
  get diagnostics inserted = row_count;
  return jsonb_build_object('stored', inserted > 0);
end
$$;

revoke all on function public.lead_submit(jsonb) from public, anon, authenticated;
revoke all on function public.demo_call_store(jsonb) from public, anon, authenticated;
grant execute on function public.lead_submit(jsonb) to service_role;
grant execute on function public.demo_call_store(jsonb) to service_role;
