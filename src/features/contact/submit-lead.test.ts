import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBotCheck } from '@/lib/bot-check';
import type { BotCheck } from '@/lib/turnstile';
import { BOT_CHECK_WAIT_MS, createBotCheckedInsert } from './submit-lead';
import type { LeadRow } from '@shared/contracts/lead.ts';

// The widget is Turnstile's; here it is a stand-in whose tokens the test hands out.
const widget = { tokens: [] as string[], resets: 0, renders: 0, fail: false };
vi.mock('@/lib/turnstile', () => ({
  renderBotCheck: (): Promise<BotCheck> => {
    widget.renders += 1;
    if (widget.fail) return Promise.reject(new Error('Turnstile could not be loaded'));
    return Promise.resolve({
      token: (ms?: number) => {
        expect(ms).toBe(BOT_CHECK_WAIT_MS);
        const next = widget.tokens.shift();
        return next ? Promise.resolve(next) : Promise.reject(new Error('no bot-check token'));
      },
      reset: () => {
        widget.resets += 1;
      },
      remove: () => undefined,
    });
  },
}));

afterEach(() => Object.assign(widget, { tokens: [], resets: 0, renders: 0, fail: false }));

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
    createBotCheck({ siteKey: 'site-key', scriptUrl: '/turnstile.js' }, () =>
      document.createElement('div'),
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

  it('renders again on the next press when the script could not be loaded', async () => {
    widget.fail = true;
    const { insert } = client(() => Promise.resolve(new Response(null, { status: 201 })));
    await expect(insert.token()).rejects.toThrow('Turnstile could not be loaded');
    widget.fail = false;
    widget.tokens = ['token-1'];
    expect(await insert.token()).toBe('token-1');
    expect(widget.renders).toBe(2);
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
