import { test } from './fixtures';
import { startOwnStack, type OwnStack } from '../scripts/lib/own-stack';

/**
 * The specs that build a site of their own (a configuration the main suite's build does not
 * have) and serve it with a local stack of their own, each at a port of its own range: two such
 * specs run at once (two workers), and a shared port would serve one spec the other's site.
 * A new spec takes the next free hundred.
 */
const PORT_RANGES = {
  'browser-profile': 4500,
  dev: 4700,
  flood: 4900,
  'speed-to-lead': 5000,
  rebrand: 5100,
  outbox: 5200,
} as const;

export type OwnStackSpec = keyof typeof PORT_RANGES;

/** The Fetch standard's bad ports within the ranges: a browser refuses them (ERR_UNSAFE_PORT). */
const BAD_PORTS = new Set([5060, 5061]);

/** A port in `spec`'s own range (random within it: a run's leftovers do not collide). */
export function ownPort(spec: OwnStackSpec): number {
  for (;;) {
    const port = PORT_RANGES[spec] + Math.floor(Math.random() * 100);
    if (!BAD_PORTS.has(port)) return port;
  }
}

/**
 * A local-mode build of the spec's own with `env`, served at the port `ownPort` gives, for every
 * test of the file (run in order, the stack started before the first and stopped after the
 * last). Answers the origin the tests open (`baseURL` too) and the stack, once started.
 */
export function useOwnStack(
  spec: OwnStackSpec,
  env: NodeJS.ProcessEnv,
  /** Gives the repository to build and serve from, before the build (this one by default). */
  repository?: () => Promise<string>,
) {
  const port = ownPort(spec);
  const origin = `http://localhost:${port}`;
  let stack: OwnStack | undefined;

  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: origin });

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the hook's parameters.
  test.beforeAll(async ({}, info) => {
    // A build and a stack of their own: longer than one test's budget, and said so here.
    info.setTimeout(180_000);
    stack = await startOwnStack({
      name: spec,
      port,
      buildArgs: ['--mode', 'local'],
      env: { ...process.env, ...env },
      cwd: await repository?.(),
    });
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  return {
    origin,
    stack: (): OwnStack => {
      if (!stack) throw new Error(`${spec}: the stack has not started`);
      return stack;
    },
  };
}
