-- One bound for a calculator estimate wherever it is kept: ESTIMATE_MAX in
-- supabase/functions/_shared/contracts/origin.ts (whole dollars a month). A callback's was
-- already this; a lead's was a thousand times larger. The page and the functions send none
-- above it (null instead), so no lead is refused for its estimate.
-- NOT VALID: rows stored before keep their estimate; every new row is held to the bound.
alter table public.contact_submissions
  drop constraint contact_submissions_estimate_check,
  add constraint contact_submissions_estimate_check
    check (estimate is null or estimate between 0 and 1000000000) not valid;
