import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
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
  /**
   * As `kill -9` would, to the server and every process it started (the functions' Deno
   * processes: the server leads a process group of its own); resolves once none is left.
   */
  kill: () => Promise<void>;
  /** The server again, on the same site, port and data folder. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** The processes of a process group still running (a zombie has stopped). */
function groupMembers(group: number): number[] {
  if (!existsSync('/proc')) {
    try {
      process.kill(-group, 0);
      return [group];
    } catch {
      return [];
    }
  }
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command's closing parenthesis: state, parent, process group.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === group && state !== 'Z' ? [Number(entry)] : [];
    } catch {
      return []; // gone while read
    }
  });
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
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...env, DIST_DIR: join(root, 'site'), DATA_DIR: join(root, 'data') },
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, so `kill` reaches every process the server started.
      detached: true,
    });
    await new Promise<void>((ready, fail) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Leads inbox:')) ready();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => fail(new Error(`the server exited (${code}):\n${output}`)));
    });
    return child;
  };
  let server = await launch();
  return {
    siteDir: join(root, 'site'),
    async kill() {
      const group = server.pid!;
      const exited = new Promise((done) => server.once('exit', done));
      process.kill(-group, 'SIGKILL');
      await exited;
      const giveUp = Date.now() + 10_000;
      while (groupMembers(group).length > 0) {
        if (Date.now() > giveUp)
          throw new Error(`${options.name}: still running after SIGKILL: ${groupMembers(group)}`);
        await new Promise((done) => setTimeout(done, 50));
      }
    },
    async restart() {
      server = await launch();
    },
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((done) => server.once('exit', done));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
