import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary folder with the smallest site the static host accepts. */
export async function makeTempSite(): Promise<{
  root: string;
  distDir: string;
  dataDir: string;
  remove: () => Promise<void>;
}> {
  const root = await mkdtemp(join(tmpdir(), 'local-stack-'));
  const distDir = join(root, 'dist');
  await mkdir(distDir);
  await writeFile(join(distDir, 'index.html'), '<h1>home</h1>');
  await writeFile(join(distDir, '404.html'), '<h1>not found</h1>');
  return {
    root,
    distDir,
    dataDir: join(root, 'data'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export function randomLead(overrides: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    name: 'Dana Lee',
    email: 'dana@example.com',
    phone: '555 010 2030',
    company: null,
    message: 'Please call me back.',
    created_at: '2026-11-22T06:17:05.123-08:00',
    page: '/',
    utm: null,
    estimate: null,
    demo_call: false,
    ...overrides,
  };
}
