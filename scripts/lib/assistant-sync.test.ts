/**
 * npm run agent:push, agent:diff and check:live's comparison against the local stack's Vapi
 * stand-in (its app's request as fetch, every request recorded): a push creates once and prints
 * the id; a second push, with the id or without it, creates nothing; the live assistant is the
 * definition (its prompt's variables, first message, Server URL and secret header, server
 * messages, cap, analysis plan); a dashboard edit is named by its path and nothing else, a
 * header's value never printed; a create Vapi may have made is not sent again.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assistantDefinition, SERVER_MESSAGES } from '../../agent/assistant';
import { VAPI_SECRET_HEADER as SECRET_HEADER } from '../../supabase/functions/_shared/vapi/client';
import { site } from '../../site.config';
import { businessVariables } from '../../supabase/functions/_shared/contracts/business';
import { leadCallVariables } from '../../supabase/functions/_shared/contracts/lead-call';
import { ESTIMATE_VARIABLES } from '../../supabase/functions/_shared/contracts/origin';
import type { VapiAssistant } from '../../supabase/functions/_shared/vapi/types';
import { createVapiStandIn } from '../../server/vapi/vapi-stand-in';
import {
  AGENT_VARIABLES,
  agentEnvironment,
  assistantDifferences,
  checkAssistant,
  diffAssistant,
  pushAssistant,
  type AgentEnv,
} from './assistant-sync';
import { checkLiveSite, formatResults } from './live-checks';
import { localDefaults, parseConfig } from '../../src/lib/config-schema';

const KEY = 'stand-in-private-key';
const SECRET = 'a-webhook-secret-of-this-test';
const SUPABASE_URL = 'https://project-ref.supabase.co';
const VAPI = 'http://vapi.test';
const CAP = 240;

const ENV: AgentEnv = {
  VAPI_PRIVATE_KEY: KEY,
  VAPI_API_URL: VAPI,
  SUPABASE_URL,
  VAPI_WEBHOOK_SECRET: SECRET,
  VAPI_MAX_CALL_SECONDS: String(CAP),
};
const DEFINITION = assistantDefinition({
  supabaseUrl: SUPABASE_URL,
  webhookSecret: SECRET,
  maxCallSeconds: CAP,
});

const db = new PGlite();
afterAll(() => db.close());

/** A stand-in of its own per test, and each request the scripts send it. */
let vapi: ReturnType<typeof createVapiStandIn>;
let sent: string[];
beforeEach(() => {
  vapi?.close();
  vapi = createVapiStandIn(db, KEY, 'org-test');
  sent = [];
});
const fetchVapi: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
  return vapi.app.request(url.href, init);
};
const unreachable: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));

