-- A web call counts in the day's minutes for at most the length it was started with
-- (web_calls.max_seconds, Vapi's maxDurationSeconds): the budget reserves that much when the call
-- is claimed, and a report, which anyone holding the Vapi secret could send, can only lower it.
-- So no report, whatever duration it claims, closes the day's demo minutes.

update public.web_calls set ran_seconds = max_seconds where ran_seconds > max_seconds;
alter table public.web_calls
  add constraint web_calls_ran_within_max check (ran_seconds <= max_seconds);

-- A report ends the call's claim; its minutes count as it ran, never past its maximum.
create or replace function private.web_call_ended() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.web_calls
     set ended_at = coalesce(new.ended_at, now()),
         ran_seconds = least(coalesce(new.duration_seconds, max_seconds), max_seconds)
   where vapi_call_id = new.vapi_call_id;
  return new;
end
$$;
