// The webhook's outbox through the local stack: submit-lead (Deno) stores a lead, vapi-events
// a call report, and each posts it at once to an automation that fails; deliver-webhooks, as the
// stack's timer and hosted pg_cron run it, posts it once due and the automation answers again,
// signed, with the same webhook-id.
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endOfCallReport, queuedWebCall } from '../supabase/functions/_shared/vapi/fixtures';
import { LOCAL_ANON_KEY_DEFAULT, LOCAL_SERVICE_ROLE_KEY } from './local-config';
import {
  freePort,
  listeningStackForTests,
  postToFunction,
  postVapiEvent,
  randomLead,
} from './tests/helpers';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
/** The owner's automation: records every post and answers `status`. */
const inbox = { status: 500, posts: [] as { headers: Record<string, string>; body: string }[] };
let server: Server;
let inboxUrl = '';

beforeAll(async () => {
  const port = await freePort();
  inboxUrl = `http://127.0.0.1:${port}/hook`;
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      inbox.posts.push({ headers: request.headers as Record<string, string>, body });
      response.writeHead(inbox.status).end();
    });
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

// The inbox's address is only known once it listens: the functions read it per request.
const local = listeningStackForTests(LOCAL_ANON_KEY_DEFAULT, {
  get CONTACT_WEBHOOK_URL() {
    return inboxUrl;
  },
  CONTACT_WEBHOOK_SECRET: SECRET,
});

