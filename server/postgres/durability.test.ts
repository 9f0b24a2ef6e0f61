import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHeaders, makeTempSite, randomLead } from '../tests/helpers';
import { LOCAL_ROUTES } from '../../src/lib/local-stack-routes';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = 4600 + Math.floor(Math.random() * 300);
const KEY = 'durability-key';
let site: Awaited<ReturnType<typeof makeTempSite>>;
let running: ChildProcess | undefined;

/** Starts `server/main.ts` as one Node process (so SIGKILL hits the database's owner itself). */
function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DIST_DIR: site.distDir,
      DATA_DIR: site.dataDir,
      LOCAL_ANON_KEY: KEY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  return new Promise((resolveStart, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Leads inbox:')) {
        clearTimeout(timer);
        resolveStart(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

beforeAll(async () => {
  site = await makeTempSite();
});

afterAll(async () => {
  if (running && running.exitCode === null) await killHard(running);
  await site.remove();
});

describe('the local stack under a crash', () => {
  it('keeps every insert it answered 201 through kill -9 and a restart', async () => {
    const server = await startServer();
    const leads = Array.from({ length: 200 }, () => randomLead());
    const statuses: number[] = [];
    // 20 at a time, like a burst of visitors.
    for (let i = 0; i < leads.length; i += 20) {
      const batch = await Promise.all(
        leads.slice(i, i + 20).map((lead) =>
          fetch(`http://localhost:${PORT}/rest/v1/contact_submissions`, {
            method: 'POST',
            headers: insertHeaders(KEY),
            body: JSON.stringify(lead),
          }),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 201)).toBe(true);

    await killHard(server);
    await startServer();
    const stored = (await (
      await fetch(`http://localhost:${PORT}${LOCAL_ROUTES.leadsJson}`)
    ).json()) as {
      id: string;
    }[];
    const ids = new Set(stored.map((row) => row.id));
    expect(leads.filter((lead) => !ids.has(lead.id))).toEqual([]);
    expect(stored).toHaveLength(200);
  });
});
