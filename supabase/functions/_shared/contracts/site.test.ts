import assert from 'node:assert/strict';
import { site } from '../../../../site.config.ts';
import { pageTitle, siteProblems, tradesPhrase, type SiteDefinition } from './site.ts';

Deno.test('the shipped site.config.ts holds', () => {
  assert.deepEqual(siteProblems(site), []);
});

Deno.test('names each field that does not hold', () => {
  const broken: SiteDefinition = {
    ...site,
    name: 'Two\nlines',
    email: 'nobody',
    phone: '555 0123',
    titleTemplate: '%s and %s',
    trades: [
      { slug: 'Solar Pros', name: 'Solar', headingKeyword: 'solar' },
      { slug: 'roofing', name: 'Roofing', headingKeyword: 'roofing' },
      { slug: 'roofing', name: 'Roofing again', headingKeyword: 'roofing' },
    ],
  };
  assert.deepEqual(
    siteProblems(broken).map((problem) => problem.split(':')[0]),
    ['name', 'email', 'phone', 'titleTemplate', 'trades', 'trades'],
  );
  assert.deepEqual(siteProblems({ ...site, name: 'x'.repeat(101) }).length, 1);
});

Deno.test('takes a phone number written as people read it, with its country code', () => {
  for (const phone of ['+1 (415) 555-0123', '+14155550123', '+44 20 7946 0958', null]) {
    assert.deepEqual(siteProblems({ ...site, phone }), [], String(phone));
  }
  for (const phone of ['(415) 555-0123', '+1 415', 'call us']) {
    assert.equal(siteProblems({ ...site, phone }).length, 1, phone);
  }
});

Deno.test("puts a page's title into the template", () => {
  assert.equal(
    pageTitle({ titleTemplate: '%s | Harbor Solar' }, 'Privacy'),
    'Privacy | Harbor Solar',
  );
});

Deno.test('names the trades as a phrase', () => {
  const trade = (headingKeyword: string) => ({ slug: 'x', name: 'X', headingKeyword });
  assert.equal(tradesPhrase({ trades: [] }), '');
  assert.equal(tradesPhrase({ trades: [trade('solar')] }), 'solar');
  assert.equal(tradesPhrase({ trades: [trade('solar'), trade('roofing')] }), 'solar and roofing');
  assert.equal(
    tradesPhrase({ trades: [trade('solar'), trade('real estate'), trade('home service')] }),
    'solar, real estate and home service',
  );
});
