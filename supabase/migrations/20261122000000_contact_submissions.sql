-- Contact form submissions. The site inserts with the public anon key; nobody reads through
-- the API: the owner reads rows in the Supabase dashboard (which bypasses RLS) or via the webhook.

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  email text not null check (
    char_length(email) <= 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  phone text not null check (btrim(phone) <> '' and char_length(phone) <= 40),
  company text check (company is null or char_length(company) <= 200),
  message text not null check (btrim(message) <> '' and char_length(message) <= 5000),
  created_at timestamptz not null default now()
);

comment on table public.contact_submissions is
  'Leads from the website contact form. Insert-only for anon and authenticated; id is client-generated so retries are idempotent.';

-- Row-level security: without a policy nothing is allowed; the one policy allows INSERT only.
alter table public.contact_submissions enable row level security;

create policy contact_submissions_insert_only
  on public.contact_submissions
  for insert
  to anon, authenticated
  with check (true);

-- Grants say the same: Supabase gives anon and authenticated every privilege on new tables
-- in public by default, so take them all back and give INSERT alone.
revoke all on table public.contact_submissions from anon, authenticated;
grant insert (id, name, email, phone, company, message, created_at)
  on table public.contact_submissions to anon, authenticated;
