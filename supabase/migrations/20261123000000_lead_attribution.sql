-- Where a lead came from: the page it was sent from, the campaign the visit landed with
-- (utm_* parameters), the calculator's estimate and whether the visitor tried the voice demo.
-- All optional, so a lead never fails for want of them; each bounded, so the public anon key
-- cannot fill the table with large values. (PostgreSQL 15 and 17 alike.)

alter table public.contact_submissions
  add column page text
    check (page is null or (char_length(page) <= 200 and left(page, 1) = '/')),
  add column utm jsonb
    check (utm is null or (jsonb_typeof(utm) = 'object' and octet_length(utm::text) <= 4096)),
  add column estimate bigint
    check (estimate is null or estimate between 0 and 1000000000000),
  add column demo_call boolean;

comment on column public.contact_submissions.page is 'Path the form was sent from.';
comment on column public.contact_submissions.utm is 'utm_* parameters the visit landed with.';
comment on column public.contact_submissions.estimate is 'Calculator estimate, whole dollars.';
comment on column public.contact_submissions.demo_call is 'The visitor tried the voice demo.';

grant insert (page, utm, estimate, demo_call)
  on table public.contact_submissions to anon, authenticated;
