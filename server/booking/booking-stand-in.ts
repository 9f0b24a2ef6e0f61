import { Hono } from 'hono';
import { escapeHtml } from '../../src/lib/escape-html';

/**
 * Cal.com's booking page, stood in for by the local stack at LOCAL_ROUTES.booking (the local
 * VITE_BOOKING_URL, `/local/booking/<user>/<event>`), so Book a time opens inline with no
 * internet and a test can read what reached the booking page.
 *
 * As Cal's embed contract is implemented by @calcom/embed-core (embed.js opens the frame; Cal's
 * embed-iframe.ts answers inside it):
 * - `<path>/embed` is the page embed.js puts in its frame: `${calOrigin}/${calLink}/embed` with
 *   its config as the query (`embed` the namespace, `embedType=inline`, and the prefill:
 *   `name`, `email`, `notes`, `metadata[<key>]`, `guest`, `layout`, `ui.color-scheme`, …).
 * - In a frame, it says to the parent, by postMessage, what Cal's page says:
 *   `{originator: "CAL", type, namespace, fullType: "CAL:<namespace>:<type>", data}`: first
 *   `__iframeReady` (embed.js then shows the frame and answers `{originator: "CAL", method:
 *   "parentKnowsIframeReady"}`), then, at that answer, `__dimensionChanged` (its height) and
 *   `linkReady` (embed.js takes its loader away). A page Cal cannot find (`/missing/` in the path
 *   here) answers 404 and says `linkFailed` `{code: "404", msg, data: {url}}` instead.
 * - `<path>` alone is the booking page a new tab opens, its prefill in the query too.
 *
 * Each page shows the prefill it received as text. Narrower than Cal.com: no calendar, no
 * slots, no booking is made, no theme or `ui` instruction is acted on, no later height change
 * is reported, and nothing is kept.
 */

/** The prefill Cal's booking page reads, as the stand-in shows it (label, query parameter). */
export const BOOKING_PREFILL_FIELDS = [
  ['Name', 'name'],
  ['Email', 'email'],
  ['Notes', 'notes'],
  ['Lead id', 'metadata[lead_id]'],
] as const;

/** Inside the frame: Cal's embed-iframe handshake, as described above. */
const EMBED_SCRIPT = `(() => {
  const url = new URL(location.href);
  const namespace = url.searchParams.get('embed') || '';
  if (window.parent === window) return;
  const failed = document.body.dataset.status !== '200';
  const post = (type, data) =>
    window.parent.postMessage(
      { originator: 'CAL', type, namespace, fullType: 'CAL:' + namespace + ':' + type, data },
      '*',
    );
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || message.originator !== 'CAL' || message.method !== 'parentKnowsIframeReady') return;
    if (failed) return;
    const root = document.documentElement;
    post('__dimensionChanged', { iframeHeight: root.scrollHeight, iframeWidth: root.scrollWidth, isFirstTime: true });
    post('linkReady', {});
    document.body.dataset.state = 'ready';
  });
  post('__iframeReady', { isPrerendering: false });
  if (failed)
    post('linkFailed', { code: document.body.dataset.status, msg: 'Problem loading the link', data: { url: location.href } });
})();`;

function page(path: string, query: URLSearchParams, embedded: boolean, status: number): string {
  const known = new Set<string>(BOOKING_PREFILL_FIELDS.map(([, key]) => key));
  const rows = BOOKING_PREFILL_FIELDS.map(
    ([label, key]) =>
      `<dt>${label}</dt><dd data-param="${escapeHtml(key)}">${escapeHtml(query.get(key) ?? '')}</dd>`,
  ).join('');
  const others = [...query]
    .filter(([key]) => !known.has(key))
    .map(([key, value]) => `<li>${escapeHtml(key)} = ${escapeHtml(value)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Booking stand-in</title></head>
<body data-status="${status}" data-embedded="${embedded}">
<main>
<h1>${status === 200 ? 'Booking stand-in (Cal.com)' : 'This booking page does not exist'}</h1>
<p>${escapeHtml(path)}</p>
<dl>${rows}</dl>
<ul>${others}</ul>
</main>
${embedded ? `<script>${EMBED_SCRIPT}</script>` : ''}
</body>
</html>`;
}

export function createBookingStandIn(): Hono {
  const app = new Hono();
  app.get('/*', (c) => {
    const url = new URL(c.req.url);
    const embedded = url.pathname.endsWith('/embed');
    const status = url.pathname.includes('/missing/') ? 404 : 200;
    return c.html(page(url.pathname, url.searchParams, embedded, status), status, {
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
