// Deno tests of plain-text.ts: the scripts a text resolves to (UTS #39 section 5.1), and prose as
// the agent hears it.
import assert from 'node:assert/strict';
import { plainProse, plainText, resolvedScripts } from './plain-text.ts';

Deno.test(
  'the resolved script set of UTS #39: Common counts as any script, Japanese as one',
  () => {
    assert.deepEqual(resolvedScripts('A1 Solar'), new Set(['Latn']));
    assert.equal(resolvedScripts('1 2 & 3'), null);
    assert.ok(resolvedScripts('東京ルーフ')?.has('Jpan'));
    assert.ok(resolvedScripts('서울 漢城')?.has('Kore'));
    assert.ok(resolvedScripts('注音 ㄅㄆ')?.has('Hanb'));
    assert.equal(resolvedScripts('Sunny R\u043Eofing')?.size, 0);
    assert.equal(resolvedScripts('ルーフ 서울')?.size, 0);
    assert.equal(plainText('Сибирь Кровля'), true);
    assert.equal(plainText('\u0405unn\u0443'), false);
  },
);

Deno.test(
  'prose: NFKC, breaks as spaces, invisible characters out; a word that hides refuses it',
  () => {
    assert.equal(plainProse(' Dana\u200B  Lee\n'), 'Dana Lee');
    assert.equal(plainProse('Line one.\r\n\u202EX\u2066'), 'Line one. X');
    assert.equal(plainProse('ｗｗｗ Roofing'), 'www Roofing');
    assert.equal(plainProse('\u3164\uFFA0'), '');
    // Emoji lose their joiners and selectors, and stay.
    assert.equal(plainProse('Thanks \u2764\uFE0F'), 'Thanks \u2764');
    // Scripts may change from word to word, not within one.
    assert.equal(
      plainProse('Müller Dach in Москва, 東京ルーフ too'),
      'Müller Dach in Москва, 東京ルーフ too',
    );
    for (const hiding of [
      'Call \u0405unn\u0443 now',
      'Sunny R\u043Eofing',
      `a${'\u0301'.repeat(59)}`,
    ]) {
      assert.equal(plainProse(hiding), null, hiding);
    }
  },
);
