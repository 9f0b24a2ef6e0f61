import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { sendContactForm, SUCCESS_TEXT } from './contact-form';
import { expect, test } from './fixtures';
import { useOwnStack } from './own-stack';

/**
 * A flood of junk through submit-lead with only the public anon key, then a real visitor: the
 * site's ceiling holds the junk (429 LG003), and the visitor still gets through, past the bot
 * check, with one row and one signed webhook. A stack of its own: the ceiling the flood reaches
 * is its stack's for the next hour.
 */

const { origin: ORIGIN } = useOwnStack('flood', {});

test('a flood of 1,000 leads from 200 addresses through submit-lead does not lock a real visitor out', async ({
  page,
  request,
}) => {
  // Longer than one test's budget: 1,000 leads through the function first, said so here.
  test.setTimeout(240_000);
  const url = `${ORIGIN}/functions/v1/submit-lead`;
  const headers = {
    apikey: LOCAL_ANON_KEY_DEFAULT,
    authorization: `Bearer ${LOCAL_ANON_KEY_DEFAULT}`,
    'content-type': 'application/json',
  };
  const statuses: Record<string, number> = {};
  for (let a = 0; a < 200; a += 10) {
    // Ten addresses at a time, five leads each, no bot-check token: as a script would, with a
    // plain HTTP client (Playwright's request context takes ten times as long per request).
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const address = `198.18.${(a + i) >> 8}.${(a + i) & 255}`;
        for (let n = 0; n < 5; n += 1) {
          const response = await fetch(url, {
            method: 'POST',
            headers: { ...headers, 'x-forwarded-for': address },
            body: JSON.stringify({
              id: crypto.randomUUID(),
              name: `junk ${a + i}-${n}`,
              email: `junk${a + i}-${n}@flood.example`,
              phone: '555 000 0000',
              message: 'junk',
              created_at: new Date().toISOString(),
            }),
          });
          const { code } = (await response.json()) as { code?: string };
          const key = `${response.status}${response.status === 429 ? ` ${code}` : ''}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
        }
      }),
    );
  }
  // The flood fills the site's ceiling (1,000 an hour): every lead is stored and posted, or turned
  // away by the ceiling; nothing else refuses it.
  expect(Object.keys(statuses).sort()).toEqual(
    statuses['429 LG003'] ? ['201', '429 LG003'] : ['201'],
  );
  expect(statuses['201']).toBeGreaterThan(900);

  // A real visitor, from an address of their own, sends the form: the first try meets the
  // ceiling, the page runs the bot check and sends the same lead again, and it is stored and
  // posted once.
  const email = `flood-visitor-${Date.now()}@example.com`;
  const answers: number[] = [];
  const sent: Record<string, unknown>[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/functions/v1/submit-lead') && req.method() === 'POST')
      sent.push(req.postDataJSON() as Record<string, unknown>);
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/functions/v1/submit-lead')) answers.push(response.status());
  });
  await sendContactForm(page, email, '/#contact');
  await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
  expect(answers).toEqual([429, 201]);
  expect(sent.map((body) => body.captcha ?? null)).toEqual([null, 'XXXX.DUMMY.TOKEN.XXXX']);
  expect(sent[0]!.id).toBe(sent[1]!.id);
  const rows = (
    (await (await request.get(LOCAL_ROUTES.leadsJson)).json()) as { email: string }[]
  ).filter((row) => row.email === email);
  expect(rows).toHaveLength(1);
  const hooks = (
    (await (await request.get(LOCAL_ROUTES.webhookDeliveriesJson)).json()) as {
      payload: { email?: string };
      signature: string;
    }[]
  ).filter((delivery) => delivery.payload.email === email);
  expect(hooks.map((hook) => hook.signature)).toEqual(['verified']);
});
