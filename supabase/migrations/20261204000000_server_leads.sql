-- The server step stores and posts every lead (the default profile, VITE_LEADS=server): the page
-- sends its lead to the submit-lead function, which stores it through public.lead_submit and
-- posts the owner's automation itself, signed, so the webhook's address never reaches a browser.
--
--   * lead_submit takes `bot_checked`: without a bot check (the page's first try) a lead meets
--     the data API's limits (per address, and the site's ceiling, LG003); with one (the way
--     past the ceiling) the function's own ceiling (LG004), as before. A request without the
--     field is one from the earlier function, which always ran the bot check.
--   * each lead's delivery to the webhook is claimed, then marked done (public.lead_delivery),
--     so concurrent retries post once, and a retry after a post never posts again.
--
-- The data API's INSERT for anon stays, for the spec's browser profile (VITE_LEADS=browser).

alter table public.contact_submissions
  add column webhook_delivered_at timestamptz,
  add column webhook_claimed_until timestamptz;
comment on column public.contact_submissions.webhook_delivered_at is
  'When the server step delivered the lead to the automation webhook (null: not yet, or the page posted it).';
comment on column public.contact_submissions.webhook_claimed_until is
  'A delivery in progress holds the lead until then; a claim left by a killed function lapses.';
-- No grant: anon inserts only the lead's own columns (20261122000000 and after).

create or replace function private.guard_lead() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.lead_guard_settings;
  -- Set by lead_submit, which only the service-role key may call; checked against the request's
  -- role too, so nothing else can take either way.
  by_service boolean := coalesce(nullif(current_setting('request.jwt.claims', true), '')::json
                                 ->> 'role', '') = 'service_role';
  -- The function's way past the ceiling, after the bot check.
  via_function boolean := by_service
    and coalesce(current_setting('lead_guard.path', true), '') = 'submit-lead';
  -- The function's first try, without a bot check (the default profile): the data API's limits.
  via_site boolean := by_service
    and coalesce(current_setting('lead_guard.path', true), '') = 'site';
  in_request boolean := coalesce(current_setting('request.headers', true), '') <> '';
  caller_bucket text;
  bucket_max integer;
  recent integer;
begin
  select * into strict settings from private.lead_guard_settings;

  if not coalesce(private.is_honest_time(new.created_at), false) then
    new.created_at := now();
  end if;

  -- A retry of a stored lead goes on to meet the primary key: "already stored", not a refusal.
  if exists (select 1 from public.contact_submissions where id = new.id) then
    return new;
  end if;
  if not (via_function or via_site or in_request) then
    return new;
  end if;

  caller_bucket := private.client_bucket(case when via_function or via_site
                                       then current_setting('lead_guard.client_address', true)
                                       else private.request_client_address() end);

  perform pg_advisory_xact_lock(hashtext('private.guard_lead'));
  delete from private.lead_arrivals
   where arrived_at < now() - greatest(settings.per_address_window, settings.table_window,
                                       settings.function_window, interval '1 day');

  if via_function then
    select count(*) into recent from private.lead_arrivals
     where path = 'submit-lead' and arrived_at > now() - settings.function_window;
    if recent >= settings.function_max then
      perform private.refuse(429, json_build_object(
        'code', 'LG004',
        'message', 'Too many submissions through the bot check right now',
        'details', format('At most %s are accepted in %s hours.', settings.function_max,
                          extract(epoch from settings.function_window)::integer / 3600),
        'hint', 'Try again later.'
      ), extract(epoch from settings.function_window)::integer);
    end if;
  else
    select count(*) into recent from private.lead_arrivals
     where path = 'api' and arrived_at > now() - interval '1 day';
    if recent >= settings.table_day_max then
      perform private.refuse(429, json_build_object(
        'code', 'LG003',
        'message', 'Too many submissions to this site right now',
        'details', format('At most %s are accepted in 24 hours.', settings.table_day_max),
        'hint', 'Try again later.'
      ), extract(epoch from settings.table_window)::integer);
    end if;
    select count(*) into recent from private.lead_arrivals
     where path = 'api' and arrived_at > now() - settings.table_window;
    if recent >= settings.table_max then
      perform private.refuse(429, json_build_object(
        'code', 'LG003',
        'message', 'Too many submissions to this site right now',
        'details', format('At most %s are accepted in %s minutes.',
                          settings.table_max, extract(epoch from settings.table_window)::integer / 60),
        'hint', 'Try again later.'
      ), extract(epoch from settings.table_window)::integer);
    end if;
  end if;

  bucket_max := case when caller_bucket = 'unknown' then settings.unknown_max
                     else settings.per_address_max end;
  select count(*) into recent from private.lead_arrivals as a
   where a.bucket = caller_bucket and a.arrived_at > now() - settings.per_address_window;
  if recent >= bucket_max then
    perform private.refuse(429, json_build_object(
      'code', 'LG002',
      'message', 'Too many submissions from this address',
      'details', format('At most %s are accepted in %s minutes.', bucket_max,
                        extract(epoch from settings.per_address_window)::integer / 60),
      'hint', 'Wait a few minutes, then send again.'
    ), extract(epoch from settings.per_address_window)::integer);
  end if;

  insert into private.lead_arrivals (arrived_at, bucket, path)
  values (now(), caller_bucket, case when via_function then 'submit-lead' else 'api' end);
  return new;
