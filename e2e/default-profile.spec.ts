import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { CreateWebCallBody } from '../supabase/functions/_shared/vapi/types';
import { LOCAL_ANON_KEY_DEFAULT } from '../server/local-config';
import { TURNSTILE_SCRIPT_URL } from '../src/lib/config-schema';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { expect, test } from './fixtures';
import { ownPort } from './own-stack';
import { startOwnStack, type OwnStack } from '../scripts/lib/own-stack';
import { fillContactForm } from './contact-form';

/**
 * The site an owner gets without choosing: a production build (`npm run build`) made with the
 * README's variables alone, its services pointed at a local stack of its own. The server step
 * starts every call and stores and posts every lead, so the build holds no Vapi key and no
 * webhook address, and the page sends nothing to Vapi's API or to the webhook. Cloudflare's
 * widget script is answered by the local stand-in at Cloudflare's own address (a production
 * build names Cloudflare's script; the functions verify with the local stack's testing secret,
 * which they take at a loopback SITE_URL only).
 */

const PORT = ownPort('default-profile');
const ORIGIN = `http://localhost:${PORT}`;
const SUCCESS_TEXT = "Your message has been sent. We'll be in touch soon.";
const IDLE = 'Press here for AI Voice Agent';
/** A site key as Cloudflare issues them (a production build refuses the testing keys). */
const SITE_KEY = '0x4AAAAAAADefaultProfileKey';

let stack: OwnStack | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

// eslint-disable-next-line no-empty-pattern -- Playwright reads the hook's parameters.
test.beforeAll(async ({}, info) => {
  // A build and a stack of their own: longer than one test's budget, and said so here.
  info.setTimeout(180_000);
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')),
  );
  // A production build with the README's variables, and nothing else.
  stack = await startOwnStack({
    name: 'default-profile',
    port: PORT,
    env: {
      ...clean,
      VITE_SUPABASE_URL: ORIGIN,
      VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY_DEFAULT,
      VITE_DEMO_VIDEO_URL: `${ORIGIN}${LOCAL_ROUTES.demoVideo}`,
      VITE_SITE_URL: ORIGIN,
      VITE_TURNSTILE_SITE_KEY: SITE_KEY,
    },
  });
  // The default profile prints no warning block.
  expect(stack.buildStderr).not.toContain('!! This build ships');
});

test.afterAll(async () => {
  await stack?.stop();
});

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['microphone']);
  // Cloudflare's widget, answered by the local stand-in at Cloudflare's address.
  await page.route(TURNSTILE_SCRIPT_URL + '*', async (route) => {
    const script = await page.request.get(`${ORIGIN}${LOCAL_ROUTES.turnstileScript}`);
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      body: await script.text(),
    });
  });
});

/** Every request the page makes to Vapi's API or to the automation webhook (none may be made). */
function forbiddenRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname === 'api.vapi.ai' || url.pathname.startsWith(LOCAL_ROUTES.webhook))
      seen.push(request.url());
  });
  return seen;
}

test('the build holds no Vapi key and no webhook address, and its CSP lets the page reach neither', async () => {
  const files = [join(stack!.root, 'site', 'index.html'), join(stack!.root, 'site', '_headers')];
  for (const file of await readdir(join(stack!.root, 'site', 'assets')))
    if (file.endsWith('.js')) files.push(join(stack!.root, 'site', 'assets', file));
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    expect(text, file).not.toContain(LOCAL_ROUTES.webhook);
    expect(text, file).not.toMatch(/publicKey:"/);
  }
  const headers = await readFile(join(stack!.root, 'site', '_headers'), 'utf8');
  const connect = /connect-src ([^;]+)/.exec(headers)?.[1] ?? '';
  expect(connect).not.toContain('api.vapi.ai');
});

test('a lead goes through the server step: stored once, posted once and signed, nothing from the page to the webhook', async ({
  page,
}) => {
  const forbidden = forbiddenRequests(page);
  const email = `default-profile-${Date.now()}@example.com`;
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/submit-lead') && request.method() === 'POST')
      sent.push(request.postDataJSON() as Record<string, unknown>);
  });
  await page.goto('/');
  await fillContactForm(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
  // The first try carries no bot-check token (the data API's limits hold it).
  expect(sent).toHaveLength(1);
  expect(sent[0]).not.toHaveProperty('captcha');
  const leads = (await (await page.request.get(LOCAL_ROUTES.leadsJson)).json()) as {
    id: string;
    email: string;
  }[];
  const stored = leads.filter((lead) => lead.email === email);
  expect(stored).toHaveLength(1);
  const deliveries = (
    (await (await page.request.get(LOCAL_ROUTES.webhookDeliveriesJson)).json()) as {
      payload: { id?: string; email?: string };
      headers: Record<string, string | null>;
      signature: string;
    }[]
  ).filter((delivery) => delivery.payload.email === email);
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]!.signature).toBe('verified');
  expect(deliveries[0]!.headers['webhook-id']).toBe(stored[0]!.id);
  expect(forbidden).toEqual([]);
});

