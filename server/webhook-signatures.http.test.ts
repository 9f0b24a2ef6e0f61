// The automation webhook's signatures through the local stack: the functions (Deno) sign every
// post with CONTACT_WEBHOOK_SECRET, and each one checks out with standardwebhooks, here and in
// the webhook stand-in's record of it; a body changed on the way is recorded as failed.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from './inbox/local-routes';
import { LOCAL_ANON_KEY_DEFAULT } from './local-config';
import { listVapiCalls } from './vapi/vapi-stand-in';
import { callbackBody, listeningStackForTests, postToFunction } from './tests/helpers';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';

const KEY = LOCAL_ANON_KEY_DEFAULT;
/** The owner's secret, as the environment gives it to `npm start`. */
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const local = listeningStackForTests(KEY, { CONTACT_WEBHOOK_SECRET: SECRET });

const deliveries = async (): Promise<WebhookDelivery[]> =>
  (await (
    await fetch(`${local.origin}${LOCAL_ROUTES.webhookDeliveriesJson}`)
  ).json()) as WebhookDelivery[];

/** Posts to the webhook stand-in as a sender would: the body's bytes and these headers. */
const postToWebhook = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${local.origin}${LOCAL_ROUTES.webhook}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

/** The delivery the stand-in recorded last with this body. */
const recorded = async (body: string) => (await deliveries()).find((d) => d.body === body);

/** The three Standard Webhooks headers of a recorded delivery, as sent. */
const headersOf = (delivery: WebhookDelivery): Record<string, string> =>
  Object.fromEntries(
    Object.entries(delivery.headers).filter((entry): entry is [string, string] => !!entry[1]),
  );

describe('the webhook posts the functions make, through the local stack', () => {
  it('a callback and its call report are each signed, and each verifies with standardwebhooks', async () => {
    const id = crypto.randomUUID();
    const answer = await postToFunction(
      local.origin,
      'request-callback',
      callbackBody({ id, estimate: 9000 }),
      { key: KEY },
    );
    expect(answer.status).toBe(202);
    const call = (await listVapiCalls(local.stack.db)).find(
      (c) =>
        (c.body as { assistantOverrides?: { metadata?: { callback_id?: string } } })
          .assistantOverrides?.metadata?.callback_id === id,
    );
    // Vapi's stand-in sends the call's end-of-call report to vapi-events, which forwards it.
    await fetch(`${local.origin}${LOCAL_ROUTES.vapiCallEnd(call!.call_id)}`, {
      method: 'POST',
      body: '{}',
    });

    const ids = [id, `call_report:${call!.call_id}`];
    await expect
      .poll(async () => (await deliveries()).filter((d) => ids.includes(d.headers['webhook-id']!)))
      .toHaveLength(2);
    const ours = (await deliveries()).filter((d) => ids.includes(d.headers['webhook-id']!));
    for (const delivery of ours) {
      // Checked here with the library, over the bytes the stand-in received...
      expect(new Webhook(SECRET).verify(delivery.body!, headersOf(delivery))).toEqual(
        delivery.payload,
      );
      expect(delivery.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
      // ...and the stand-in's own check agrees.
      expect(delivery).toMatchObject({ signature: 'verified', signature_error: null });
    }
    expect(ours.map((d) => (d.payload as { type: string }).type).toSorted()).toEqual([
      'call_report',
      'callback',
    ]);

    // Every delivery the functions made in this run verifies (none is unsigned or failed).
    const made = (await deliveries()).filter((d) => d.headers['webhook-id'] !== null);
    expect(made.length).toBeGreaterThanOrEqual(2);
    for (const delivery of made) expect(delivery.signature).toBe('verified');

    // The inbox says so, next to each delivery.
    const inbox = await (await fetch(`${local.origin}${LOCAL_ROUTES.inbox}`)).text();
    expect(inbox).toContain(`Signature verified</strong> <small>webhook-id <code>${id}</code>`);
  });

  it('a delivery whose body was changed on the way is recorded as not verified', async () => {
    const [genuine] = (await deliveries()).filter(
      (d) => d.signature === 'verified' && (d.payload as { type: string }).type === 'callback',
    );
    expect(genuine).toBeDefined();
    const headers = headersOf(genuine!);
    // The same bytes again: verified (so it is the change below that fails it).
    const again = genuine!.body!;
    expect((await postToWebhook(again, headers)).status).toBe(200);
    expect((await recorded(again))?.signature).toBe('verified');

    const tampered = genuine!.body!.replace('"calling"', '"uncertain"');
    expect(tampered).not.toBe(genuine!.body);
    expect((await postToWebhook(tampered, headers)).status).toBe(200);
    expect(await recorded(tampered)).toMatchObject({
      signature: 'failed',
      signature_error: 'No matching signature found',
      headers: genuine!.headers,
    });

    // Signed with another secret: not verified either.
    const stranger = new Webhook(`whsec_${randomBytes(32).toString('base64')}`);
    const forged = JSON.stringify({ type: 'callback', id: crypto.randomUUID() });
    const now = new Date();
    await postToWebhook(forged, {
      'webhook-id': 'forged',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': stranger.sign('forged', now, forged),
    });
    expect((await recorded(forged))?.signature).toBe('failed');

    const inbox = await (await fetch(`${local.origin}${LOCAL_ROUTES.inbox}`)).text();
    expect(inbox).toContain('Signature FAILED</strong>: No matching signature found');
  });

  it("the page's own post (VITE_LEADS=browser) is recorded as unsigned, not failed", async () => {
    const lead = JSON.stringify({ id: crypto.randomUUID(), name: 'Ada' });
    expect((await postToWebhook(lead)).status).toBe(200);
    expect(await recorded(lead)).toMatchObject({
      signature: 'unsigned',
      signature_error: null,
      headers: { 'webhook-id': null, 'webhook-timestamp': null, 'webhook-signature': null },
    });
    const inbox = await (await fetch(`${local.origin}${LOCAL_ROUTES.inbox}`)).text();
    expect(inbox).toContain('Unsigned (posted by the page)');
  });
});