/** As the dashboard (or a script with the key) would. */
const vapiRequest = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await vapi.app.request(`${VAPI}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
};
const listed = () => vapiRequest<VapiAssistant[]>('GET', '/assistant');
const setMode = (mode: string) =>
  vapi.app.request(`${VAPI}/mode`, { method: 'POST', body: JSON.stringify({ mode }) });

const idOf = (lines: string[]) =>
  lines.find((line) => line.startsWith('VAPI_ASSISTANT_ID='))?.slice('VAPI_ASSISTANT_ID='.length);

/** Pushes with no VAPI_ASSISTANT_ID; the id it printed. */
async function created(): Promise<string> {
  const { code, lines } = await pushAssistant(ENV, fetchVapi);
  expect(code, lines.join('\n')).toBe(0);
  sent = [];
  return idOf(lines)!;
}

describe('npm run agent:push', () => {
  it('creates the assistant once and prints its id and the one command that sets it, no secret', async () => {
    const { code, lines } = await pushAssistant(ENV, fetchVapi);
    expect(code, lines.join('\n')).toBe(0);
    expect(sent).toEqual(['GET /assistant', 'POST /assistant']);
    const [assistant] = await listed();
    expect(lines).toContain(`Created the assistant "${site.name}" on Vapi.`);
    expect(lines).toContain(`VAPI_ASSISTANT_ID=${assistant!.id}`);
    expect(lines).toContain(`  npx supabase secrets set VAPI_ASSISTANT_ID=${assistant!.id}`);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('pushes the prompt with its variables, the first message, the Server URL with its secret header, the server messages, the cap and the analysis plan', async () => {
    const id = await created();
    const live = await vapiRequest<VapiAssistant>('GET', `/assistant/${id}`);
    expect(assistantDifferences(DEFINITION, live)).toEqual([]);
    const prompt = (live.model as { messages?: { role: string; content: string }[] }).messages;
    expect(prompt?.[0]?.role).toBe('system');
    const variables = [
      ...ESTIMATE_VARIABLES,
      'trade',
      ...Object.keys(businessVariables({ business_name: 'A', trade: 'solar', city: 'Austin' })),
      ...Object.keys(leadCallVariables({ name: 'Dana', company: 'Lee', message: 'Hi' })),
    ];
    for (const name of variables) expect(prompt?.[0]?.content).toMatch(`{{${name}`);
    expect(live.firstMessage).toContain(site.name);
    expect(live.name).toBe(site.name.slice(0, 40));
    expect(live.server).toEqual({
      url: `${SUPABASE_URL}/functions/v1/vapi-events`,
      headers: { [SECRET_HEADER]: SECRET },
    });
    expect([...(live.serverMessages ?? [])].sort()).toEqual([...SERVER_MESSAGES].sort());
    expect(live.maxDurationSeconds).toBe(CAP);
    const plan = live.analysisPlan?.structuredDataPlan;
    expect(plan?.enabled).toBe(true);
    expect(plan?.schema?.properties).toMatchObject({
      name: { type: 'string' },
      email: { type: 'string' },
    });
  });

  it('run again, with the id or without it, sends nothing and creates no twin', async () => {
    const id = await created();
    const withId = await pushAssistant({ ...ENV, VAPI_ASSISTANT_ID: id }, fetchVapi);
    expect(withId.code, withId.lines.join('\n')).toBe(0);
    expect(sent).toEqual([`GET /assistant/${id}`]);
    expect(idOf(withId.lines)).toBe(id);
    expect(withId.lines).toContain(
      `The assistant "${site.name}" (${id}) on Vapi already is agent/assistant.ts's: nothing sent.`,
    );

    sent = [];
    const byName = await pushAssistant(ENV, fetchVapi);
    expect(byName.code, byName.lines.join('\n')).toBe(0);
    expect(sent).toEqual(['GET /assistant']);
    expect(idOf(byName.lines)).toBe(id);
    expect(byName.lines[0]).toBe(
      `VAPI_ASSISTANT_ID is not set, and Vapi has an assistant named "${site.name}" (${id}): updating it rather than creating a twin.`,
    );
    expect((await listed()).map((assistant) => assistant.id)).toEqual([id]);
  });

  it('updates the same assistant after a dashboard edit, with the id and without it, and names what it changed', async () => {
    const id = await created();
    const { updatedAt } = await vapiRequest<VapiAssistant>('PATCH', `/assistant/${id}`, {
      firstMessage: 'Edited in the dashboard',
    });
    const withId = await pushAssistant({ ...ENV, VAPI_ASSISTANT_ID: id }, fetchVapi);
    expect(withId.code, withId.lines.join('\n')).toBe(0);
    expect(sent).toEqual([`GET /assistant/${id}`, `PATCH /assistant/${id}`]);
    expect(withId.lines[0]).toBe(`Updated the assistant "${site.name}" (${id}): firstMessage.`);
    const live = await vapiRequest<VapiAssistant>('GET', `/assistant/${id}`);
    expect(live.firstMessage).toBe(DEFINITION.firstMessage);
    expect(live.updatedAt > updatedAt).toBe(true);

    await vapiRequest('PATCH', `/assistant/${id}`, { maxDurationSeconds: 600 });
    sent = [];
    const byName = await pushAssistant(ENV, fetchVapi);
    expect(byName.code, byName.lines.join('\n')).toBe(0);
    expect(sent).toEqual(['GET /assistant', `PATCH /assistant/${id}`]);
    expect(byName.lines[1]).toBe(
      `Updated the assistant "${site.name}" (${id}): maxDurationSeconds.`,
    );
    expect((await listed()).map((assistant) => assistant.id)).toEqual([id]);
  });

  it('fails an update whose answer still differs, naming the field', async () => {
    const id = await created();
    await vapiRequest('PATCH', `/assistant/${id}`, { firstMessage: 'Edited in the dashboard' });
    // A Vapi that keeps its own cap whatever it is sent.
    const keepsItsCap: typeof fetch = async (input, init) => {
      const answer = await fetchVapi(input, init);
      if (init?.method !== 'PATCH') return answer;
      return Response.json({ ...(await answer.json()), maxDurationSeconds: 600 });
    };
    const { code, lines } = await pushAssistant({ ...ENV, VAPI_ASSISTANT_ID: id }, keepsItsCap);
    expect(code).toBe(1);
    expect(lines.slice(0, 2)).toEqual([
      `Updated the assistant "${site.name}" (${id}): firstMessage.`,
      "Vapi's answer still differs from agent/assistant.ts in maxDurationSeconds: Vapi changed what it was sent.",
    ]);
  });

  it('sends a create once: after an answer that may hide a created assistant it says so, and the next push finds it by its name', async () => {
    await setMode('created-then-504');
    const first = await pushAssistant(ENV, fetchVapi);
    expect(first.code).toBe(1);
    expect(sent).toEqual(['GET /assistant', 'POST /assistant']);
    expect(first.lines[0]).toMatch(/^Vapi 504: .*Vapi may have created the assistant all the same/);
    expect(idOf(first.lines)).toBeUndefined();

    await setMode('ok');
    sent = [];
    const again = await pushAssistant(ENV, fetchVapi);
    expect(again.code, again.lines.join('\n')).toBe(0);
    expect(sent).toEqual(['GET /assistant']);
    const all = await listed();
    expect(all).toHaveLength(1);
    expect(idOf(again.lines)).toBe(all[0]!.id);
  });

  it('says Vapi refused a create it refused, sent once', async () => {
    await setMode('reject');
    const { code, lines } = await pushAssistant(ENV, fetchVapi);
    expect(code).toBe(1);
    expect(sent).toEqual(['GET /assistant', 'POST /assistant']);
    expect(lines[0]).toMatch(/^Vapi refused the assistant: Vapi 400: /);
    expect(await listed()).toEqual([]);
  });

  it('updates none of two assistants of its name, and creates none: it names both', async () => {
    const first = await vapiRequest<VapiAssistant>('POST', '/assistant', DEFINITION);
    const second = await vapiRequest<VapiAssistant>('POST', '/assistant', DEFINITION);
    const { code, lines } = await pushAssistant(ENV, fetchVapi);
    expect(code).toBe(1);
    expect(sent).toEqual(['GET /assistant']);
    expect(lines[0]).toContain(`2 assistants on Vapi are named "${site.name}"`);
    expect(lines[0]).toContain(first.id);
    expect(lines[0]).toContain(second.id);
    expect(lines[0]).toContain('set VAPI_ASSISTANT_ID');
  });

  it('creates nothing for a VAPI_ASSISTANT_ID Vapi does not have', async () => {
    const { code, lines } = await pushAssistant(
      { ...ENV, VAPI_ASSISTANT_ID: 'no-such-assistant' },
      fetchVapi,
    );
    expect(code).toBe(1);
    expect(sent).toEqual(['GET /assistant/no-such-assistant']);
    expect(lines[0]).toMatch(/^Vapi has no assistant no-such-assistant \(VAPI_ASSISTANT_ID\)/);
  });

  it('sends nothing without its variables, naming each, or with a cap out of bounds', async () => {
    const { code, lines } = await pushAssistant({ VAPI_API_URL: VAPI, SUPABASE_URL }, fetchVapi);
    expect(code).toBe(2);
    expect(lines).toEqual([
      'Nothing was sent to Vapi: set VAPI_PRIVATE_KEY, VAPI_WEBHOOK_SECRET (in the shell or .env).',
    ]);
    const capped = await pushAssistant({ ...ENV, VAPI_MAX_CALL_SECONDS: '601' }, fetchVapi);
    expect(capped.code).toBe(2);
    expect(capped.lines[0]).toMatch(/^Nothing was sent to Vapi: VAPI_MAX_CALL_SECONDS must be/);
    expect(sent).toEqual([]);
  });
});

