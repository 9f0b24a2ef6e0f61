/** Tests only: a page-facing handler's fakes, each keeping what it was asked. */
import assert from 'node:assert/strict';
import type { Background } from '../background.ts';
import type { CallDatabase } from '../database.ts';
import type { BudgetFeature } from '../contracts/budget.ts';
import { reportKeys } from '../report-key.ts';
import { fakeOutbox } from './outbox.ts';
import { playAnswer, postJson, type FakeAnswer } from './request.ts';

export const TURNSTILE = 'https://turnstile.test/siteverify';
export const VAPI = 'https://vapi.test';
export const HOOKS = 'https://hooks.test/owner';
export const HOOKS_SECRET = `whsec_${btoa('an owner webhook key of 32 bytes')}`;
const SITE = 'https://site.test';
export const REPORTS = reportKeys('service-role-key');

export async function assertReportTicket(ticket: unknown, id: string): Promise<void> {
  const { id: ticketId, key } = (ticket ?? {}) as { id?: unknown; key?: unknown };
  assert.equal(ticketId, id, 'the ticket names the row');
  assert.match(String(key), /^[A-Za-z0-9_-]{43}$/);
  assert.equal(await REPORTS.holds(String(key), id), true, 'its key reads its report');
  assert.equal(await REPORTS.holds(String(key), crypto.randomUUID()), false, 'and no other');
  assert.equal(await reportKeys('another secret').holds(String(key), id), false);
}

export interface Fakes {
  /** The bot check's action (the contract's): Cloudflare says a token was solved for it. */
  action: string;
  /** Cloudflare's answer, when not that one. */
  turnstile?: FakeAnswer | undefined;
  /** The owner's webhook's answers to its posts in turn (then `ok`). */
  webhook?: FakeAnswer[];
  /** Vapi's answer to a request (none: an unexpected fetch). */
  vapi: (url: string, body: unknown, method: string) => FakeAnswer | undefined;
  /**
   * The database's answers by function name (an Error is thrown); the others answer `{id}`,
   * budget_spent the day's first, whose budget resets at `budgetResetsAt` (its delivery written
   * to the outbox with it), and lead_delivery as the outbox (./outbox.ts).
   */
  database: Record<string, unknown>;
  budgetResetsAt: string;
}

export function fakeServices(fakes: Fakes) {
  const siteverify: string[] = [];
  const hooks: unknown[] = [];
  /** Every fetch, its body as a string (a form: 'form'). */
  const requests: { url: string; init: RequestInit; body: string }[] = [];
  const webhook = [...(fakes.webhook ?? [])];
  const database: { name: string; request: Record<string, unknown> }[] = [];
  const pending: Promise<unknown>[] = [];
  const outbox = fakeOutbox();
  const fetcher: typeof fetch = async (input, init = {}) => {
    const url = String(input);
    requests.push({
      url,
      init,
      body: init.body instanceof FormData ? 'form' : String(init.body ?? ''),
    });
    let answer: FakeAnswer | undefined;
    if (url === HOOKS) {
      hooks.push(JSON.parse(String(init.body)));
      answer = webhook.shift() ?? new Response('ok');
    } else if (url === TURNSTILE) {
      siteverify.push(String((init.body as FormData).get('response')));
      answer =
        fakes.turnstile ??
        Response.json({ success: true, action: fakes.action, hostname: 'site.test' });
    } else if (url.startsWith(VAPI)) {
      answer = fakes.vapi(url, JSON.parse(String(init.body)), String(init.method));
    }
    if (answer === undefined) throw new Error(`unexpected fetch ${url}`);
    return await playAnswer(answer, init);
  };
  const callDatabase: CallDatabase = async (name, request) => {
    database.push({ name, request });
    if (name === 'lead_delivery' && !(name in fakes.database)) return outbox.call(request);
    const answer =
      fakes.database[name] ??
      (name === 'budget_spent'
        ? { first: true, day: '2026-11-26', resets_at: fakes.budgetResetsAt }
        : { id: request.id });
    if (answer instanceof Error) throw answer;
    const spent = answer as { first?: unknown; day?: unknown; resets_at?: unknown };
    if (name === 'budget_spent' && spent.first === true)
      outbox.enqueue(`budget_spent:${String(request.feature)}:${String(spent.day)}`, {
        alert: {
          feature: request.feature as BudgetFeature,
          budget: request.budget as number,
          resets_at: String(spent.resets_at),
        },
      });
    return answer;
  };
  const background: Background = (work) => void pending.push(work());
  return {
    siteverify,
    hooks,
    database,
    requests,
    /** The settings every such function takes, faked (the handler's own added by its test). */
    settings: {
      origins: [SITE],
      vapi: {
        apiUrl: VAPI,
        privateKey: 'private-key',
        assistantId: 'assistant-1',
        timeoutMs: 50,
        fetch: fetcher,
      },
      turnstile: { secret: 'secret', verifyUrl: TURNSTILE, fetch: fetcher, timeoutMs: 50 },
      database: callDatabase,
      webhook: { url: HOOKS, secret: HOOKS_SECRET, fetch: fetcher, sleep: async () => {} },
      background,
      reports: REPORTS,
    },
    send: async (
      handler: (request: Request) => Promise<Response>,
      name: string,
      body: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) => {
      const response = await handler(postJson(name, body, { origin: SITE, ...headers }));
      const answer = {
        status: response.status,
        headers: response.headers,
        body: await response.json(),
      };
      // What was left to finish after the answer (a record, the owner's webhook).
      await Promise.all(pending);
      return answer;
    },
  };
}

/** Web-call limits the start-web-call tests give the handler and the SQL tests give the claim. */
export const WEB_CALL_LIMITS = {
  per_address: 3,
  per_address_window: 3600,
  per_day: 100,
  minutes_per_day: 200,
  concurrent: 3,
};
