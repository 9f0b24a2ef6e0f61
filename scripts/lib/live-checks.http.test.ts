/**
 * check:live's server-side checks against the local stack's own stand-ins, each made to answer
 * as a broken project would: the stack as it runs passes; a table granted to anon, a function
 * deployed against supabase/config.toml, and a data API over a database without the migrations
 * each fail, for the right reason; a lead the owner's automation refused is named until it is
 * delivered. The assistant's comparison: assistant-sync.test.ts and e2e/check-live.spec.ts.
 */
import { createServer, type Server } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLeadDeliveries, checkServerSide, formatResults } from './live-checks';
import type { Fetch } from './live-files';
import { localDefaults, parseConfig } from '../../src/lib/config-schema';
import {
  functionsWithoutKeyCheck,
  listFunctions,
} from '../../server/edge-functions/functions-host';
import { LOCAL_ANON_KEY_DEFAULT, LOCAL_SERVICE_ROLE_KEY } from '../../server/local-config';
import { readMigrations } from '../../server/postgres/migrations';
import { createRestApi } from '../../server/postgrest/postgrest';
import {
  freePort,
  listeningStackForTests,
  postToFunction,
  randomLead,
} from '../../server/tests/helpers';

const KEY = LOCAL_ANON_KEY_DEFAULT;

/** The owner's automation: answers every post with `status`. */
const inbox = { status: 200, url: '' };
let inboxServer: Server;
beforeAll(async () => {
  const port = await freePort();
  inbox.url = `http://127.0.0.1:${port}/hook`;
  inboxServer = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(inbox.status).end());
  });
  await new Promise<void>((listening) => inboxServer.listen(port, '127.0.0.1', listening));
});
afterAll(() => new Promise<void>((closed) => inboxServer.close(() => closed())));

