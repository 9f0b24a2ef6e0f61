-- The roles and privileges a hosted Supabase project has before any migration, so the
-- migrations apply unchanged. Run as supabase_admin (`postgres` is not a superuser), at every
-- start: idempotent.
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

create table if not exists local_stack.webhook_deliveries (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  payload jsonb not null,
  body text,
  webhook_id text,
  webhook_timestamp text,
  webhook_signature text,
  signature text not null default 'unsigned' check (signature in ('verified', 'failed', 'unsigned')),
  signature_error text
);

create table if not exists local_stack.csp_reports (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  report jsonb not null
);

create table if not exists local_stack.analytics_events (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  event jsonb not null
);

create table if not exists local_stack.vapi_calls (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  call_id text not null,
  body jsonb not null,
  path text not null
);
