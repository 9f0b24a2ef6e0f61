-- The do_not_call tool of a callback: on every call Call my phone places, the agent's first words
-- offer to stop, and when the person says they did not ask or want no calls, the model calls its
-- do_not_call tool. Vapi posts that to vapi-events (the assistant's Server URL, behind its
-- x-vapi-secret), which calls this function with the call's Vapi id. The number added is the one
-- the site itself dialed (the callback row with that vapi_call_id), never a number the message
-- carries, so a message cannot list arbitrary numbers. callback_claim already refuses a number
-- on the list (20261130000000_callback_lease.sql), so no later request rings it.
--
-- Idempotent: the same call, or another call to the same number, adds nothing twice (the list's
-- primary key is the number). Answers {known, added}: known, a callback the site placed has that
-- call id; added, the number was not on the list before.

create function public.callback_do_not_call_add(request jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  call_id text := left(request ->> 'vapi_call_id', 100);
  number text;
  inserted integer;
begin
  if call_id is null or call_id = '' then
    return jsonb_build_object('known', false, 'added', false);
  end if;
  select phone into number from public.callback_requests
   where vapi_call_id = call_id
   order by created_at
   limit 1;
  if number is null then
    return jsonb_build_object('known', false, 'added', false);
  end if;
  insert into public.callback_do_not_call (phone, note)
  values (number, left('asked on the call ' || call_id, 200))
  on conflict (phone) do nothing;
  get diagnostics inserted = row_count;
  return jsonb_build_object('known', true, 'added', inserted > 0);
end
$$;

revoke all on function public.callback_do_not_call_add(jsonb) from public, anon, authenticated;
grant execute on function public.callback_do_not_call_add(jsonb) to service_role;
