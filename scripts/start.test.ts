import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempSite } from '../server/tests/helpers';
import { LOCAL_VITE_MODE } from '../src/lib/config-schema';
import { portTakenLine } from '../server/local-config';
import { describeLocalOverrides, resolveSiteConfig } from './lib/site-config';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Holds a port on localhost while `run` goes on, as another program would. */
async function withTakenPort(run: (port: number) => Promise<void> | void) {
  const blocker: Server = createServer();
  const port = await new Promise<number>((done) =>
    blocker.listen(0, 'localhost', () => done((blocker.address() as { port: number }).port)),
  );
  try {
    await run(port);
  } finally {
    await new Promise((done) => blocker.close(done));
  }
}

describe('npm start', () => {
  it('reports a taken port in one line, before any build', async () => {
    await withTakenPort((port) => {
      const started = Date.now();
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(port) },
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(portTakenLine(port));
      expect(result.stdout).not.toContain('Building the site');
      expect(Date.now() - started).toBeLessThan(15_000);
    });
  });

  it('npm run serve (the server alone) reports a port taken meanwhile in one line too', async () => {
    const site = await makeTempSite();
    try {
      await withTakenPort((port) => {
        const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          cwd: root,
          env: {
            ...process.env,
            PORT: String(port),
            DIST_DIR: site.distDir,
            DATA_DIR: site.dataDir,
          },
          encoding: 'utf8',
        });
        expect(result.status).toBe(1);
        expect(result.stderr.trim()).toBe(portTakenLine(port));
      });
    } finally {
      await site.remove();
    }
  });

  it('talks to the local stack whatever .env and the shell say, and says what it set aside', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-env-'));
    try {
      await writeFile(
        join(dir, '.env'),
        'VITE_SUPABASE_URL=https://real-project.supabase.co\nVITE_SUPABASE_ANON_KEY=sb_publishable_real\n',
      );
      const overridden: string[] = [];
      const config = resolveSiteConfig(
        LOCAL_VITE_MODE,
        dir,
        {
          PORT: '4555',
          VITE_CONTACT_WEBHOOK_URL: 'https://n8n.example.com/webhook/lead',
          VITE_DEMO_VIDEO_URL: 'https://video.example.com/real',
          VITE_VAPI_PUBLIC_KEY: 'pk_real',
        },
        (name) => overridden.push(name),
      );
      expect(config.supabaseUrl).toBe('http://localhost:4555');
      expect(config.supabaseAnonKey).toBe('local-anon-key');
      // The default profile: the server step posts leads and starts calls, so the page holds
      // neither the webhook's address nor the public key, which is set aside as a build refuses it.
      expect(config.leads).toEqual({ via: 'server' });
      expect(config.vapi).toEqual({ auth: 'server', maxCallSeconds: 180 });
      // Values that send nothing anywhere are the owner's to set, even locally.
      expect(config.demoVideoUrl).toBe('https://video.example.com/real');
      expect(overridden.sort()).toEqual([
        'VITE_CONTACT_WEBHOOK_URL',
        'VITE_SUPABASE_ANON_KEY',
        'VITE_SUPABASE_URL',
        'VITE_VAPI_PUBLIC_KEY',
      ]);
      expect(describeLocalOverrides(['VITE_VAPI_PUBLIC_KEY'], 'http://localhost:4555')).toEqual([
        "Local mode: VITE_VAPI_PUBLIC_KEY is set aside; the site starts every call through the server step (start-web-call, Vapi's stand-in at http://localhost:4555/local/vapi). Set VITE_VAPI_AUTH=public-key to ship the key instead.",
      ]);
      // Named, the public-key profile ships it.
      const named = resolveSiteConfig(LOCAL_VITE_MODE, dir, {
        PORT: '4555',
        VITE_VAPI_AUTH: 'public-key',
        VITE_VAPI_PUBLIC_KEY: 'pk_real',
        VITE_VAPI_ASSISTANT_ID: 'asst_real',
      });
      expect(named.vapi).toMatchObject({ auth: 'public-key', publicKey: 'pk_real' });
      expect(describeLocalOverrides(['VITE_SUPABASE_URL'], 'http://localhost:4555')).toEqual([
        'Local mode: VITE_SUPABASE_URL from .env or the shell is ignored; the local stack at http://localhost:4555 answers instead (leads stay in http://localhost:4555/local/leads).',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
