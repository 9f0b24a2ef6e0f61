/**
 * The lead card's read (call-report) through the local stack, as a page and a stranger reach it:
 * a web call, a callback and a chat started through their functions (Deno), each start's ticket,
 * the Vapi stand-in's report through vapi-events, then the read with the anon key over HTTP:
 * waiting, then ready with the fixture's summary and captured fields and the webhook JSON the
 * owner's automation received; never with another key, nor with another call's ticket.
 */
import { describe, expect, it } from 'vitest';
import type { CallReportWebhook } from '../supabase/functions/_shared/contracts/call-report';
import {
  reportTicketOf,
  type CallSteps,
  type ReportReadAnswer,
  type ReportTicket,
} from '../supabase/functions/_shared/contracts/report-read';
import { endOfCallReport, queuedWebCall } from '../supabase/functions/_shared/vapi/fixtures';
import type { CreateCallBody } from '../supabase/functions/_shared/vapi/types';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import type { WebhookDelivery } from './inbox/local-routes';
import { LOCAL_ANON_KEY_DEFAULT } from './local-config';
import { listVapiCalls } from './vapi/vapi-stand-in';
import { MAX_BODY_BYTES } from './edge-functions/functions-host';
import { assistantDefinition } from '../agent/assistant';
import { MAX_CALL_SECONDS } from '../supabase/functions/_shared/contracts/call-length';
import {
  callbackBody,
  listeningStackForTests,
  nextAddress,
  postExpectingContinue,
  postToFunction,
} from './tests/helpers';

const KEY = LOCAL_ANON_KEY_DEFAULT;
const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
/** What Vapi's stand-in reports for every call: the shared fixture's analysis. */
/**
 * The stand-in's report of a call to the stack's assistant, agent/assistant.ts's (only its first
 * message and analysis plan shape a report, so the inputs here are any valid ones).
 */
const FIXTURE = endOfCallReport(
  queuedWebCall({}, { id: 'x', orgId: 'y' }),
  new Date(),
  {},
  assistantDefinition({
    supabaseUrl: 'http://127.0.0.1',
    webhookSecret: 'any',
    maxCallSeconds: MAX_CALL_SECONDS.fallback,
  }),
).message;

const local = listeningStackForTests(KEY);

