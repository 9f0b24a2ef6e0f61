import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadRow } from '@shared/contracts/lead.ts';
import { createBotCheck, forgetTurnstile } from '@/lib/bot-check';
import { createBotCheckedInsert } from './submit-lead';

// Turnstile's widget API, faked at the boundary: each render or reset issues the next token the
// test hands out, as the widget calls back when it has solved the check.
const widget = { tokens: [] as string[], resets: 0, renders: 0 };
function fakeTurnstile() {
  const callbacks = new Map<string, (token: string) => void>();
  const issue = (id: string) => {
    const next = widget.tokens.shift();
    if (next) setTimeout(() => callbacks.get(id)?.(next), 0);
  };
  return {
    render: (_element: HTMLElement, options: Record<string, unknown>) => {
      widget.renders += 1;
      // Rendered for this form: Cloudflare signs the action into the token.
      expect(options.action).toBe('lead');
      const id = `widget-${widget.renders}`;
      callbacks.set(id, options.callback as (token: string) => void);
      issue(id);
      return id;
    },
    reset: (id: string) => {
      widget.resets += 1;
      issue(id);
    },
    remove: (id: string) => void callbacks.delete(id),
  };
}

beforeEach(() => {
  window.turnstile = fakeTurnstile();
});
afterEach(() => {
  Object.assign(widget, { tokens: [], resets: 0, renders: 0 });
  delete window.turnstile;
  forgetTurnstile();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

const ROW = { id: '5b0c2d0e-4f2a-4c1e-9d7a-3a0f6c2e8b11', name: 'Dana' } as LeadRow;

function client(answer: () => Promise<Response>) {
  const sent: { url: string; init: RequestInit }[] = [];
  const insert = createBotCheckedInsert(
    {
      functionsUrl: 'https://project.supabase.co/functions/v1',
      anonKey: 'anon-key',
      fetch: (url, init) => {
        sent.push({ url: String(url), init: init ?? {} });
        return answer();
      },
    },
    createBotCheck(
      { siteKey: 'site-key', scriptUrl: '/turnstile.js' },
      () => document.createElement('div'),
      'lead',
    ),
  );
  return { insert, sent };
}

describe('the page side of submit-lead', () => {
  it('sends the row with the token and the anon key, and counts 201 as stored', async () => {
    widget.tokens = ['token-1'];
    const { insert, sent } = client(() => Promise.resolve(new Response(null, { status: 201 })));
    const captcha = await insert.token();
    const signal = new AbortController().signal;
    expect(await insert.insert(ROW, captcha, signal)).toEqual({ ok: true });
    expect(sent[0]?.url).toBe('https://project.supabase.co/functions/v1/submit-lead');
    expect(sent[0]?.init.headers).toMatchObject({
      apikey: 'anon-key',
      Authorization: 'Bearer anon-key',
    });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ ...ROW, captcha: 'token-1' });
    expect(sent[0]?.init.signal).toBe(signal);
  });

  it('asks the widget for a fresh token after one was used, rendering it once', async () => {
    widget.tokens = ['token-1', 'token-2'];
    const { insert } = client(() => Promise.resolve(new Response(null, { status: 201 })));
    expect(await insert.token()).toBe('token-1');
    expect(await insert.token()).toBe('token-2');
    expect(widget.resets).toBe(1);
    expect(widget.renders).toBe(1);
  });

  it('loads the script again on the next press when it could not be loaded', async () => {
    delete window.turnstile;
    const { insert } = client(() => Promise.resolve(new Response(null, { status: 201 })));
    const first = insert.token();
    const script = await vi.waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src*="turnstile.js"]');
      if (!found) throw new Error('no script yet');
      return found;
    });
    expect(new URL(script.src).searchParams.get('render')).toBe('explicit');
    script.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Turnstile could not be loaded');
    window.turnstile = fakeTurnstile();
    widget.tokens = ['token-1'];
    expect(await insert.token()).toBe('token-1');
    expect(widget.renders).toBe(1);
  });

  it('answers a refusal with its status and code, and a dropped connection as status 0', async () => {
    const signal = new AbortController().signal;
    const refused = client(() =>
      Promise.resolve(Response.json({ code: 'LG004', message: 'Too many' }, { status: 429 })),
    );
    expect(await refused.insert.insert(ROW, 't', signal)).toEqual({
      ok: false,
      status: 429,
      code: 'LG004',
      message: 'Too many',
    });
    const garbled = client(() => Promise.resolve(new Response('<html>', { status: 502 })));
    expect(await garbled.insert.insert(ROW, 't', signal)).toEqual({
      ok: false,
      status: 502,
      code: '',
      message: '',
    });
    const dropped = client(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await dropped.insert.insert(ROW, 't', signal)).toMatchObject({ ok: false, status: 0 });
  });
});
