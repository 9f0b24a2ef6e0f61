import { describe, expect, it, vi } from 'vitest';
import { parseLeadContext, type LeadRow } from '@shared/contracts/lead.ts';
import { ESTIMATE_MAX } from '@shared/contracts/origin.ts';
import {
  KEEPALIVE_MAX_BYTES,
  submitContact,
  type BotCheckedInsert,
  type InsertOutcome,
  type PageWebhook,
  type SubmissionClients,
} from './submission';
import { CALL_TIMEOUT_MS } from './timeouts';
import { quietConsoleError } from '@/test/quiet-console';
import { twoTrades } from '@/test/trades';

const ID = '5b0c2d0e-4f2a-4c1e-9d7a-3a0f6c2e8b11';
const VALUES = {
  name: ' Dana Lee ',
  email: 'dana@example.com',
  phone: '(555) 010-2030',
  company: '',
  message: 'We miss calls on weekends.',
};
const NOW = new Date('2026-11-22T14:17:05.123Z');

type Step = InsertOutcome | 'throw' | 'hang';
type Hook = number | 'throw' | 'hang';

/** Fake clients whose answers are scripted per attempt; they record every call. */
function fakeClients(insertSteps: Step[], webhookSteps: Hook[]) {
  const inserted: LeadRow[] = [];
  const posted: LeadRow[] = [];
  const sleeps: number[] = [];
  const clients: SubmissionClients & { webhook: PageWebhook } = {
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    insert: (row, signal) => {
      inserted.push(row);
      const step = insertSteps.shift() ?? { ok: true };
      if (step === 'throw') return Promise.reject(new TypeError('Failed to fetch'));
      if (step === 'hang')
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      return Promise.resolve(step);
    },
    webhook: {
      url: 'https://hooks.example.com/lead',
      fetch: (_url, init) => {
        posted.push(JSON.parse(String(init?.body)) as LeadRow);
        const step = webhookSteps.shift() ?? 200;
        if (step === 'throw') return Promise.reject(new TypeError('Failed to fetch'));
        if (step === 'hang') return new Promise<Response>(() => undefined);
        return Promise.resolve(new Response(null, { status: step }));
      },
    },
  };
  return { clients, inserted, posted, sleeps };
}

const fail = (status: number, code = '', message = 'failed'): InsertOutcome => ({
  ok: false,
  status,
  code,
  message,
});
/** The database's answer to an id it has already stored. */
const STORED = fail(
  409,
  '23505',
  'duplicate key value violates unique constraint "contact_submissions_pkey"',
);

const consoleError = quietConsoleError();

