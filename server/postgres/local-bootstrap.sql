-- Local stack only: the roles and privileges a hosted Supabase project has before any migration,
-- so the migrations in supabase/migrations apply unchanged, as the same roles, and every request
-- runs under the same grants and policies. Run as the local superuser, supabase_admin (as on a
-- hosted project, where `postgres` is not a superuser). Idempotent: it runs at every start.
do $$
declare
  wanted record;
begin
  for wanted in
    select * from (values
      -- What the SQL editor and `supabase db push` run as: owns what migrations create.
      ('postgres', 'login createrole bypassrls'),
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      -- The data API logs in as authenticator and switches to anon for a request with the anon key.
      ('authenticator', 'login noinherit')
    ) as roles (name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = wanted.name) then
      execute format('create role %I %s', wanted.name, wanted.options);
    end if;
  end loop;
  execute format('grant all on database %I to postgres', current_database());
end
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant usage, create on schema public to postgres;
grant usage on schema public to anon, authenticated, service_role;

create schema if not exists local_stack;
revoke all on schema local_stack from public;

create table if not exists local_stack.schema_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);

-- What the automation webhook received, for the local inbox.
create table if not exists local_stack.webhook_deliveries (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  payload jsonb not null
);

-- Each delivery's body as received (the bytes signed), its Standard Webhooks headers, and
-- whether its signature verified against the functions' CONTACT_WEBHOOK_SECRET ('unsigned':
-- none of the headers, as the page's own post sends).
alter table local_stack.webhook_deliveries
  add column if not exists body text,
  add column if not exists webhook_id text,
  add column if not exists webhook_timestamp text,
  add column if not exists webhook_signature text,
  add column if not exists signature text not null default 'unsigned'
    check (signature in ('verified', 'failed', 'unsigned')),
  add column if not exists signature_error text;

-- What browsers reported against the Content-Security-Policy (VITE_CSP_REPORT_URI, local default).
create table if not exists local_stack.csp_reports (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  report jsonb not null
);

-- What the Plausible stand-in received (VITE_PLAUSIBLE_ENDPOINT, local default): each event as
-- Plausible's library sent it, for the inbox's funnel.
create table if not exists local_stack.analytics_events (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  event jsonb not null
);

-- What the Vapi stand-in received: each POST /call or /call/web body, with its path and the call
-- id it answered.
create table if not exists local_stack.vapi_calls (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  call_id text not null,
  body jsonb not null
);
alter table local_stack.vapi_calls add column if not exists path text not null default '/call';
