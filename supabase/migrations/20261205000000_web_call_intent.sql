-- The press no slower (issue 42): a demo call is reserved on intent (hover, focus, first touch),
-- when the page has solved the bot check, and made at the press. start-web-call checks the token
-- and calls web_call_reserve; at the press (no token) it calls web_call_press, which turns a live
-- reservation of the same client into a call claim, under the same limits, in one transaction
-- under web_call_claim's lock: the press is exact under concurrency.
-- A reservation waits `hold_seconds` (60) for its press, then lapses: while live it counts as one
-- of its address's tries (so no address holds more reservations than it has tries left), and in
-- no other limit; lapsed, it counts in none and is deleted by the next reservation.
-- The limits themselves are counted in one place, private.web_call_limited, for the one-request
-- claim (web_call_claim, redefined here with the same answers), the reservation and the press.
-- Only the function reaches this, with the service-role key; the public keys reach none of it.

create table public.web_call_reservations (
  -- The page's id for the press to come; it becomes the call's id in web_calls.
  id uuid primary key,
  client_bucket text not null check (char_length(client_bucket) <= 100),
  address_source text check (address_source in ('cf-connecting-ip', 'x-forwarded-for', 'none')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index web_call_reservations_bucket on public.web_call_reservations (client_bucket, expires_at);
alter table public.web_call_reservations enable row level security;
revoke all on table public.web_call_reservations from public, anon, authenticated;

-- The limits a new call meets now, for a client's bucket: null within them all, else the answer
-- {outcome: limited, limit, retry_after}. With `count_held`, the bucket's live reservations count
-- in its tries (all but `held`, the reservation being pressed).
create function private.web_call_limited(bucket text, limits jsonb, max_seconds integer,
  count_held boolean, held uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  window_seconds integer := coalesce((limits ->> 'per_address_window')::integer, 3600);
  used numeric;
  oldest timestamptz;
begin
  -- Every attempt counts for its address, even one Vapi refused: no address can hammer.
  select count(*), min(frees) into used, oldest from (
    select created_at + make_interval(secs => window_seconds) as frees from public.web_calls
     where client_bucket = bucket and created_at > now() - make_interval(secs => window_seconds)
    union all
    select expires_at from public.web_call_reservations
     where count_held and client_bucket = bucket and expires_at > now()
       and id is distinct from held
  ) as tries;
  if used >= coalesce((limits ->> 'per_address')::integer, 3) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'address', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest - now())))::integer);
  end if;

  -- The rest counts calls that may have run (not those Vapi refused).
  select count(*), min(created_at) into used, oldest from public.web_calls
   where status <> 'failed' and created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_day')::integer, 100) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'day', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;

  select coalesce(sum(coalesce(ran_seconds, web_calls.max_seconds)), 0) into used
    from public.web_calls
   where status <> 'failed' and created_at > now() - interval '24 hours';
  if used + max_seconds > coalesce((limits ->> 'minutes_per_day')::integer, 200) * 60 then
    return jsonb_build_object('outcome', 'limited', 'limit', 'minutes', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
  end if;

  -- In progress: not ended by its report, and not past its maximum length (and a minute to join).
  select count(*), min(created_at + make_interval(secs => web_calls.max_seconds + 60))
    into used, oldest
    from public.web_calls
   where status in ('pending', 'started', 'unknown') and ended_at is null
     and created_at > now() - make_interval(secs => web_calls.max_seconds + 60);
  if used >= coalesce((limits ->> 'concurrent')::integer, 3) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'concurrent', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest - now())))::integer);
  end if;
  return null;
end
$$;

