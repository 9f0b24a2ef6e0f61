-- One claim shape (issue: one claim shape for web calls and chats): every limit of a demo call
-- (private.web_call_limited, for web_call_claim, web_call_reserve and web_call_press) and of a
-- chat message (web_chat_claim) answers the same {outcome: limited, limit, retry_after}, built in
-- one place, private.claim_limited, from the limit's name, the oldest try it counts and how long
-- a try counts. The answers are the same as before, to the second; the functions that build them
-- are redefined here, their grants as they were. The functions read the answer with one parser
-- (supabase/functions/_shared/contracts/claim.ts).
-- Only the functions reach this, with the service-role key; the public keys reach none of it.

-- A limit's refusal: {outcome: limited, limit: `limit_name`, retry_after}, retry_after the whole
-- seconds (at least 1) until the oldest counted try, at `oldest`, leaves its window of
-- `window_length` (0 when `oldest` is already the time it frees).
create function private.claim_limited(limit_name text, oldest timestamptz, window_length interval)
  returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('outcome', 'limited', 'limit', limit_name, 'retry_after',
    greatest(1, ceil(extract(epoch from oldest + window_length - now())))::integer);
$$;

revoke all on function private.claim_limited(text, timestamptz, interval)
  from public, anon, authenticated;

-- As in 20261205000000_web_call_intent.sql, each limit's answer from private.claim_limited.
create or replace function private.web_call_limited(bucket text, limits jsonb, max_seconds integer,
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
    return private.claim_limited('address', oldest, interval '0');
  end if;

  -- The rest counts calls that may have run (not those Vapi refused).
  select count(*), min(created_at) into used, oldest from public.web_calls
   where status <> 'failed' and created_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'per_day')::integer, 100) then
    return private.claim_limited('day', oldest, interval '24 hours');
  end if;

  select coalesce(sum(coalesce(ran_seconds, web_calls.max_seconds)), 0) into used
    from public.web_calls
   where status <> 'failed' and created_at > now() - interval '24 hours';
  if used + max_seconds > coalesce((limits ->> 'minutes_per_day')::integer, 200) * 60 then
    return private.claim_limited('minutes', oldest, interval '24 hours');
  end if;

  -- In progress: not ended by its report, and not past its maximum length (and a minute to join).
  select count(*), min(created_at + make_interval(secs => web_calls.max_seconds + 60))
    into used, oldest
    from public.web_calls
   where status in ('pending', 'started', 'unknown') and ended_at is null
     and created_at > now() - make_interval(secs => web_calls.max_seconds + 60);
  if used >= coalesce((limits ->> 'concurrent')::integer, 3) then
    return private.claim_limited('concurrent', oldest, interval '0');
  end if;
  return null;
end
$$;

-- As in 20261201000000_web_chats.sql, each limit's answer from private.claim_limited (a chat's
-- messages spent: a minute, as before).
create or replace function public.web_chat_claim(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  chat_id uuid := (request ->> 'id')::uuid;
  bucket text := private.client_bucket(request ->> 'client_address');
  limits jsonb := coalesce(request -> 'limits', '{}'::jsonb);
  window_seconds integer := coalesce((limits ->> 'per_address_window')::integer, 3600);
  found public.web_chats;
  used integer;
  oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtext('public.web_chat_claim'));
  select * into found from public.web_chats where id = chat_id;
  if found.id is null then
    if not coalesce((request ->> 'verified')::boolean, false) then
      return jsonb_build_object('outcome', 'unverified');
    end if;
    select count(*), min(created_at) into used, oldest from public.web_chats
     where client_bucket = bucket and created_at > now() - make_interval(secs => window_seconds);
    if used >= coalesce((limits ->> 'per_address')::integer, 5) then
      return private.claim_limited('address', oldest, make_interval(secs => window_seconds));
    end if;
  elsif found.ended_at is not null then
    return jsonb_build_object('outcome', 'ended');
  elsif found.messages >= coalesce((limits ->> 'messages_per_chat')::integer, 20) then
    return private.claim_limited('chat', now(), interval '60 seconds');
  end if;

  select count(*), min(sent_at) into used, oldest from public.web_chat_messages
   where sent_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'messages_per_day')::integer, 500) then
    return private.claim_limited('day', oldest, interval '24 hours');
  end if;

  if found.id is null then
    insert into public.web_chats (id, client_bucket, address_source, visit_id, messages)
    values (chat_id, bucket, request ->> 'address_source', (request ->> 'visit_id')::uuid, 1);
  else
    update public.web_chats set messages = messages + 1, last_message_at = now()
     where id = chat_id;
  end if;
  insert into public.web_chat_messages (chat_id) values (chat_id);
  -- Rows older than two days count for nothing: kept off the tables' size.
  delete from public.web_chats where last_message_at < now() - interval '2 days';
  return jsonb_build_object('outcome', 'message', 'vapi_session_id', found.vapi_session_id);
end
$$;