describe('check:live against the local stack', () => {
  // The inbox's address is only known once it listens: the functions read it per request.
  const local = listeningStackForTests(KEY, {
    get CONTACT_WEBHOOK_URL() {
      return inbox.url;
    },
  });
  const configFor = (origin: string) =>
    parseConfig(
      { ...localDefaults('http://localhost:4173', KEY), VITE_SUPABASE_URL: origin },
      'local',
    );
  const noKeyCheck = functionsWithoutKeyCheck();
  const functions = listFunctions().map((name) => ({ name, verifyJwt: !noKeyCheck.has(name) }));

  it('passes every table the migrations leave (public: the database refuses anon; private: not exposed) and each function as config.toml says', async () => {
    const migrations = await readMigrations();
    const results = await checkServerSide(configFor(local.origin), { migrations, functions });
    const lines = formatResults(results);
    expect(
      lines.filter((line) => !line.startsWith('PASS')),
      lines.join('\n'),
    ).toEqual([]);
    for (const expected of [
      'PASS  the anon key cannot read public.web_chats (the database refuses it)',
      'PASS  the anon key cannot read public.web_chat_messages (the database refuses it)',
      'PASS  the anon key cannot read public.web_calls (the database refuses it)',
      'PASS  the anon key cannot read public.callback_do_not_call (the database refuses it)',
      'PASS  the anon key cannot read private.lead_arrivals (the data API does not expose private)',
      "PASS  function vapi-events runs without the gateway's key check, as supabase/config.toml says",
      'PASS  function vapi-events refuses a request without the secret',
      "PASS  function chat is behind the gateway's key check, as supabase/config.toml says",
      'PASS  the database has lead_deliveries_pending, and the anon key cannot call it',
    ])
      expect(lines).toContain(expected);
  });

  it('fails a table anon was granted, and passes it again once revoked', async () => {
    const migrations = await readMigrations();
    const config = configFor(local.origin);
    await local.stack.db.exec('grant select on public.web_chats to anon');
    try {
      const lines = formatResults(await checkServerSide(config, { migrations }));
      expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([
        expect.stringMatching(
          /^FAIL {2}the anon key may select from public\.web_chats \(200\): revoke select on public\.web_chats from anon/,
        ),
      ]);
    } finally {
      await local.stack.db.exec('revoke select on public.web_chats from anon');
    }
    const again = await checkServerSide(config, { migrations });
    expect(again.every((result) => result.ok)).toBe(true);
  });

  it("tells the gateway's refusal from a function's own: each function claimed the other way fails", async () => {
    const swapped = functions.map(({ name, verifyJwt }) => ({ name, verifyJwt: !verifyJwt }));
    const lines = formatResults(
      await checkServerSide(configFor(local.origin), { functions: swapped }),
    );
    expect(lines.filter((line) => line.startsWith('PASS'))).toEqual([]);
    expect(lines).toContain(
      'FAIL  function vapi-events answered 401 without a key: the gateway\'s key check is off: supabase/config.toml keeps verify_jwt on for it: deploy it with "supabase functions deploy vapi-events" from the project folder (without --no-verify-jwt)',
    );
    expect(lines.find((line) => line.includes('function chat '))).toMatch(
      /^FAIL {2}function chat is behind the gateway's key check \(401 Missing authorization header\): supabase\/config\.toml sets verify_jwt = false/,
    );
  });

  it('names a lead whose post failed by id, waiting, then overdue, then failed, and not once delivered', async () => {
    const config = configFor(local.origin);
    const deliveries = async () =>
      formatResults([
        await checkLeadDeliveries(config, { serviceRoleKey: LOCAL_SERVICE_ROLE_KEY }),
      ])[0]!;
    const runWorker = async () =>
      (await fetch(`${local.origin}/functions/v1/deliver-webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
      }).then((answer) => answer.json())) as { taken: number; delivered: number };
    const setDelivery = (set: string, id: string) =>
      local.stack.db.query(`update private.webhook_deliveries set ${set} where id = $1`, [id]);
    expect(await deliveries()).toBe('PASS  every lead stored is delivered');
    // The anon key is not the service-role key: the database refuses it.
    expect(formatResults([await checkLeadDeliveries(config, { serviceRoleKey: KEY })])[0]).toMatch(
      /^FAIL {2}SUPABASE_SERVICE_ROLE_KEY was refused \(401 42501\)/,
    );

    inbox.status = 500;
    const lead = randomLead();
    const pressed = await postToFunction(
      local.origin,
      'submit-lead',
      { ...lead, captcha: 'XXXX.DUMMY.TOKEN.XXXX' },
      { key: KEY },
    );
    expect(pressed.status).toBe(502);
    // Its next attempt is within the schedule (30 s on).
    expect(await deliveries()).toBe(
      `PASS  1 lead stored and not yet delivered, each waiting for its next attempt within the schedule: ${lead.id}`,
    );
    // No worker came for it.
    await setDelivery("next_attempt_at = now() - interval '3 minutes'", lead.id);
    const overdue = await deliveries();
    expect(overdue).toMatch(
      new RegExp(`^FAIL {2}1 lead stored but not delivered: 1 overdue \\(${lead.id}\\): `),
    );
    expect(overdue).toContain('deliver-webhooks is not running on its schedule');
    // The worker makes the schedule's last attempt, refused too: failed.
    await setDelivery("attempts = 9, next_attempt_at = now() - interval '1 second'", lead.id);
    expect(await runWorker()).toEqual({ taken: 1, delivered: 0 });
    const failed = await deliveries();
    expect(failed).toMatch(
      new RegExp(`^FAIL {2}1 lead stored but not delivered: 1 failed \\(${lead.id}\\): `),
    );
    expect(failed).toContain('(last error: "the webhook refused or did not answer")');
    // Failed is not due: the worker leaves it.
    expect(await runWorker()).toEqual({ taken: 0, delivered: 0 });

    // The automation answers again; the requeue the check prints, and the next run posts it.
    inbox.status = 200;
    const requeue = /requeue them in the SQL editor with (update [^;]+;)/.exec(failed)?.[1];
    expect(requeue).toBeDefined();
    await local.stack.db.exec(requeue!);
    expect(await runWorker()).toEqual({ taken: 1, delivered: 1 });
    expect(await deliveries()).toBe('PASS  every lead stored is delivered');
  });

  it('fails a project whose database never had the migrations, naming the first migration', async () => {
    const migrations = await readMigrations();
    const db = new PGlite();
    try {
      const api = createRestApi({ db, anonKey: KEY });
      const supabaseUrl = 'http://project.test';
      const fetcher: Fetch = async (url, init) =>
        api.request(url.replace(`${supabaseUrl}/rest/v1`, ''), init);
      const results = await checkServerSide(configFor(supabaseUrl), { migrations, fetcher });
      // Every public table and server-step function fails (the private schema is not exposed
      // either way, so its tables pass).
      const passed = formatResults(results).filter((line) => line.startsWith('PASS'));
      expect(passed.every((line) => line.includes('private.'))).toBe(true);
      expect(formatResults(results)).toContain(
        `FAIL  the database lacks public.contact_submissions (PGRST205): apply the migrations to the project, from ${migrations[0]!.file} on (supabase db push, docs/deploy.md step 3)`,
      );
      expect(
        formatResults(results).some((line) =>
          line.startsWith('FAIL  the database lacks lead_submit (PGRST202)'),
        ),
      ).toBe(true);
    } finally {
      await db.close();
    }
  });
});
