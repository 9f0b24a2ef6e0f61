-- Chats with the agent in server mode (the chat Edge Function): no key in the page can start
-- one. Each chat is one id from the page; its first message passed the bot check. Every message
-- is claimed here within limits kept in the database, counted under one transaction lock so they
-- hold across instances and under concurrency:
--   new chats per client address (IPv6 per /64) per window, messages per chat, messages a day.
-- A chat's session report (Vapi's session.updated, status completed) is kept in demo_calls as
-- kind webChat, beside the calls' reports.
-- Only the function reaches this, with the service-role key; the public keys reach none of it.

create table public.web_chats (
  -- The page's id for one chat: every message of it, and its end.
  id uuid primary key,
  client_bucket text not null check (char_length(client_bucket) <= 100),
  address_source text check (address_source in ('cf-connecting-ip', 'x-forwarded-for', 'none')),
  visit_id uuid,
  -- Vapi's session, from the first answer: the next messages continue it, the end completes it.
  vapi_session_id text check (char_length(vapi_session_id) <= 100),
  messages integer not null default 0 check (messages >= 0),
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  ended_at timestamptz
);
create index web_chats_bucket_created on public.web_chats (client_bucket, created_at);
create index web_chats_last_message on public.web_chats (last_message_at);
alter table public.web_chats enable row level security;
revoke all on table public.web_chats from public, anon, authenticated;

-- Each message of a day, counted where it was sent (a chat spans days at most by its idle end).
create table public.web_chat_messages (
  chat_id uuid not null references public.web_chats (id) on delete cascade,
  sent_at timestamptz not null default now()
);
create index web_chat_messages_sent on public.web_chat_messages (sent_at);
alter table public.web_chat_messages enable row level security;
revoke all on table public.web_chat_messages from public, anon, authenticated;

-- Claims one message of chat `request.id`: {id, client_address, address_source, visit_id,
-- verified (the bot check passed for this request), limits: {per_address, per_address_window
-- (seconds), messages_per_chat, messages_per_day}}. Answers {outcome}:
--   message     claimed: send it to Vapi {vapi_session_id: the session to continue, or null}
--   unverified  a new chat without a passed bot check
--   ended       the chat was ended: the page starts a new one
--   limited     {limit: address | chat | day, retry_after (seconds)}
create function public.web_chat_claim(request jsonb) returns jsonb
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
      return jsonb_build_object('outcome', 'limited', 'limit', 'address', 'retry_after',
        greatest(1, ceil(extract(epoch from oldest + make_interval(secs => window_seconds) - now())))::integer);
    end if;
  elsif found.ended_at is not null then
    return jsonb_build_object('outcome', 'ended');
  elsif found.messages >= coalesce((limits ->> 'messages_per_chat')::integer, 20) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'chat', 'retry_after', 60);
  end if;

  select count(*), min(sent_at) into used, oldest from public.web_chat_messages
   where sent_at > now() - interval '24 hours';
  if used >= coalesce((limits ->> 'messages_per_day')::integer, 500) then
    return jsonb_build_object('outcome', 'limited', 'limit', 'day', 'retry_after',
      greatest(1, ceil(extract(epoch from oldest + interval '24 hours' - now())))::integer);
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

-- Records the session Vapi answered a chat's first message with: {id, vapi_session_id}.
create function public.web_chat_record(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.web_chats
     set vapi_session_id = left(request ->> 'vapi_session_id', 100)
   where id = (request ->> 'id')::uuid and vapi_session_id is null;
  return jsonb_build_object('id', request ->> 'id');
end
$$;

-- Ends a chat: {id}. Answers {vapi_session_id} of a chat that was on (to complete on Vapi),
-- or null when it was ended before or never was.
create function public.web_chat_end(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  session text;
begin
  update public.web_chats set ended_at = now()
   where id = (request ->> 'id')::uuid and ended_at is null
  returning vapi_session_id into session;
  return jsonb_build_object('vapi_session_id', session);
end
$$;

-- A chat's report is kept beside the calls' reports.
alter table public.demo_calls drop constraint demo_calls_kind_check;
alter table public.demo_calls add constraint demo_calls_kind_check
  check (kind in ('webCall', 'outboundPhoneCall', 'inboundPhoneCall', 'webChat', 'other'));

revoke all on function public.web_chat_claim(jsonb) from public, anon, authenticated;
revoke all on function public.web_chat_record(jsonb) from public, anon, authenticated;
revoke all on function public.web_chat_end(jsonb) from public, anon, authenticated;
grant execute on function public.web_chat_claim(jsonb) to service_role;
grant execute on function public.web_chat_record(jsonb) to service_role;
grant execute on function public.web_chat_end(jsonb) to service_role;
