import { Hono } from 'hono';
import { LOCAL_TURNSTILE_SECRET } from '../local-config';
import { untilGivenUp } from '../vapi/vapi-stand-in';

/**
 * Cloudflare Turnstile's widget script and siteverify, following Cloudflare's documented testing
 * keys (the blocking site key calls the error callback; secrets 1x pass, 2x fail, 3x answer
 * timeout-or-duplicate). Narrower than Cloudflare: no challenge, no iframe, and a production
 * secret key is refused.
 */

const TURNSTILE_BLOCKING_SITE_KEY = '2x00000000000000000000AB';
const TURNSTILE_FAILING_SECRET = '2x0000000000000000000000000000000AA';
const TURNSTILE_SPENT_SECRET = '3x0000000000000000000000000000000AA';
const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

const API_JS = `(() => {
  const widgets = new Map();
  let next = 0;
  const TOKEN = ${JSON.stringify(TURNSTILE_DUMMY_TOKEN)};
  const BLOCKING = ${JSON.stringify(TURNSTILE_BLOCKING_SITE_KEY)};
  function issue(id) {
    const widget = widgets.get(id);
    if (!widget) return;
    setTimeout(() => {
      if (!widgets.has(id)) return;
      if (widget.options.sitekey === BLOCKING) {
        widget.token = undefined;
        if (widget.options['error-callback']) widget.options['error-callback']('110200');
        return;
      }
      widget.token = TOKEN;
      widget.element.setAttribute('data-state', 'solved');
      if (widget.options.callback) widget.options.callback(TOKEN);
    }, 50);
  }
  window.turnstile = {
    render(container, options) {
      const element = typeof container === 'string' ? document.querySelector(container) : container;
      if (!element) throw new Error('turnstile.render: no container');
      const id = 'local-turnstile-' + (next += 1);
      const box = document.createElement('div');
      box.className = 'local-turnstile';
      box.textContent = 'Bot check (local stand-in)';
      element.appendChild(box);
      widgets.set(id, { element: box, options: options || {}, token: undefined });
      issue(id);
      return id;
    },
    getResponse(id) { return widgets.get(id)?.token; },
    reset(id) { const w = widgets.get(id); if (w) { w.token = undefined; issue(id); } },
    remove(id) { const w = widgets.get(id); if (w) { w.element.remove(); widgets.delete(id); } },
    isExpired() { return false; },
  };
  const onload = new URL(document.currentScript ? document.currentScript.src : location.href).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
`;

export function createTurnstileStandIn(): Hono {
  let mode: 'pass' | 'fail' | 'hang' = 'pass';
  const app = new Hono();
  app.get('/api.js', (c) =>
    c.body(API_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.post('/siteverify', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const secret = String(form.secret ?? '');
    const response = String(form.response ?? '');
    const fail = (codes: string[]) => c.json({ success: false, 'error-codes': codes });
    if (mode === 'hang') await untilGivenUp(c.req.raw.signal);
    if (!secret) return fail(['missing-input-secret']);
    if (!response) return fail(['missing-input-response']);
    if (mode === 'fail' || secret === TURNSTILE_FAILING_SECRET)
      return fail(['invalid-input-response']);
    if (secret === TURNSTILE_SPENT_SECRET) return fail(['timeout-or-duplicate']);
    if (secret !== LOCAL_TURNSTILE_SECRET) return fail(['invalid-input-secret']);
    return c.json({
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: 'localhost',
      'error-codes': [],
      action: '',
      cdata: '',
    });
  });
  app.post('/mode', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { mode?: unknown };
    if (body.mode !== 'pass' && body.mode !== 'fail' && body.mode !== 'hang') {
      return c.json({ error: 'mode is "pass", "fail" or "hang"' }, 400);
    }
    mode = body.mode;
    return c.json({ mode });
  });
  return app;
}
