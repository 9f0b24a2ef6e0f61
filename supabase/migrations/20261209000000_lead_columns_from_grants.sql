-- A lead's fields in one place (supabase/functions/_shared/lead-fields.ts): lead_submit no longer
-- lists the lead's columns. It stores every column the public key may write (the anon role's
-- column INSERT grants: the id, the typed fields, created_at and where the lead came from), so a
-- new field is its column, its check and its grant, which `npm run lead-rules:sql -- --field
-- <name>` prints from the table. The delivery columns the server keeps (webhook_*) are granted to
-- no one and never taken from the request.

create or replace function public.lead_submit(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead jsonb := coalesce(request -> 'lead', '{}'::jsonb);
  columns text;
  body text;
  response text;
begin
  perform set_config('lead_guard.path',
    case when coalesce((request ->> 'bot_checked')::boolean, true) then 'submit-lead' else 'site' end,
    true);
  perform set_config('lead_guard.client_address', coalesce(request ->> 'client_address', ''), true);
  if nullif(lead -> 'created_at', 'null'::jsonb) is null then
    lead := lead || jsonb_build_object('created_at', now());
  end if;
  select string_agg(quote_ident(attname), ', ' order by attnum) into columns
    from pg_catalog.pg_attribute
   where attrelid = 'public.contact_submissions'::regclass and attnum > 0 and not attisdropped
     and has_column_privilege('anon', 'public.contact_submissions', attname, 'INSERT');
  begin
    execute format('insert into public.contact_submissions (%1$s) select %1$s'
                   ' from jsonb_populate_record(null::public.contact_submissions, $1)', columns)
      using lead;
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
