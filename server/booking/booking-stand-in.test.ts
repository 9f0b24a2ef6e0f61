import { describe, expect, it } from 'vitest';
import { createBookingStandIn } from './booking-stand-in';

const app = createBookingStandIn();

describe("the local stack's stand-in for Cal.com's booking page", () => {
  it('shows the prefill its frame URL carries, escaped, with the embed handshake', async () => {
    const query = new URLSearchParams({
      embed: 'booking1',
      embedType: 'inline',
      name: 'Dana <b>Lee</b>',
      email: 'dana@example.com',
      notes: 'Tuesday?',
      'metadata[lead_id]': 'abc-123',
    });
    const answer = await app.request(`/owner/intro/embed?${query}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<dd data-param="name">Dana &lt;b&gt;Lee&lt;/b&gt;</dd>');
    expect(html).toContain('<dd data-param="metadata[lead_id]">abc-123</dd>');
    expect(html).toContain('<li>embedType = inline</li>');
    // Cal's embed-iframe messages: ready first, then, at the parent's answer, linkReady.
    expect(html).toContain("post('__iframeReady', { isPrerendering: false })");
    expect(html).toContain("message.method !== 'parentKnowsIframeReady'");
    expect(html).toContain("post('linkReady', {})");
    expect(html).toContain("fullType: 'CAL:' + namespace + ':' + type");
  });

  it('is the plain booking page without /embed (a new tab), and a 404 saying linkFailed for a missing page', async () => {
    const plain = await (await app.request('/owner/intro?name=Dana')).text();
    expect(plain).toContain('<dd data-param="name">Dana</dd>');
    expect(plain).not.toContain('<script>');
    const missing = await app.request('/missing/intro/embed?embed=x');
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('data-status="404"');
    expect(html).toContain("post('linkFailed'");
  });
});
