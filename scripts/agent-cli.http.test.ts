/**
 * `npm run agent:push` and `npm run agent:diff` as an owner runs them: `tsx` on the scripts, the
 * variables in their environment (every one set, so a developer's .env takes no part), against
 * the local stack listening on a port (its Vapi stand-in at /local/vapi): the exit codes and the
 * lines printed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { LOCAL_ANON_KEY_DEFAULT, localFunctionSecrets } from '../server/local-config';
import { freePort, localStackForTests } from '../server/tests/helpers';
import type { VapiAssistant } from '../supabase/functions/_shared/vapi/types';
import { AGENT_VARIABLES } from './lib/assistant-sync';

const run = promisify(execFile);
const KEY = localFunctionSecrets('', undefined, {}).VAPI_PRIVATE_KEY!;
const SECRET = 'the-webhook-secret-of-the-cli-test';

const local = localStackForTests(LOCAL_ANON_KEY_DEFAULT);
let vapiUrl = '';
let server: { close: (done: () => void) => void; closeAllConnections?: () => void };
beforeAll(async () => {
  const { serve } = await import('@hono/node-server');
  const port = await freePort();
  vapiUrl = `http://127.0.0.1:${port}${LOCAL_ROUTES.vapi}`;
  server = serve({ fetch: local.stack.app.fetch, port, hostname: '127.0.0.1' });
});
afterAll(async () => {
  server.closeAllConnections?.();
  await new Promise<void>((done) => server.close(() => done()));
});

/** The shell's variables but the agent's, which are these alone ('' is unset). */
function envWith(agent: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('VAPI_')) delete env[name];
  for (const name of AGENT_VARIABLES) env[name] = agent[name] ?? '';
  return env;
}

async function script(
  name: 'agent-push' | 'agent-diff',
  agent: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`],
      { env: envWith(agent) },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const vapi = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${vapiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
};

describe('npm run agent:push and agent:diff, run', () => {
  it('push creates and prints the id; diff exits 0, then 1 naming firstMessage after an edit; push again updates that one; diff exits 2 without the key', async () => {
    const agent = {
      VAPI_API_URL: vapiUrl,
      VAPI_PRIVATE_KEY: KEY,
      SUPABASE_URL: 'https://project-ref.supabase.co',
      VAPI_WEBHOOK_SECRET: SECRET,
    };
    const pushed = await script('agent-push', agent);
    expect(pushed.code, pushed.stderr).toBe(0);
    const id = /^VAPI_ASSISTANT_ID=(\S+)$/m.exec(pushed.stdout)?.[1];
    expect(id, pushed.stdout).toBeDefined();
    expect(pushed.stdout).toContain(`  npx supabase secrets set VAPI_ASSISTANT_ID=${id}\n`);
    expect(pushed.stdout + pushed.stderr).not.toContain(SECRET);
    expect(pushed.stdout + pushed.stderr).not.toContain(KEY);

    const same = await script('agent-diff', { ...agent, VAPI_ASSISTANT_ID: id! });
    expect(same).toEqual({
      code: 0,
      stdout: `The assistant ${id} on Vapi is agent/assistant.ts's.\n`,
      stderr: '',
    });

    await vapi('PATCH', `/assistant/${id}`, { firstMessage: 'Edited in the dashboard' });
    const edited = await script('agent-diff', { ...agent, VAPI_ASSISTANT_ID: id! });
    expect(edited.code).toBe(1);
    expect(edited.stdout.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      '  firstMessage',
    ]);

    const again = await script('agent-push', agent);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('updating it rather than creating a twin');
    expect(again.stdout).toContain(`Updated the assistant`);
    expect(again.stdout).toMatch(new RegExp(`^VAPI_ASSISTANT_ID=${id}$`, 'm'));
    expect((await vapi<VapiAssistant[]>('GET', '/assistant')).map((a) => a.id)).toEqual([id]);

    const keyless = await script('agent-diff', { ...agent, VAPI_PRIVATE_KEY: '' });
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toBe('Not compared: set VAPI_PRIVATE_KEY (in the shell or .env).\n');
  });
});
