-- Guards on the one thing the public anon key may do: insert a lead. Anyone can call the data API
-- with that key, so the database itself keeps each request to one real lead, at an honest time,
-- at a bounded rate. Runs as `postgres` on PostgreSQL 15, 17 and 18 (the local stack).
--
-- Refusals a trigger raises use PostgREST's sqlstate 'PGRST': the message is the JSON body the
-- caller gets ({code, message, details, hint}), the detail carries the HTTP status and headers.
--   LG001  400  more than one row in one request
--   LG002  429  too many accepted submissions from one client address
--   LG003  429  too many accepted submissions to the whole table

create schema if not exists private;
revoke all on schema private from public;

-- Settings of the guards, in one place. Change them with an UPDATE in the SQL editor.
create table private.lead_guard_settings (
  only_row boolean primary key default true check (only_row),
  -- Accepted submissions from one client address within per_address_window.
  per_address_max integer not null default 5 check (per_address_max > 0),
  per_address_window interval not null default interval '10 minutes',
  -- Accepted submissions to the whole table within table_window: the bound that holds even when
  -- a caller forges the address (see docs/security.md).
  table_max integer not null default 1000 check (table_max > 0),
  table_window interval not null default interval '1 hour'
);
insert into private.lead_guard_settings default values;

-- When each accepted submission arrived and from which address; kept only as long as the longest
-- window (rows are pruned by the guard). The address is never stored with the lead.
create table private.lead_arrivals (
  arrived_at timestamptz not null default now(),
  address text check (char_length(address) <= 100)
);
create index lead_arrivals_arrived_at on private.lead_arrivals (arrived_at);
create index lead_arrivals_address on private.lead_arrivals (address, arrived_at);

revoke all on all tables in schema private from public, anon, authenticated, service_role;

-- Real content: at least one character that is not white space. "White space" is every Unicode
-- White_Space character, plus U+180E, U+200B-U+200D, U+2060 and U+FEFF, which show nothing
-- either. The form's validation (src/features/contact/validate.ts) uses the same set; a test
-- compares the two over every code point.
create function private.has_visible_text(value text) returns boolean
language sql immutable strict parallel safe
return value ~ '[^\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]';

-- One @ with text on both sides and a dot in the domain; no white space anywhere.
create function private.is_plausible_email(value text) returns boolean
language sql immutable strict parallel safe
return value ~ '^[^@\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+@[^@\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+\.[^@\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+$';

-- An honest time: within 10 minutes of the server's clock. The guard below replaces any other
-- created_at with the server's time, so a visitor whose clock is wrong still gets through.
create function private.is_honest_time(value timestamptz) returns boolean
language sql stable strict parallel safe
return value between now() - interval '10 minutes' and now() + interval '10 minutes';

-- CHECK constraints and policies run these as the caller.
revoke all on function private.has_visible_text(text) from public;
revoke all on function private.is_plausible_email(text) from public;
revoke all on function private.is_honest_time(timestamptz) from public;
grant execute on function private.has_visible_text(text) to anon, authenticated, service_role;
grant execute on function private.is_plausible_email(text) to anon, authenticated, service_role;
grant execute on function private.is_honest_time(timestamptz) to anon, authenticated, service_role;

-- The first migration's checks trimmed ASCII spaces only. NOT VALID: rows stored before stay as
-- they are; every new row must pass.
alter table public.contact_submissions
  drop constraint contact_submissions_name_check,
  drop constraint contact_submissions_email_check,
  drop constraint contact_submissions_phone_check,
  drop constraint contact_submissions_message_check,
  add constraint contact_submissions_name_check
    check (private.has_visible_text(name) and char_length(name) <= 200) not valid,
  add constraint contact_submissions_email_check
    check (private.is_plausible_email(email) and char_length(email) <= 320) not valid,
  add constraint contact_submissions_phone_check
    check (private.has_visible_text(phone) and char_length(phone) <= 40) not valid,
  add constraint contact_submissions_message_check
    check (private.has_visible_text(message) and char_length(message) <= 5000) not valid;

