// Deno tests of the functions' database client: a database that hangs is given up in time.
import assert from 'node:assert/strict';
import { databaseFromKeys } from './database.ts';

Deno.test('a call to a database that does not answer fails within its deadline', async () => {
  const hang: typeof fetch = (_input, init = {}) =>
    new Promise((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  const database = databaseFromKeys('https://project.supabase.test', 'service-role', hang, 50);
  const started = Date.now();
  await assert.rejects(database('callback_claim', { id: 'x' }), /database callback_claim/);
  assert.ok(Date.now() - started < 2_000, 'given up in time');
});

Deno.test('a database that answers is read as JSON, its error as a thrown error', async () => {
  const answers = [
    Response.json({ outcome: 'call' }),
    Response.json({ code: 'P0001', message: 'no' }, { status: 400 }),
  ];
  const database = databaseFromKeys('https://project.supabase.test', 'service-role', async () =>
    answers.shift()!,
  );
  assert.deepEqual(await database('callback_claim', {}), { outcome: 'call' });
  await assert.rejects(database('callback_claim', {}), /P0001 no/);
});