end
$$;

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
  perform set_config('lead_guard.path',
    case when coalesce((request ->> 'bot_checked')::boolean, true) then 'submit-lead' else 'site' end,
    true);
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

-- One lead's delivery to the webhook (service_role only): request {id, action, lease_seconds}.
--   claim    -> {state: 'claimed', claim, lead} (post it now; the claim lapses after
--               lease_seconds),
--               'delivered' (posted before: never again), 'busy' (another request is posting
--               it), or 'missing' (no such lead)
--   done     -> {state: 'delivered'}
--   release  -> {state: 'released'} (the post failed: a retry may claim it again), given the
--               `claim` the claim answered (another request's claim is left as it is)
--   done marks the lead delivered whoever holds it: the post happened.
-- A claim is one UPDATE with its conditions, so of two requests at once exactly one claims.
create function public.lead_delivery(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead_id uuid := (request ->> 'id')::uuid;
  claimed public.contact_submissions;
  existing public.contact_submissions;
begin
  case request ->> 'action'
    when 'claim' then
      update public.contact_submissions
         set webhook_claimed_until = now()
             + make_interval(secs => least(greatest(coalesce((request ->> 'lease_seconds')::integer, 30), 1), 600))
       where id = lead_id
         and webhook_delivered_at is null
         and (webhook_claimed_until is null or webhook_claimed_until < now())
      returning * into claimed;
      if found then
        return jsonb_build_object('state', 'claimed', 'claim', claimed.webhook_claimed_until,
          'lead', to_jsonb(claimed) - 'webhook_delivered_at' - 'webhook_claimed_until');
      end if;
      select * into existing from public.contact_submissions where id = lead_id;
      if not found then
        return jsonb_build_object('state', 'missing');
      end if;
      return jsonb_build_object('state',
        case when existing.webhook_delivered_at is not null then 'delivered' else 'busy' end);
    when 'done' then
      update public.contact_submissions
         set webhook_delivered_at = coalesce(webhook_delivered_at, now()),
             webhook_claimed_until = null
       where id = lead_id;
      return jsonb_build_object('state', 'delivered');
    when 'release' then
      -- Only the claim it was given: a request whose claim lapsed and was taken by another
      -- cannot let go of that one.
      update public.contact_submissions
         set webhook_claimed_until = null
       where id = lead_id and webhook_delivered_at is null
         and webhook_claimed_until = (request ->> 'claim')::timestamptz;
      return jsonb_build_object('state', 'released');
    else
      raise exception 'lead_delivery: unknown action %', request ->> 'action';
  end case;
end
$$;

revoke all on function public.lead_submit(jsonb) from public, anon, authenticated;
revoke all on function public.lead_delivery(jsonb) from public, anon, authenticated;
grant execute on function public.lead_submit(jsonb) to service_role;
grant execute on function public.lead_delivery(jsonb) to service_role;