test('a demo call starts through start-web-call behind the bot check, never calling Vapi from the page', async ({
  page,
}) => {
  const forbidden = forbiddenRequests(page);
  const asked: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/start-web-call') && request.method() === 'POST')
      asked.push(request.postDataJSON() as Record<string, unknown>);
  });
  await page.goto('/');
  await page.getByRole('button', { name: IDLE }).click();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  const visitId = String(asked[0]!.visit_id);
  // The function started it on Vapi's stand-in, with its own assistant and length.
  await expect
    .poll(async () => {
      const calls = (await (await page.request.get(LOCAL_ROUTES.vapiCallsJson)).json()) as {
        path: string;
        body: CreateWebCallBody;
      }[];
      return calls.filter(
        (call) =>
          call.path === '/call/web' && call.body.assistantOverrides?.metadata?.visit_id === visitId,
      ).length;
    })
    .toBe(1);
  // The real SDK goes on to Daily, out of reach here: the button comes back to idle.
  await expect(page.getByRole('button', { name: IDLE })).toBeVisible({ timeout: 25_000 });
  expect(forbidden).toEqual([]);
});

test('a flood of 1,000 leads from 200 addresses through submit-lead does not lock a real visitor out', async ({
  page,
  request,
}) => {
  // Longer than one test's budget: 1,000 leads through the function first, said so here. Last in
  // this file: the ceiling it reaches is this stack's for the next hour.
  test.setTimeout(240_000);
  const url = `${ORIGIN}/functions/v1/submit-lead`;
  const headers = {
    apikey: LOCAL_ANON_KEY_DEFAULT,
    authorization: `Bearer ${LOCAL_ANON_KEY_DEFAULT}`,
    'content-type': 'application/json',
  };
  const statuses: Record<string, number> = {};
  for (let a = 0; a < 200; a += 10) {
    // Ten addresses at a time, five leads each, no bot-check token: as a script would.
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const address = `198.18.${(a + i) >> 8}.${(a + i) & 255}`;
        for (let n = 0; n < 5; n += 1) {
          const response = await request.post(url, {
            headers: { ...headers, 'x-forwarded-for': address },
            data: {
              id: crypto.randomUUID(),
              name: `junk ${a + i}-${n}`,
              email: `junk${a + i}-${n}@flood.example`,
              phone: '555 000 0000',
              message: 'junk',
              created_at: new Date().toISOString(),
            },
          });
          const code =
            response.status() === 429 ? ((await response.json()) as { code: string }).code : '';
          const key = `${response.status()}${code ? ` ${code}` : ''}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
        }
      }),
    );
  }
  // The flood fills the site's ceiling (1,000 an hour, less this file's earlier leads): every
  // lead is stored and posted, or turned away by the ceiling; nothing else refuses it.
  expect(Object.keys(statuses).sort()).toEqual(
    statuses['429 LG003'] ? ['201', '429 LG003'] : ['201'],
  );
  expect(statuses['201']).toBeGreaterThan(990);

  // A real visitor, from an address of their own, sends the form: the first try meets the
  // ceiling, the page runs the bot check and sends the same lead again, and it is stored and
  // posted once.
  const email = `default-flood-visitor-${Date.now()}@example.com`;
  const answers: number[] = [];
  const sent: Record<string, unknown>[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/functions/v1/submit-lead') && req.method() === 'POST')
      sent.push(req.postDataJSON() as Record<string, unknown>);
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/functions/v1/submit-lead')) answers.push(response.status());
  });
  await page.goto('/#contact');
  await fillContactForm(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
  expect(answers).toEqual([429, 201]);
  expect(sent.map((body) => body.captcha ?? null)).toEqual([null, 'XXXX.DUMMY.TOKEN.XXXX']);
  expect(sent[0]!.id).toBe(sent[1]!.id);
  const rows = (
    (await (await request.get(`${ORIGIN}${LOCAL_ROUTES.leadsJson}`)).json()) as { email: string }[]
  ).filter((row) => row.email === email);
  expect(rows).toHaveLength(1);
  const hooks = (
    (await (await request.get(`${ORIGIN}${LOCAL_ROUTES.webhookDeliveriesJson}`)).json()) as {
      payload: { email?: string };
      signature: string;
    }[]
  ).filter((delivery) => delivery.payload.email === email);
  expect(hooks.map((hook) => hook.signature)).toEqual(['verified']);
});