-- The insert policy says what it checks (it was `with check (true)`).
drop policy contact_submissions_insert_only on public.contact_submissions;
create policy contact_submissions_insert_real_leads
  on public.contact_submissions
  for insert
  to anon, authenticated
  with check (
    private.has_visible_text(name)
    and private.is_plausible_email(email)
    and private.has_visible_text(phone)
    and private.has_visible_text(message)
    and private.is_honest_time(created_at)
  );

-- Raises PostgREST's 'PGRST' error: `body` is what the caller reads, `status` the HTTP status.
create function private.refuse(status integer, body json, retry_after_seconds integer default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST'
    using message = body::text,
          detail = json_build_object(
            'status', status,
            'headers', case when retry_after_seconds is null then json_build_object()
                            else json_build_object('Retry-After', retry_after_seconds::text) end
          )::text;
end
$$;

-- The client's address as the data API passes it in request.headers. Cloudflare, in front of
-- hosted Supabase, sets cf-connecting-ip to the address that connected and overwrites a value
-- the caller sent; x-forwarded-for is the caller's to write except for the entries proxies
-- append on the right, so its rightmost entry is taken, never the leftmost. Null outside a
-- request (the SQL editor, a service-role script). Sources: docs/security.md.
create function private.request_client_address() returns text
language sql stable
set search_path = ''
as $$
  select left(coalesce(
    nullif(btrim(h ->> 'cf-connecting-ip'), ''),
    nullif(btrim(regexp_replace(h ->> 'x-forwarded-for', '^.*,', '')), '')
  ), 100)
  from (select nullif(current_setting('request.headers', true), '')::json as h) as request
$$;

-- Before each row: the honest time, then the rate limits. Serialised by one transaction lock,
-- so concurrent requests count each other exactly; an arrival is rolled back with its insert,
-- so only accepted submissions count.
create function private.guard_lead() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.lead_guard_settings;
  client text := private.request_client_address();
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

  perform pg_advisory_xact_lock(hashtext('private.guard_lead'));
  delete from private.lead_arrivals
   where arrived_at < now() - greatest(settings.per_address_window, settings.table_window);

  select count(*) into recent from private.lead_arrivals
   where arrived_at > now() - settings.table_window;
  if recent >= settings.table_max then
    perform private.refuse(429, json_build_object(
      'code', 'LG003',
      'message', 'Too many submissions to this site right now',
      'details', format('At most %s are accepted in %s minutes.',
                        settings.table_max, extract(epoch from settings.table_window)::integer / 60),
      'hint', 'Try again later.'
    ), extract(epoch from settings.table_window)::integer);
  end if;

  if client is not null then
    select count(*) into recent from private.lead_arrivals
     where address = client and arrived_at > now() - settings.per_address_window;
    if recent >= settings.per_address_max then
      perform private.refuse(429, json_build_object(
        'code', 'LG002',
        'message', 'Too many submissions from this address',
        'details', format('At most %s are accepted in %s minutes.', settings.per_address_max,
                          extract(epoch from settings.per_address_window)::integer / 60),
        'hint', 'Wait a few minutes, then send again.'
      ), extract(epoch from settings.per_address_window)::integer);
    end if;
  end if;

  insert into private.lead_arrivals (arrived_at, address) values (now(), client);
  return new;
end
$$;

-- After each statement: one row per request (PostgREST runs one statement per request).
create function private.one_lead_per_request() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select count(*) from new_rows) > 1 then
    perform private.refuse(400, json_build_object(
      'code', 'LG001',
      'message', 'One submission per request',
      'details', 'The body must be one JSON object, not an array of them.',
      'hint', null
    ));
  end if;
  return null;
end
$$;

revoke all on function private.refuse(integer, json, integer) from public;
revoke all on function private.request_client_address() from public;
revoke all on function private.guard_lead() from public;
revoke all on function private.one_lead_per_request() from public;

create trigger contact_submissions_guard
  before insert on public.contact_submissions
  for each row execute function private.guard_lead();

create trigger contact_submissions_one_per_request
  after insert on public.contact_submissions
  referencing new table as new_rows
  for each statement execute function private.one_lead_per_request();