async function post(name: string, body: unknown, address = nextAddress()) {
  const response = await postToFunction(local.origin, name, body, { address, key: KEY });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** Call my phone, as the page asks for it, with request id `id`. */
const askCallback = (id: string, phone: string) =>
  post('request-callback', callbackBody({ id, phone }));

/** The lead card's read, from any address (a phone may change networks during a call). */
const read = (ticket: ReportTicket) => post('call-report', ticket);

const json = async <T>(path: string) => (await (await fetch(`${local.origin}${path}`)).json()) as T;

/** Ends the stand-in's call `callId`: its end-of-call report goes to vapi-events. */
async function end(callId: string) {
  const sent = await fetch(`${local.origin}${LOCAL_ROUTES.vapiCallEnd(callId)}`, {
    method: 'POST',
  });
  expect(await sent.json()).toMatchObject({ delivered: true, status: 200 });
}

/** The webhook JSON the owner's automation received for the report of `callId`. */
async function delivered(callId: string): Promise<CallReportWebhook | undefined> {
  const deliveries = await json<WebhookDelivery[]>(LOCAL_ROUTES.webhookDeliveriesJson);
  return deliveries
    .map((delivery) => delivery.payload as CallReportWebhook)
    .find((payload) => payload.type === 'call_report' && payload.vapi_call_id === callId);
}

/** The read once it is ready (a chat's report reaches vapi-events after the end's answer). */
async function readyOf(ticket: ReportTicket) {
  let last: Awaited<ReturnType<typeof read>> | undefined;
  await expect
    .poll(async () => {
      last = await read(ticket);
      return last.body.status;
    })
    .toBe('ready');
  return (last!.body as Extract<ReportReadAnswer, { status: 'ready' }>).report;
}

describe('the lead card reads its report through the local stack', () => {
  it('a web call: waiting, then ready with the fixture’s summary and fields and the owner’s webhook JSON', async () => {
    const address = nextAddress();
    const started = await post(
      'start-web-call',
      { id: crypto.randomUUID(), captcha: TOKEN, visit_id: crypto.randomUUID(), variables: null },
      address,
    );
    expect(started.status).toBe(200);
    const ticket = reportTicketOf(started.body)!;
    expect(ticket).not.toBeNull();
    const waiting = await read(ticket);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual({ status: 'waiting' });
    expect(waiting.headers.get('cache-control')).toBe('no-store');

    await end(String(started.body.id));
    const report = await readyOf(ticket);
    expect(report).toMatchObject({
      kind: 'webCall',
      summary: FIXTURE.analysis!.summary,
      structured_data: FIXTURE.analysis!.structuredData,
      transcript: FIXTURE.artifact!.transcript,
    });
    await expect.poll(() => delivered(String(started.body.id))).toEqual(report.webhook);
    expect(report.webhook).toMatchObject({
      type: 'call_report',
      vapi_call_id: started.body.id,
      summary: FIXTURE.analysis!.summary,
      structured_data: FIXTURE.analysis!.structuredData,
    });
  });

  it('reads nothing without its own key: another key or another call’s ticket is 404, alike for an unknown id', async () => {
    const start = async () => {
      const started = await post('start-web-call', {
        id: crypto.randomUUID(),
        captcha: TOKEN,
        visit_id: null,
        variables: null,
      });
      expect(started.status).toBe(200);
      return { callId: String(started.body.id), ticket: reportTicketOf(started.body)! };
    };
    const ours = await start();
    const theirs = await start();
    await end(ours.callId);
    expect((await readyOf(ours.ticket)).webhook.vapi_call_id).toBe(ours.callId);

    const notFound = { code: 'not_found', message: 'No report for this id and key.' };
    for (const ticket of [
      { id: ours.ticket.id, key: theirs.ticket.key },
      { id: ours.ticket.id, key: 'A'.repeat(43) },
      { id: crypto.randomUUID(), key: ours.ticket.key },
    ]) {
      const answer = await read(ticket);
      expect(answer.status, JSON.stringify(ticket)).toBe(404);
      expect(answer.body).toEqual(notFound);
    }
    // Another call's ticket reads that call (not ended: waiting), never this one.
    expect((await read(theirs.ticket)).body).toEqual({ status: 'waiting' });
    // And a stranger's bodies: no ticket at all.
    expect((await read({ id: 'nope', key: ours.ticket.key })).status).toBe(400);
  });

  it('a callback: its accepted answer’s ticket reads the phone call’s report', async () => {
    const id = crypto.randomUUID();
    const accepted = await askCallback(id, '(415) 201-1001');
    expect(accepted.status).toBe(202);
    const ticket = reportTicketOf(accepted.body)!;
    expect(ticket.id).toBe(id);
    // A callback's answer also carries its steps (the stand-in's status-updates may have come).
    expect((await read(ticket)).body).toMatchObject({
      status: 'waiting',
      steps: { ended: false },
    });
    const call = (await listVapiCalls(local.stack.db)).find(
      (recorded) =>
        (recorded.body as CreateCallBody).assistantOverrides?.metadata?.callback_id === id,
    );
    await end(call!.call_id);
    const report = await readyOf(ticket);
    expect(report).toMatchObject({
      kind: 'outboundPhoneCall',
      summary: FIXTURE.analysis!.summary,
      structured_data: FIXTURE.analysis!.structuredData,
      webhook: { type: 'call_report', vapi_call_id: call!.call_id, callback_id: id },
    });
    await expect.poll(() => delivered(call!.call_id)).toEqual(report.webhook);
  });

  it('a callback’s steps: the stand-in’s ring read as ms from the request, its end, and never with another key', async () => {
    const delays = { queued: 200, ringing: 1500, 'in-progress': null };
    const mode = (statusDelays?: unknown) =>
      fetch(`${local.origin}${LOCAL_ROUTES.vapiMode}`, {
        method: 'POST',
        body: JSON.stringify({ mode: 'ok', statusDelays }),
      });
    expect(await (await mode(delays)).json()).toEqual({ mode: 'ok', statusDelays: delays });
    try {
      const id = crypto.randomUUID();
      const sent = Date.now();
      const accepted = await askCallback(id, '(415) 201-1002');
      // The request's own time: its steps count from its arrival (or its row's creation), and
      // the stand-in times each step from the call's creation, both within this span.
      const took = Date.now() - sent;
      expect(accepted.status).toBe(202);
      const ticket = reportTicketOf(accepted.body)!;
      let steps: CallSteps | undefined;
      await expect
        .poll(
          async () => {
            steps = ((await read(ticket)).body as ReportReadAnswer).steps;
            return steps?.ringing_ms ?? null;
          },
          { timeout: 10_000, interval: 200 },
        )
        .not.toBeNull();
      // From the request to the ring: the set delay, plus at most the request's own time (the
      // call is created before the 202; 5 ms for the database's rounding to the millisecond).
      expect(steps!.ringing_ms).toBeGreaterThanOrEqual(delays.ringing);
      expect(steps!.ringing_ms).toBeLessThanOrEqual(delays.ringing + took + 5);
      expect(steps!.queued_ms).toBeGreaterThanOrEqual(delays.queued);
      expect(steps!.queued_ms).toBeLessThanOrEqual(delays.queued + took + 5);
      // in-progress was set never to come; the call has not ended.
      expect(steps).toMatchObject({ answered_ms: null, ended: false });

      // Another key reads nothing, steps included.
      const wrong = await read({ id, key: 'A'.repeat(43) });
      expect(wrong.status).toBe(404);
      expect(wrong.body).toEqual({ code: 'not_found', message: 'No report for this id and key.' });

      // The end: Vapi's ended status-update, then the report, whose webhook has the ring.
      const call = (await listVapiCalls(local.stack.db)).find(
        (recorded) =>
          (recorded.body as CreateCallBody).assistantOverrides?.metadata?.callback_id === id,
      );
      await end(call!.call_id);
      await readyOf(ticket);
      const ready = (await read(ticket)).body as ReportReadAnswer;
      expect(ready.steps).toEqual({ ...steps, ended: true });
    } finally {
      await mode();
    }
  });

  it('a chat: its first answer’s ticket reads the chat’s report once it ends', async () => {
    const address = nextAddress();
    const id = crypto.randomUUID();
    const base = { id, visit_id: crypto.randomUUID(), variables: null, end: false };
    const first = await post(
      'chat',
      { ...base, input: 'Do you answer at night?', captcha: TOKEN },
      address,
    );
    expect(first.status).toBe(200);
    const ticket = reportTicketOf(first.body)!;
    // The chat's row in the database, not the page's id.
    expect(ticket.id).not.toBe(id);
    expect((await read(ticket)).body).toEqual({ status: 'waiting' });
    const ended = await post(
      'chat',
      { ...base, input: '', captcha: null, key: first.body.key, end: true },
      address,
    );
    expect(ended.status).toBe(200);
    const report = await readyOf(ticket);
    expect(report).toMatchObject({ kind: 'webChat', summary: null, structured_data: null });
    expect(report.transcript).toContain('User: Do you answer calls at night?');
    await expect.poll(() => delivered(report.webhook.vapi_call_id)).toEqual(report.webhook);
  });
});

describe('a body sent with Expect: 100-continue (curl past 1 MB), as hosted Supabase takes it', () => {
  const send = (body: string) =>
    postExpectingContinue(
      `${local.origin}/functions/v1/vapi-events`,
      { 'content-type': 'application/json', 'x-vapi-secret': 'local-vapi-webhook-secret' },
      body,
    );
  const report = () =>
    endOfCallReport(
      queuedWebCall({}, { id: `expect-${crypto.randomUUID()}`, orgId: 'y' }),
      new Date(),
    );

  it('is read and answered by the function: a report, its own 413, the host’s 413 past its limit', async () => {
    // A call the site did not start: read, and refused as the day's allowance (none) says.
    expect(await send(JSON.stringify(report()))).toEqual({
      status: 200,
      continued: true,
      body: { ok: true, stored: false, refused: true },
    });
    const padded = (bytes: number) => {
      const body = report();
      body.message.artifact!.transcript = 'a'.repeat(bytes);
      return JSON.stringify(body);
    };
    // Past vapi-events' 1 MB: the function's own refusal.
    expect(await send(padded(1.5 * 1024 * 1024))).toMatchObject({
      status: 413,
      body: { code: 'too_large' },
    });
    // Past the host's limit: the host's refusal, never a 502.
    expect(await send(padded(MAX_BODY_BYTES + 1024))).toMatchObject({
      status: 413,
      body: { code: 'payload_too_large' },
    });
  });
});
