// Deno test of the work a function does after its answer.
import assert from 'node:assert/strict';
import { backgroundRunner } from './background.ts';

Deno.test(
  'work after the answer starts a turn later, not before the answer is handed over',
  async () => {
    const started: string[] = [];
    const kept: Promise<unknown>[] = [];
    const runtime = globalThis as { EdgeRuntime?: unknown };
    runtime.EdgeRuntime = { waitUntil: (work: Promise<unknown>) => void kept.push(work) };
    try {
      const background = backgroundRunner();
      background(async () => {
        started.push('record');
        await Promise.resolve();
        return 'recorded';
      });
      // The handler returns its answer now; everything queued as microtasks runs first.
      started.push('answer');
      await Promise.resolve();
      await Promise.resolve();
      assert.deepEqual(started, ['answer']);
      // The runtime keeps the worker for the work, and the work runs once, after the answer.
      assert.equal(kept.length, 1);
      assert.equal(await kept[0], 'recorded');
      assert.deepEqual(started, ['answer', 'record']);
    } finally {
      delete runtime.EdgeRuntime;
    }
  },
);
