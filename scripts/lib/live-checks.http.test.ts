/**
 * check:live's server-side checks against the local stack's own stand-ins, each made to answer
 * as a broken project would: the stack as it runs passes; a table granted to anon, a function
 * deployed against supabase/config.toml, and a data API over a database without the migrations
 * each fail, for the right reason.
 */
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { checkServerSide, formatResults } from './live-checks';
import type { Fetch } from './live-files';
import { localDefaults, parseConfig } from '../../src/lib/config-schema';
import {
  functionsWithoutKeyCheck,
  listFunctions,
} from '../../server/edge-functions/functions-host';
import { LOCAL_ANON_KEY_DEFAULT } from '../../server/local-config';
import { readMigrations } from '../../server/postgres/migrations';
import { createRestApi } from '../../server/postgrest/postgrest';
import { listeningStackForTests } from '../../server/tests/helpers';

const KEY = LOCAL_ANON_KEY_DEFAULT;

describe('check:live against the local stack', () => {
  const local = listeningStackForTests(KEY);
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