describe('npm run agent:diff', () => {
  it('exits 0 right after a push, and 1 naming only firstMessage after a dashboard edit of it', async () => {
    const id = await created();
    const env = { ...ENV, VAPI_ASSISTANT_ID: id };
    const same = await diffAssistant(env, fetchVapi);
    expect(same).toEqual({
      code: 0,
      lines: [`The assistant ${id} on Vapi is agent/assistant.ts's.`],
    });
    expect(sent).toEqual([`GET /assistant/${id}`]);

    await vapiRequest('PATCH', `/assistant/${id}`, { firstMessage: 'Edited in the dashboard' });
    const edited = await diffAssistant(env, fetchVapi);
    expect(edited.code).toBe(1);
    expect(edited.lines.filter((line) => line.startsWith('  '))).toEqual(['  firstMessage']);
    expect(edited.lines[0]).toBe(`The assistant ${id} on Vapi differs from agent/assistant.ts in:`);
  });

  it("names a header edit by its path and prints neither the repository's value nor the live one", async () => {
    const id = await created();
    const edited = 'a-secret-typed-in-the-dashboard';
    await vapiRequest('PATCH', `/assistant/${id}`, {
      server: { ...DEFINITION.server, headers: { [SECRET_HEADER]: edited, 'x-extra': edited } },
    });
    const { code, lines } = await diffAssistant({ ...ENV, VAPI_ASSISTANT_ID: id }, fetchVapi);
    expect(code).toBe(1);
    expect(lines.filter((line) => line.startsWith('  '))).toEqual([
      `  server.headers.${SECRET_HEADER}`,
      '  server.headers.x-extra',
    ]);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain(edited);
  });

  it('exits 2 when it cannot compare: a variable missing (named), Vapi unreachable, no such assistant', async () => {
    const missing = await diffAssistant({ VAPI_API_URL: VAPI }, fetchVapi);
    expect(missing).toEqual({
      code: 2,
      lines: [
        'Not compared: set VAPI_PRIVATE_KEY, SUPABASE_URL, VAPI_WEBHOOK_SECRET (in the shell or .env).',
      ],
    });
    expect((await diffAssistant(ENV, fetchVapi)).lines).toEqual([
      'Not compared: set VAPI_ASSISTANT_ID (the id npm run agent:push printed) in the shell or .env.',
    ]);
    expect(sent).toEqual([]);
    const env = { ...ENV, VAPI_ASSISTANT_ID: 'no-such-assistant' };
    const gone = await diffAssistant(env, fetchVapi);
    expect(gone.code).toBe(2);
    expect(gone.lines[0]).toMatch(/^Not compared: Vapi has no assistant no-such-assistant/);
    const away = await diffAssistant(env, unreachable);
    expect(away.code).toBe(2);
    expect(away.lines[0]).toMatch(/^Not compared: Vapi unreachable: TypeError: fetch failed/);
    const wrongKey = await diffAssistant({ ...env, VAPI_PRIVATE_KEY: 'another-key' }, fetchVapi);
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.lines[0]).toMatch(/^Not compared: Vapi 401: /);
  });
});

