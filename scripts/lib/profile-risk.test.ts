import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { publicKeyWorstCase } from './profile-risk';

describe('the public-key worst case', () => {
  it('is the figure docs/security.md states, computed from one formula', async () => {
    const worst = publicKeyWorstCase();
    const money = ([low, high]: readonly [number, number]) =>
      `$${low.toLocaleString('en-US')} to $${high.toLocaleString('en-US')}`;
    const docs = await readFile('docs/security.md', 'utf8');
    // Calls, then chat: the build's block and check:live print the same numbers.
    expect(docs).toContain(`${worst.callMinutes.toLocaleString('en-US')} call-minutes`);
    expect(docs).toContain(money(worst.callDollars));
    expect(docs).toContain(`${worst.chatMessages.toLocaleString('en-US')}`);
    expect(docs).toContain(money(worst.chatDollars));
  });
});
