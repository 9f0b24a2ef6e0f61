-- Speed to lead you can see (issue 45): a callback's timing, from the visitor's press to the
-- phone ringing, and the lead a callback follows. The columns only; request-callback fills the
-- first three (public.callback_claim), vapi-events the steps (from Vapi's status-update
-- messages), and the owner reads `ringing_after_ms` (docs/deploy.md).
alter table public.callback_requests
  -- When the request reached request-callback, before its bot check (the function's clock).
  add column requested_at timestamptz,
  -- How long before that the visitor pressed (Send Message, or Call me), as the page measured
  -- it: the stopwatch starts at the press. 0 to 120 s; null from a page that did not say.
  add column pressed_ms integer check (pressed_ms between 0 and 120000),
  -- The lead this call follows (the contact form's "Have the agent call me now"), or null for
  -- Call my phone. Such a callback's id is the lead's id, so one lead places at most one call.
  -- Not a foreign key: a lead may be deleted while its call's row stays.
  add column lead_id uuid,
  -- The call's steps, as Vapi's status-update messages reported them (the first of each).
  add column queued_at timestamptz,
  add column ringing_at timestamptz,
  add column answered_at timestamptz,
  -- The owner's figure: from the press to the phone ringing, in milliseconds (never negative:
  -- Vapi's clock and the function's may differ by a little). Null until Vapi reports a ring, and
  -- for a request whose arrival was not recorded (greatest() alone would read 0: it skips a null).
  add column ringing_after_ms integer generated always as (
    case when ringing_at is not null and requested_at is not null then
      greatest(0, (extract(epoch from (ringing_at - requested_at)) * 1000)::integer
                  + coalesce(pressed_ms, 0))
    end
  ) stored;