describe('submitContact', () => {
  it('inserts the row with a Pacific ISO time, then posts the same fields with a readable time', async () => {
    const { clients, inserted, posted } = fakeClients([], []);
    expect(await submitContact(ID, VALUES, clients)).toEqual({ ok: true });
    const fields = {
      id: ID,
      name: 'Dana Lee',
      email: 'dana@example.com',
      phone: '(555) 010-2030',
      company: null,
      message: 'We miss calls on weekends.',
      page: null,
      utm: null,
      estimate: null,
      demo_call: false,
      visit_id: null,
      trade: null,
    };
    expect(inserted).toEqual([{ ...fields, created_at: '2026-11-22T06:17:05.123-08:00' }]);
    expect(posted).toEqual([{ ...fields, created_at: 'November 22, 2026 at 6:17 AM PST' }]);
    expect(consoleError()).not.toHaveBeenCalled();
  });

  it('counts a duplicate key on the id as already stored, and still calls the webhook', async () => {
    const { clients, posted } = fakeClients([STORED], []);
    expect(await submitContact(ID, VALUES, clients)).toEqual({ ok: true });
    expect(posted).toHaveLength(1);
  });

  it.each([
    ['posts the webhook with keepalive, so a tab closed mid-send still delivers', VALUES, true],
    [
      'posts a body over the keepalive limit without keepalive (browsers would refuse it)',
      { ...VALUES, message: 'é'.repeat(KEEPALIVE_MAX_BYTES / 2) },
      false,
    ],
  ])('%s', async (_what, values, keepalive) => {
    const inits: RequestInit[] = [];
    const { clients } = fakeClients([], []);
    const recordingFetch = clients.webhook.fetch;
    clients.webhook.fetch = (url, init) => {
      inits.push(init ?? {});
      return recordingFetch(url, init);
    };
    expect(await submitContact(ID, values, clients)).toEqual({ ok: true });
    expect(inits).toHaveLength(1);
    expect(inits[0]).toMatchObject({ method: 'POST', keepalive });
  });

  it('in simple mode posts the same JSON as text/plain with no-cors, and takes an opaque answer as delivered', async () => {
    const inits: RequestInit[] = [];
    const { clients } = fakeClients([], []);
    clients.webhook.mode = 'simple';
    clients.webhook.fetch = (_url, init) => {
      inits.push(init ?? {});
      // What a no-cors answer looks like to the page: no status, no body.
      return Promise.resolve({ type: 'opaque', ok: false, status: 0 } as Response);
    };
    expect(await submitContact(ID, VALUES, clients)).toEqual({ ok: true });
    expect(inits).toHaveLength(1);
    expect(inits[0]).toMatchObject({
      method: 'POST',
      mode: 'no-cors',
      keepalive: true,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(JSON.parse(String(inits[0]?.body))).toMatchObject({ id: ID, name: 'Dana Lee' });
    // A network failure still fails (and is retried) in simple mode.
    const down = fakeClients([], ['throw', 'throw', 'throw']);
    down.clients.webhook.mode = 'simple';
    expect(await submitContact(ID, VALUES, down.clients)).toMatchObject({
      ok: false,
      step: 'webhook',
      reason: 'network',
    });
  });

  it('counts a duplicate key on any other constraint as a refusal, not as stored', async () => {
    const other = fail(
      409,
      '23505',
      'duplicate key value violates unique constraint "contact_submissions_email_key"',
    );
    const { clients, inserted, posted } = fakeClients([other], []);
    expect(await submitContact(ID, VALUES, clients)).toMatchObject({
      ok: false,
      step: 'insert',
      reason: 'http',
      status: 409,
    });
    expect(inserted).toHaveLength(1);
    expect(posted).toHaveLength(0);
  });

  it('does not retry a 429 (too many submissions): one try, then the failure', async () => {
    const limited = fail(429, 'LG002', 'Too many submissions from this address');
    const { clients, inserted, posted, sleeps } = fakeClients([limited], []);
    expect(await submitContact(ID, VALUES, clients)).toMatchObject({
      ok: false,
      step: 'insert',
      status: 429,
    });
    expect(inserted).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(posted).toHaveLength(0);
  });

  it.each([
    ['a dropped connection', fail(0, '', 'TypeError: Failed to fetch')],
    ['a thrown network error', 'throw' as const],
    ['a 502', fail(502)],
    ['a 503', fail(503)],
    ['a 504', fail(504)],
  ])('retries the insert after %s, with backoff, and succeeds', async (_what, first) => {
    const { clients, inserted, posted, sleeps } = fakeClients([first, first], []);
    expect(await submitContact(ID, VALUES, clients)).toEqual({ ok: true });
    expect(inserted.map((row) => row.id)).toEqual([ID, ID, ID]);
    expect(sleeps).toEqual([400, 1200]);
    expect(posted).toHaveLength(1);
  });

  it('gives up on the insert after two retries, and never calls the webhook', async () => {
    const { clients, inserted, posted } = fakeClients([fail(503), fail(503), fail(503)], []);
    const result = await submitContact(ID, VALUES, clients);
    expect(result).toEqual({
      ok: false,
      step: 'insert',
      reason: 'http',
      status: 503,
      detail: '503  failed',
    });
    expect(inserted).toHaveLength(3);
    expect(posted).toHaveLength(0);
    expect(consoleError()).toHaveBeenCalledWith(
      expect.stringContaining('database insert failed (http): 503'),
    );
  });

  it.each([
    ['a 500', fail(500, 'XX000', 'boom'), 500],
    ['a constraint violation', fail(400, '23514', 'violates check constraint'), 400],
    ['a refused key', fail(401, 'PGRST301', 'Invalid API key'), 401],
  ])('does not retry the insert after %s', async (_what, outcome, status) => {
    const { clients, inserted, posted } = fakeClients([outcome], []);
    const result = await submitContact(ID, VALUES, clients);
    expect(result).toMatchObject({ ok: false, step: 'insert', reason: 'http', status });
    expect(inserted).toHaveLength(1);
    expect(posted).toHaveLength(0);
  });

  it('fails the insert after the timeout when the database hangs, without retrying', async () => {
    vi.useFakeTimers();
    const { clients, inserted, posted } = fakeClients(['hang'], []);
    const pending = submitContact(ID, VALUES, clients);
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ ok: false, step: 'insert', reason: 'timeout' });
    expect(inserted).toHaveLength(1);
    expect(posted).toHaveLength(0);
  });

  it.each([
    ['a 500', 500, false],
    ['a 404', 404, false],
    ['a 502', 502, true],
    ['a 503', 503, true],
    ['a network error', 'throw' as const, true],
  ])(
    'after %s from the webhook it retries only when that can help',
    async (_what, answer, retried) => {
      const { clients, inserted, posted } = fakeClients([], [answer, answer, answer]);
      const result = await submitContact(ID, VALUES, clients);
      expect(result).toMatchObject({ ok: false, step: 'webhook' });
      expect(posted).toHaveLength(retried ? 3 : 1);
      expect(inserted).toHaveLength(1);
    },
  );

  it('succeeds when the webhook recovers on a retry', async () => {
    const { clients, posted } = fakeClients([], [502, 200]);
    expect(await submitContact(ID, VALUES, clients)).toEqual({ ok: true });
    expect(posted.map((p) => p.id)).toEqual([ID, ID]);
  });

  it('fails the webhook after the timeout when it hangs', async () => {
    vi.useFakeTimers();
    const { clients, posted } = fakeClients([], ['hang']);
    const pending = submitContact(ID, VALUES, clients);
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS);
    expect(await pending).toMatchObject({ ok: false, step: 'webhook', reason: 'timeout' });
    expect(posted).toHaveLength(1);
  });

  it('a retry of the same submission after a webhook failure stores nothing twice', async () => {
    // First press: stored, webhook down. Second press, same id: duplicate key, webhook up.
    const first = fakeClients([{ ok: true }], [500]);
    expect((await submitContact(ID, VALUES, first.clients)).ok).toBe(false);
    const second = fakeClients([STORED], [200]);
    expect(await submitContact(ID, VALUES, second.clients)).toEqual({ ok: true });
    expect([...first.inserted, ...second.inserted].every((row) => row.id === ID)).toBe(true);
  });

  it('sends where the lead came from with both steps, within the database limits', async () => {
    const { clients, inserted, posted } = fakeClients([], []);
    const context = {
      page: '/about-me',
      utm: { utm_source: 'google' },
      estimate: 10000.4,
      demo_call: true,
      visit_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      trade: twoTrades()[1].slug,
    };
    expect(await submitContact(ID, VALUES, clients, context)).toEqual({ ok: true });
    // The estimate in whole dollars; the rest as it was given.
    const expected = { ...context, estimate: 10000 };
    expect(inserted[0]).toMatchObject(expected);
    expect(posted[0]).toMatchObject(expected);

    // Out of bounds: sent as null, so the lead itself is never refused for it.
    await submitContact(ID, VALUES, clients, {
      page: 'https://elsewhere.example',
      utm: null,
      estimate: 1e30,
      demo_call: false,
      visit_id: 'not-a-uuid',
      trade: 'Solar; drop table',
    });
    expect(inserted[1]).toMatchObject({
      page: null,
      estimate: null,
      demo_call: false,
      visit_id: null,
      trade: null,
    });
    expect(parseLeadContext({ ...context, estimate: Number.NaN }).estimate).toBeNull();
    expect(parseLeadContext({ ...context, estimate: ESTIMATE_MAX }).estimate).toBe(ESTIMATE_MAX);
  });

  describe('past the site ceiling (429 LG003)', () => {
    const ceiling = fail(429, 'LG003', 'Too many submissions to this site right now');

    /** A bot-checked way whose answers are scripted per try; it records tokens and rows. */
    function botChecked(steps: (InsertOutcome | 'no-token')[]) {
      const sent: { row: LeadRow; captcha: string }[] = [];
      let tokens = 0;
      const way: BotCheckedInsert = {
        token: () =>
          steps[0] === 'no-token'
            ? (steps.shift(), Promise.reject(new Error('no bot-check token in time')))
            : Promise.resolve(`token-${(tokens += 1)}`),
        insert: (row: LeadRow, captcha: string) => {
          sent.push({ row, captcha });
          const step = (steps.shift() as InsertOutcome | undefined) ?? { ok: true as const };
          return Promise.resolve(step);
        },
      };
      return { way, sent };
    }

    it('sends the same row, same id, through the bot check, then posts the webhook', async () => {
      const { clients, inserted, posted } = fakeClients([ceiling], []);
      const { way, sent } = botChecked([{ ok: true }]);
      expect(await submitContact(ID, VALUES, { ...clients, botChecked: way })).toEqual({
        ok: true,
      });
      expect(inserted).toHaveLength(1);
      expect(sent).toEqual([{ row: inserted[0], captcha: 'token-1' }]);
      expect(posted).toHaveLength(1);
      expect(posted[0]?.id).toBe(ID);
    });

    it('counts a stored id (409 23505 on the primary key) as stored', async () => {
      const { clients, posted } = fakeClients([ceiling], []);
      const { way } = botChecked([STORED]);
      expect(await submitContact(ID, VALUES, { ...clients, botChecked: way })).toEqual({
        ok: true,
      });
      expect(posted).toHaveLength(1);
    });

    it('retries a 503 with a fresh token, and fails on a refused bot check without the webhook', async () => {
      const first = fakeClients([ceiling], []);
      const retried = botChecked([fail(503), { ok: true }]);
      expect(
        await submitContact(ID, VALUES, { ...first.clients, botChecked: retried.way }),
      ).toEqual({ ok: true });
      expect(retried.sent.map((try_) => try_.captcha)).toEqual(['token-1', 'token-2']);

      const second = fakeClients([ceiling], []);
      const refused = botChecked([fail(403, 'captcha_failed')]);
      expect(
        await submitContact(ID, VALUES, { ...second.clients, botChecked: refused.way }),
      ).toMatchObject({ ok: false, step: 'insert', status: 403 });
      expect(second.posted).toHaveLength(0);
    });

    it('fails when no token comes, sending nothing', async () => {
      const { clients, posted } = fakeClients([ceiling], []);
      const { way, sent } = botChecked(['no-token']);
      expect(await submitContact(ID, VALUES, { ...clients, botChecked: way })).toMatchObject({
        ok: false,
        step: 'insert',
        reason: 'network',
      });
      expect(sent).toHaveLength(0);
      expect(posted).toHaveLength(0);
    });

    it('never takes that way for a per-address limit (LG002) or without a bot check', async () => {
      const own = fakeClients([fail(429, 'LG002')], []);
      const { way, sent } = botChecked([]);
      expect(await submitContact(ID, VALUES, { ...own.clients, botChecked: way })).toMatchObject({
        ok: false,
        status: 429,
      });
      expect(sent).toHaveLength(0);
      const none = fakeClients([ceiling], []);
      expect(await submitContact(ID, VALUES, none.clients)).toMatchObject({
        ok: false,
        status: 429,
      });
    });
  });

  it('sends tabs as spaces, and only the five utm keys and a same-site page', async () => {
    const { clients, inserted } = fakeClients([], []);
    await submitContact(ID, { ...VALUES, message: 'Col A\tCol B' }, clients, {
      page: '//evil.example/login',
      utm: JSON.parse('{"utm_source":"x","ref":"y","__proto__":{"utm_medium":"z"}}') as Record<
        string,
        string
      >,
      estimate: null,
      demo_call: false,
      visit_id: null,
      trade: null,
    });
    expect(inserted[0]).toMatchObject({
      message: 'Col A Col B',
      page: null,
      utm: { utm_source: 'x' },
    });
  });
});