-- Places the claim of a call within the limits (web_call_claim and web_call_press, under the lock).
create function private.web_call_insert(claim_id uuid, bucket text, request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.web_calls (id, client_bucket, address_source, visit_id, max_seconds)
  values (claim_id, bucket, request ->> 'address_source', (request ->> 'visit_id')::uuid,
    (request ->> 'max_seconds')::integer);
  -- Rows older than a day count for nothing: kept off the table's size.
  delete from public.web_calls where created_at < now() - interval '2 days';
  return jsonb_build_object('outcome', 'call');
end
$$;

-- The one-request form, as before (its answers unchanged; see 20261129000000_web_calls.sql):
-- a reservation is not one of its tries.
create or replace function public.web_call_claim(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  claim_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  found public.web_calls;
  limited jsonb;
begin
  perform pg_advisory_xact_lock(hashtext('public.web_call_claim'));
  select * into found from public.web_calls where id = claim_id;
  if found.id is not null then
    if found.client_bucket <> bucket then
      return jsonb_build_object('outcome', 'conflict');
    end if;
    return jsonb_build_object('outcome', 'existing', 'status', found.status,
      'web_call', found.web_call);
  end if;
  limited := private.web_call_limited(bucket, coalesce(request -> 'limits', '{}'::jsonb),
    (request ->> 'max_seconds')::integer, false, null);
  if limited is not null then
    return limited;
  end if;
  return private.web_call_insert(claim_id, bucket, request);
end
$$;

-- Reserves a call on intent: `request` is web_call_claim's and `hold_seconds` (10 to 300).
-- Answers {outcome}:
--   reserved  {expires_in_seconds}: the press may come until then (again for a live one)
--   conflict  this id is a call already, or another client's reservation
--   limited   {limit, retry_after}: a call now would be refused
create function public.web_call_reserve(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  claim_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  hold integer := least(300, greatest(10, coalesce((request ->> 'hold_seconds')::integer, 60)));
  held public.web_call_reservations;
  limited jsonb;
begin
  perform pg_advisory_xact_lock(hashtext('public.web_call_claim'));
  if exists (select 1 from public.web_calls where id = claim_id) then
    return jsonb_build_object('outcome', 'conflict');
  end if;
  select * into held from public.web_call_reservations where id = claim_id;
  if held.id is not null then
    if held.client_bucket <> bucket then
      return jsonb_build_object('outcome', 'conflict');
    end if;
    if held.expires_at > now() then
      return jsonb_build_object('outcome', 'reserved', 'expires_in_seconds',
        greatest(1, floor(extract(epoch from held.expires_at - now())))::integer);
    end if;
  end if;
  limited := private.web_call_limited(bucket, coalesce(request -> 'limits', '{}'::jsonb),
    (request ->> 'max_seconds')::integer, true, claim_id);
  if limited is not null then
    return limited;
  end if;
  -- Lapsed reservations count for nothing: kept off the table (this id's among them).
  delete from public.web_call_reservations where expires_at <= now();
  insert into public.web_call_reservations (id, client_bucket, address_source, expires_at)
  values (claim_id, bucket, request ->> 'address_source', now() + make_interval(secs => hold));
  return jsonb_build_object('outcome', 'reserved', 'expires_in_seconds', hold);
end
$$;

-- The press of a reservation: `request` is web_call_claim's. Answers as web_call_claim does
-- (call, existing for a retry of this press, limited), or {outcome: unreserved}: this client has
-- no live reservation and no call of this id, and nothing was written.
create function public.web_call_press(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  claim_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  found public.web_calls;
  limited jsonb;
begin
  -- An id this client never reserved is refused before the lock: a flood of them waits on none.
  if not exists (select 1 from public.web_call_reservations
                  where id = claim_id and client_bucket = bucket and expires_at > now())
     and not exists (select 1 from public.web_calls where id = claim_id and client_bucket = bucket)
  then
    return jsonb_build_object('outcome', 'unreserved');
  end if;
  perform pg_advisory_xact_lock(hashtext('public.web_call_claim'));
  select * into found from public.web_calls where id = claim_id;
  if found.id is not null then
    if found.client_bucket <> bucket then
      return jsonb_build_object('outcome', 'unreserved');
    end if;
    return jsonb_build_object('outcome', 'existing', 'status', found.status,
      'web_call', found.web_call);
  end if;
  if not exists (select 1 from public.web_call_reservations
                  where id = claim_id and client_bucket = bucket and expires_at > now()) then
    return jsonb_build_object('outcome', 'unreserved');
  end if;
  limited := private.web_call_limited(bucket, coalesce(request -> 'limits', '{}'::jsonb),
    (request ->> 'max_seconds')::integer, true, claim_id);
  if limited is not null then
    return limited;
  end if;
  delete from public.web_call_reservations where id = claim_id;
  return private.web_call_insert(claim_id, bucket, request);
end
$$;

revoke all on function private.web_call_limited(text, jsonb, integer, boolean, uuid)
  from public, anon, authenticated;
revoke all on function private.web_call_insert(uuid, text, jsonb) from public, anon, authenticated;
revoke all on function public.web_call_reserve(jsonb) from public, anon, authenticated;
revoke all on function public.web_call_press(jsonb) from public, anon, authenticated;
grant execute on function public.web_call_reserve(jsonb) to service_role;
grant execute on function public.web_call_press(jsonb) to service_role;