describe('the comparison', () => {
  const live = (changes: Record<string, unknown> = {}) => ({
    ...structuredClone(DEFINITION),
    ...changes,
  });

  it("ignores what Vapi adds and the defaults it fills in, and the server messages' order", () => {
    const model = DEFINITION.model as object;
    expect(
      assistantDifferences(
        DEFINITION,
        live({
          id: 'a',
          orgId: 'o',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-02T00:00:00.000Z',
          latestVersion: null,
          isServerUrlSecretSet: true,
          firstMessageMode: 'assistant-speaks-first',
          model: { ...model, maxTokens: 250 },
          serverMessages: [...SERVER_MESSAGES].reverse(),
        }),
      ),
    ).toEqual([]);
  });

  it('names a server message missing or added, a captured field removed or added, a nested value changed', () => {
    expect(
      assistantDifferences(DEFINITION, live({ serverMessages: SERVER_MESSAGES.slice(1) })),
    ).toEqual(['serverMessages']);
    expect(
      assistantDifferences(
        DEFINITION,
        live({ serverMessages: [...SERVER_MESSAGES, 'conversation-update'] }),
      ),
    ).toEqual(['serverMessages']);
    const edited = live();
    const properties = edited.analysisPlan!.structuredDataPlan!.schema!.properties!;
    delete properties.email;
    properties.callbackTime = { type: 'string' };
    (edited.voice as { voiceId: string }).voiceId = 'Rohan';
    expect(assistantDifferences(DEFINITION, edited)).toEqual([
      'voice.voiceId',
      'analysisPlan.structuredDataPlan.schema.properties.email',
      'analysisPlan.structuredDataPlan.schema.properties.callbackTime',
    ]);
    expect(assistantDifferences(DEFINITION, live({ model: undefined }))).toEqual(['model']);
  });
});