describe('submitContact in the default profile (the server step stores and posts the lead)', () => {
  /** The submit-lead function as the page meets it: scripted answers, every call recorded. */
  function serverClients(steps: InsertOutcome[]) {
    const sent: LeadRow[] = [];
    const clients: SubmissionClients = {
      now: () => NOW,
      sleep: async () => undefined,
      insert: async (row) => {
        sent.push(row);
        return steps.shift() ?? { ok: true, delivered: true };
      },
    };
    return { clients, sent };
  }

  it('succeeds when the function stored and delivered it, and posts nothing itself', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { clients, sent } = serverClients([{ ok: true, delivered: true }]);
    expect(await submitContact(ID, VALUES, clients)).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('names the webhook step when the function kept the lead but could not pass it on, and a press again finishes it', async () => {
    const failed = { ...fail(502, 'webhook_failed', 'could not be passed on'), delivered: false };
    const { clients, sent } = serverClients([failed, failed, failed]);
    expect(await submitContact(ID, VALUES, clients)).toMatchObject({
      ok: false,
      step: 'webhook',
      status: 502,
    });
    // Not repeated: the function tried the post itself, and each try is one of the outbox's.
    expect(sent.map((row) => row.id)).toEqual([ID]);
    // The visitor presses again: the function answers 409 (stored) and delivered.
    const retry = serverClients([
      { ...fail(409, '23505', 'contact_submissions_pkey'), delivered: true },
    ]);
    expect(await submitContact(ID, VALUES, retry.clients)).toEqual({ ok: true });
  });

  it('in the browser profile posts the webhook itself only when the function did not deliver it', async () => {
    const delivered = fakeClients([{ ok: true, delivered: true }], []);
    expect(await submitContact(ID, VALUES, delivered.clients)).toEqual({ ok: true });
    expect(delivered.posted).toHaveLength(0);
    const notDelivered = fakeClients([{ ok: true, delivered: false }], []);
    expect(await submitContact(ID, VALUES, notDelivered.clients)).toEqual({ ok: true });
    expect(notDelivered.posted).toHaveLength(1);
  });
});
