import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      resolve: {
        // The functions' pinned npm: imports that tests on the Node side reach (through
        // vapi-events' handler), as the shared install has them.
        alias: { 'npm:standardwebhooks@1.1.1': 'standardwebhooks' },
      },
      test: {
        // The tests wait on databases, Deno and HTTP much of the time: a worker per core, not
        // Vitest's default of one fewer (a single worker on a 2-core machine).
        maxWorkers: availableParallelism(),
        // Threads start faster than processes; each test file still has its own module graph.
        pool: 'threads',
        projects: [
          {
            extends: true,
            test: {
              name: 'web',
              environment: 'jsdom',
              include: ['src/**/*.test.{ts,tsx}'],
              setupFiles: ['src/test/setup.ts'],
            },
          },
          {
            extends: true,
            test: {
              name: 'server',
              environment: 'node',
              include: [
                'server/**/*.test.ts',
                'supabase/tests/**/*.test.ts',
                'scripts/**/*.test.ts',
                'agent/**/*.test.ts',
              ],
              // The migration tests' prepared databases, made once for the run.
              globalSetup: ['supabase/tests/global-setup.ts'],
              testTimeout: 60_000,
              hookTimeout: 60_000,
            },
          },
        ],
      },
    }),
  ),
);
