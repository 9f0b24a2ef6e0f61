-- Local stack only: the roles a hosted Supabase project already has, so the migrations in
-- supabase/migrations apply unchanged and every insert runs under the real policies.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

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