const runWorker = () =>
  fetch(`${local.origin}/functions/v1/deliver-webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });

describe('a lead whose post failed, through the local stack', () => {
  it('is posted once, signed with the same webhook-id, when due and the automation answers', async () => {
    const lead = randomLead();
    const pressed = await postToFunction(
      local.origin,
      'submit-lead',
      { ...lead, captcha: 'XXXX.DUMMY.TOKEN.XXXX' },
      { key: LOCAL_ANON_KEY_DEFAULT },
    );
    expect(pressed.status).toBe(502);
    expect(await pressed.json()).toMatchObject({ code: 'webhook_failed' });
    const pressPosts = inbox.posts.length;
    expect(pressPosts).toBeGreaterThanOrEqual(1);

    // Not yet due: the worker leaves it.
    inbox.status = 200;
    expect(await (await runWorker()).json()).toEqual({ taken: 0, delivered: 0 });
    // Its turn comes (the first retry is within a minute: moved to now here).
    await local.stack.db.query(
      "update private.webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = $1",
      [lead.id],
    );
    const [first, second] = await Promise.all([runWorker(), runWorker()]);
    const answers = [await first.json(), await second.json()] as { delivered: number }[];
    expect(answers.map((answer) => answer.delivered).sort()).toEqual([0, 1]);
    expect(await (await runWorker()).json()).toEqual({ taken: 0, delivered: 0 });

    const posts = inbox.posts.slice(pressPosts);
    expect(posts).toHaveLength(1);
    const [posted] = posts;
    expect(posted!.headers['webhook-id']).toBe(inbox.posts[0]!.headers['webhook-id']);
    expect(posted!.headers['webhook-id']).toBe(lead.id);
    new Webhook(SECRET).verify(posted!.body, posted!.headers);
    expect(JSON.parse(posted!.body)).toMatchObject({ id: lead.id, email: lead.email });
  });

  it('runs for the service-role key only', async () => {
    const refused = await fetch(`${local.origin}/functions/v1/deliver-webhooks`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY_DEFAULT,
        authorization: `Bearer ${LOCAL_ANON_KEY_DEFAULT}`,
      },
    });
    expect(refused.status).toBe(401);
  });
});

describe('a call report whose post failed, through the local stack', () => {
  it('is posted by the worker once due, signed with the same webhook-id, when the automation answers', async () => {
    inbox.status = 500;
    // A web call the site started (Vapi's stand-in), then Vapi's report of it to vapi-events.
    const started = await postToFunction(
      local.origin,
      'start-web-call',
      {
        id: crypto.randomUUID(),
        captcha: 'XXXX.DUMMY.TOKEN.XXXX',
        visit_id: crypto.randomUUID(),
        variables: null,
      },
      { key: LOCAL_ANON_KEY_DEFAULT },
    );
    expect(started.status).toBe(200);
    const callId = String(((await started.json()) as { id: string }).id);
    const id = `call_report:${callId}`;
    const { message } = endOfCallReport(
      queuedWebCall({}, { id: callId, orgId: 'local-org' }),
      new Date(),
    );
    const reported = await postVapiEvent(local.origin, message);
    expect(await reported.json()).toEqual({ ok: true, stored: true });

    // Its press, after the answer: refused, and let go of for the outbox's schedule.
    const delivery = async () =>
      (
        await local.stack.db.query<{ presses: number; held: boolean; last_error: string | null }>(
          `select presses, claimed_until is not null as held, last_error
             from private.webhook_deliveries where id = $1`,
          [id],
        )
      ).rows[0];
    await expect.poll(delivery, { timeout: 15_000 }).toEqual({
      presses: 1,
      held: false,
      last_error: 'the webhook refused or did not answer',
    });
    const pressPosts = inbox.posts.filter((post) => post.headers['webhook-id'] === id);
    expect(pressPosts.length).toBeGreaterThanOrEqual(1);
    const before = inbox.posts.length;

    // Not yet due: the worker leaves it.
    inbox.status = 200;
    expect(await (await runWorker()).json()).toEqual({ taken: 0, delivered: 0 });
    // Its turn comes (the first retry is within a minute: moved to now here).
    await local.stack.db.query(
      "update private.webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = $1",
      [id],
    );
    const [first, second] = await Promise.all([runWorker(), runWorker()]);
    const answers = [await first.json(), await second.json()] as { delivered: number }[];
    expect(answers.map((answer) => answer.delivered).sort()).toEqual([0, 1]);
    expect(await (await runWorker()).json()).toEqual({ taken: 0, delivered: 0 });

    const posts = inbox.posts.slice(before);
    expect(posts).toHaveLength(1);
    const [posted] = posts;
    expect(posted!.headers['webhook-id']).toBe(id);
    expect(posted!.headers['webhook-id']).toBe(pressPosts[0]!.headers['webhook-id']);
    new Webhook(SECRET).verify(posted!.body, posted!.headers);
    expect(JSON.parse(posted!.body)).toMatchObject({
      type: 'call_report',
      vapi_call_id: callId,
      kind: 'webCall',
      summary: message.analysis!.summary,
      structured_data: message.analysis!.structuredData,
    });
    // The post the press made was the same JSON.
    expect(JSON.parse(posted!.body)).toEqual(JSON.parse(pressPosts[0]!.body));
    expect(await delivery()).toMatchObject({ held: false, last_error: null });
  });
});

describe("a stack started with the worker's timer", () => {
  const EVERY_MS = 200;
  const timed = listeningStackForTests(
    LOCAL_ANON_KEY_DEFAULT,
    {
      get CONTACT_WEBHOOK_URL() {
        return inboxUrl;
      },
      CONTACT_WEBHOOK_SECRET: SECRET,
    },
    { deliverEveryMs: EVERY_MS },
  );

  it('posts a due delivery without anyone running the worker, and stops at close()', async () => {
    // Every run of the worker the timer asks of the stack.
    const runs: string[] = [];
    const fetchOfApp = timed.stack.app.fetch;
    timed.stack.app.fetch = (request, ...rest) => {
      if (new URL(request.url).pathname === '/functions/v1/deliver-webhooks')
        runs.push(request.url);
      return fetchOfApp(request, ...rest);
    };

    inbox.status = 500;
    const lead = randomLead();
    const pressed = await postToFunction(
      timed.origin,
      'submit-lead',
      { ...lead, captcha: 'XXXX.DUMMY.TOKEN.XXXX' },
      { key: LOCAL_ANON_KEY_DEFAULT },
    );
    expect(pressed.status).toBe(502);
    const postsOfLead = () => inbox.posts.filter((post) => post.headers['webhook-id'] === lead.id);
    const pressPosts = postsOfLead().length;
    expect(pressPosts).toBeGreaterThanOrEqual(1);

    inbox.status = 200;
    await timed.stack.db.query(
      "update private.webhook_deliveries set next_attempt_at = now() - interval '1 second' where id = $1",
      [lead.id],
    );
    await expect.poll(() => postsOfLead().length, { timeout: 15_000 }).toBe(pressPosts + 1);
    await expect
      .poll(
        async () =>
          (
            await timed.stack.db.query<{ delivered: boolean }>(
              'select delivered_at is not null as delivered from private.webhook_deliveries where id = $1',
              [lead.id],
            )
          ).rows[0],
      )
      .toEqual({ delivered: true });
    expect(runs.length).toBeGreaterThanOrEqual(1);

    await timed.stack.close();
    const afterClose = runs.length;
    await new Promise((waited) => setTimeout(waited, EVERY_MS * 5));
    expect(runs).toHaveLength(afterClose);
  });
});
