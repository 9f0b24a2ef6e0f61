-- An older hosted project (Supabase changelog 45329) gives every new table, function and
-- sequence in public to the API roles; a newer one gives nothing until a migration grants it.
alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
