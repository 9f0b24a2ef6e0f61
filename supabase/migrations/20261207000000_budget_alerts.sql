-- The owner knows when a budget is spent (issue 43): the first refusal of a day's budget (demo
-- calls, their minutes, Call my phone, chat messages) records the day here, once per budget and
-- day, and only that first one posts the owner's `budget_spent` webhook; every later refusal of
-- the same day finds the row and posts nothing. And one home or office is one client: IPv6 is
-- counted per /48 (a site's usual assignment, a tunnel broker's routed prefix), not per /64, so
-- a /48 has one client's tries, not 65,536 /64s' worth.
-- Only the functions reach this, with the service-role key; the public keys reach none of it.

create or replace function private.client_bucket(address text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  trimmed text := regexp_replace(coalesce(address, ''), '^[\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+|[\t\n\v\f\r \u0085\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+$', '', 'g');
  parsed inet;
begin
  if trimmed = '' then
    return 'unknown';
  end if;
  parsed := trimmed::inet;
  if family(parsed) = 6 and parsed << '::ffff:0.0.0.0/96'::inet then
    parsed := '0.0.0.0'::inet + (host(parsed)::inet - '::ffff:0.0.0.0'::inet);
  end if;
  if family(parsed) = 6 then
    return host(network(set_masklen(parsed, 48))) || '/48';
  end if;
  return host(parsed);
exception when others then
  return 'unknown';
end
$$;

create table private.budget_alerts (
  feature text not null check (feature in ('calls', 'minutes', 'phone', 'chat')),
  -- The UTC day the budget ran out on: one alert per budget and day.
  day date not null,
  budget integer not null check (budget > 0),
  resets_at timestamptz not null,
  sent_at timestamptz not null default now(),
  -- How many requests that day the budget refused (the owner's count of visitors turned away).
  refused integer not null default 1,
  primary key (feature, day)
);
alter table private.budget_alerts enable row level security;
revoke all on table private.budget_alerts from public, anon, authenticated;

-- A budget ran out: `request` {feature, budget, retry_after (seconds)}. Answers {first, day,
-- resets_at}: `first` only for the day's first report of that budget (the caller then posts the
-- owner's webhook). Rows older than 30 days are deleted on the way: the table holds at most
-- 4 x 31 rows.
create function public.budget_spent(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'utc')::date;
  resets timestamptz := now() + make_interval(secs => greatest(coalesce((request ->> 'retry_after')::integer, 0), 0));
  inserted boolean;
begin
  delete from private.budget_alerts where day < today - 30;
  -- A new row is the day's first (its xmax is 0); a repeat counts one more refusal.
  insert into private.budget_alerts (feature, day, budget, resets_at)
  values (request ->> 'feature', today, (request ->> 'budget')::integer, resets)
  on conflict (feature, day) do update set refused = private.budget_alerts.refused + 1
  returning (xmax = 0) into inserted;
  return jsonb_build_object('first', inserted, 'day', to_char(today, 'YYYY-MM-DD'),
    'resets_at', to_char(resets at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
end
$$;

revoke all on function public.budget_spent(jsonb) from public, anon, authenticated;
grant execute on function public.budget_spent(jsonb) to service_role;