describe("check:live's comparison", () => {
  const config = {
    supabaseUrl: SUPABASE_URL,
    vapi: { auth: 'server', maxCallSeconds: CAP },
  } as const;
  const line = async (env: AgentEnv) =>
    formatResults([await checkAssistant(config, env, fetchVapi)])[0];

  it('is skipped without VAPI_PRIVATE_KEY, naming it; passes after a push; fails naming firstMessage after an edit', async () => {
    expect(await line({})).toBe(
      'SKIP  the assistant on Vapi: not compared with agent/assistant.ts (set VAPI_PRIVATE_KEY, the Vapi private key, in the shell or .env to compare them)',
    );
    expect(sent).toEqual([]);
    const id = await created();
    // The Server URL and the cap come from the build's variables.
    const env = {
      VAPI_PRIVATE_KEY: KEY,
      VAPI_API_URL: VAPI,
      VAPI_WEBHOOK_SECRET: SECRET,
      VAPI_ASSISTANT_ID: id,
    };
    expect(await line(env)).toBe(`PASS  the assistant on Vapi (${id}) is agent/assistant.ts's`);
    await vapiRequest('PATCH', `/assistant/${id}`, { firstMessage: 'Edited in the dashboard' });
    expect(await line(env)).toBe(
      `FAIL  the assistant on Vapi (${id}) differs from agent/assistant.ts in firstMessage: run npm run agent:push (copy an edit made in the dashboard into agent/ first to keep it)`,
    );
    expect(await line({ ...env, VAPI_WEBHOOK_SECRET: undefined, VAPI_ASSISTANT_ID: ' ' })).toBe(
      'FAIL  the assistant on Vapi was not compared with agent/assistant.ts: set VAPI_WEBHOOK_SECRET (in the shell or .env)',
    );
  });
});

describe('the whole check:live', () => {
  it('has the comparison, skipped without VAPI_PRIVATE_KEY, and hands it the variables given', async () => {
    const config = parseConfig(localDefaults('http://localhost:4173', 'anon-key'), 'local');
    const fetcher = () => Promise.resolve(new Response(''));
    const lines = async (agentEnv?: AgentEnv) =>
      formatResults(await checkLiveSite(config.siteUrl, config, { fetcher, agentEnv })).filter(
        (line) => line.includes('the assistant on Vapi'),
      );
    expect(await lines()).toEqual([
      'SKIP  the assistant on Vapi: not compared with agent/assistant.ts (set VAPI_PRIVATE_KEY, the Vapi private key, in the shell or .env to compare them)',
    ]);
    expect(await lines({ VAPI_PRIVATE_KEY: KEY, VAPI_WEBHOOK_SECRET: SECRET })).toEqual([
      'FAIL  the assistant on Vapi was not compared with agent/assistant.ts: set VAPI_ASSISTANT_ID (the id npm run agent:push printed) in the shell or .env',
    ]);
  });
});

describe('the variables, from the shell over .env', () => {
  it("takes the shell's value, even empty, over .env's, and the shell's alone when told", async () => {
    const root = await mkdtemp(join(tmpdir(), 'agent-env-'));
    try {
      await writeFile(
        join(root, '.env'),
        'VAPI_PRIVATE_KEY=from-file\nVAPI_ASSISTANT_ID=file-id\nSUPABASE_URL=https://file.supabase.co\nVITE_X=1\n',
      );
      for (const name of AGENT_VARIABLES) vi.stubEnv(name, undefined);
      vi.stubEnv('VAPI_ASSISTANT_ID', '');
      vi.stubEnv('SUPABASE_URL', 'https://shell.supabase.co');
      expect(agentEnvironment(root)).toEqual({
        VAPI_PRIVATE_KEY: 'from-file',
        VAPI_ASSISTANT_ID: '',
        SUPABASE_URL: 'https://shell.supabase.co',
      });
      expect(agentEnvironment(root, { dotEnv: false })).toEqual({
        VAPI_ASSISTANT_ID: '',
        SUPABASE_URL: 'https://shell.supabase.co',
      });
    } finally {
      vi.unstubAllEnvs();
      await rm(root, { recursive: true, force: true });
    }
  });
});
