import Cal from '@calcom/embed-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { CAL_EMBED_PATH, calConfig, calTarget } from '@/lib/booking';
import type { InlineBookingProps } from './inline-booking-props';

/** embed.js is served from the site's own origin; the embed puts the config in the frame's query. */
export function CalInline({ booking, prefill, title, onFailed }: InlineBookingProps) {
  const box = useRef<HTMLDivElement>(null);
  // embed.js keeps one embed per namespace, so each instance gets its own; letters and digits
  // only, as it splits event names (`CAL:<namespace>:<action>`) on colons.
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
    // embed.js titles its frame "Book a call" itself; the site's name replaces it.
    const name = () => frame.querySelector('iframe')?.setAttribute('title', title);
    const observer = new MutationObserver(name);
    observer.observe(frame, { childList: true, subtree: true });
    name();
    // embed.js failed to load, or the booking page answered with an error (`linkFailed`, a
    // window event named by the namespace).
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
