import { Hono } from 'hono';
import { escapeHtml } from '../../src/lib/escape-html';

/**
 * Cal.com's booking page and its embed handshake, as @calcom/embed-core implements it:
 * `<path>/embed` is the page embed.js frames (its config and prefill in the query); in a frame it
 * posts `__iframeReady`, then at embed.js's `parentKnowsIframeReady` `__dimensionChanged` and
 * `linkReady`; a page Cal cannot find (`/missing/` here) answers 404 and posts `linkFailed`.
 * Each page shows the prefill it received. Narrower than Cal.com: no calendar, no booking, no
 * `ui` instruction acted on, no later height change, nothing kept.
 */

/** [label, query parameter] */
const BOOKING_PREFILL_FIELDS = [
  ['Name', 'name'],
  ['Email', 'email'],
  ['Notes', 'notes'],
  ['Lead id', 'metadata[lead_id]'],
] as const;

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
