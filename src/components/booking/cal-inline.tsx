import Cal from '@calcom/embed-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { CAL_EMBED_PATH, calConfig, calTarget } from '@/lib/booking';
import type { InlineBookingProps } from './inline-booking-props';

/**
 * Cal.com's booking page inline, by `@calcom/embed-react`: its embed.js from the site's own
 * origin (CAL_EMBED_PATH, copied there by the build), the frame from the booking URL's origin,
 * prefilled by the embed's config (`name`, `email`, `notes`, `metadata[lead_id]`), which the embed
 * puts in the frame's query.
 */
export function CalInline({ booking, prefill, title, onFailed }: InlineBookingProps) {
  const box = useRef<HTMLDivElement>(null);
  // One Cal namespace per instance, so a second Book a time on the page (the lead card's beside
  // the form's) gets its own inline embed: embed.js keeps one per namespace. Letters and digits
  // only: embed.js splits its events' names (`CAL:<namespace>:<action>`) on colons.
  const namespace = `booking${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const { calOrigin, calLink } = calTarget(booking.url);
  const { name, email, notes, leadId } = prefill;
  const embedConfig = useMemo(
    () => calConfig({ name, email, notes, leadId }),
    [name, email, notes, leadId],
  );

  useEffect(() => {
    const frame = box.current;
    if (!frame) return;
    // embed.js titles its frame "Book a call" itself: the site's own name replaces it, once the
    // frame is there.
    const name = () => frame.querySelector('iframe')?.setAttribute('title', title);
    const observer = new MutationObserver(name);
    observer.observe(frame, { childList: true, subtree: true });
    name();
    // The calendar cannot be shown: embed.js did not load (an error on its script element,
    // seen while capturing), or the booking page answered with an error (embed.js fires
    // `linkFailed`, as Cal('on') would hear it: a window event named by the namespace).
    const scriptFailed = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement && target.src.endsWith(CAL_EMBED_PATH)) onFailed();
    };
    const linkFailed = `CAL:${namespace}:linkFailed`;
    window.addEventListener('error', scriptFailed, true);
    window.addEventListener(linkFailed, onFailed);
    return () => {
      observer.disconnect();
      window.removeEventListener('error', scriptFailed, true);
      window.removeEventListener(linkFailed, onFailed);
    };
  }, [title, namespace, onFailed]);

  return (
    <div ref={box}>
      <Cal
        namespace={namespace}
        calLink={calLink}
        calOrigin={calOrigin}
        embedJsUrl={CAL_EMBED_PATH}
        config={embedConfig}
        className="min-h-80 w-full"
      />
    </div>
  );
}
