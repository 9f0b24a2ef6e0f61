-- A hosted project created before 2026-10-30 (Supabase changelog 45329) gives every new table,
-- function and sequence in public to the API roles. Projects created since give nothing until a
-- migration grants it. The local stack and the tests can start either way (see database.ts).
alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
