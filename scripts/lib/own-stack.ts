import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function runBuild(args: string[], options: SpawnSyncOptions) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], options);
}

/** A build and a local stack of its own in a temporary folder, for a configuration of its own. */
export interface OwnStack {
  /** The built site. */
  siteDir: string;
  stop: () => Promise<void>;
}

export async function startOwnStack(options: {
  name: string;
  port: number;
  buildArgs?: string[];
  env: NodeJS.ProcessEnv;
  /** The repository to build and serve from: this one unless given (a copy, say). */
  cwd?: string;
}): Promise<OwnStack> {
  const root = await mkdtemp(join(tmpdir(), `${options.name}-`));
  const env = { ...options.env, PORT: String(options.port) };
  const buildArgs = [...(options.buildArgs ?? []), '--out', join(root, 'site')];
  const build = runBuild(buildArgs, { env, encoding: 'utf8', cwd: options.cwd });
  if (build.status !== 0)
    throw new Error(
      `${options.name} build failed:\n${String(build.stdout)}${String(build.stderr)}`,
    );
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...env, DIST_DIR: join(root, 'site'), DATA_DIR: join(root, 'data') },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ready, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Leads inbox:')) ready();
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => fail(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    siteDir: join(root, 'site'),
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((done) => server.once('exit', done));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
