import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_CONSENT_VERSION, type CallbackBody } from '@shared/contracts/callback.ts';
import { createBotCheck } from '@/lib/bot-check';
import type { requestCallback } from '@/lib/request-callback';
import { dropCallNow, prepareCallNow, requestCallNow } from './call-now';

const session = {
  prepare: vi.fn(async () => undefined),
  token: vi.fn(async () => 'token-1'),
  renew: vi.fn(),
  remove: vi.fn(),
};
vi.mock('@/lib/bot-check', () => ({ createBotCheck: vi.fn(() => session) }));

const LEAD = '0b6f5a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b';
const place = () => null;

afterEach(() => {
  dropCallNow();
  vi.clearAllMocks();
});

describe("the contact form's call", () => {
  it('renders its bot check once, at the first tick, for the callback action, and removes it when unticked', () => {
    prepareCallNow(place);
    prepareCallNow(place);
    expect(createBotCheck).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createBotCheck).mock.calls[0]![2]).toBe('callback');
    expect(session.prepare).toHaveBeenCalledTimes(1);
    dropCallNow();
    expect(session.remove).toHaveBeenCalledTimes(1);
  });

  it("asks request-callback for the call that follows the lead: the lead's id, the form's number, the consent, a fresh token and the press's offset", async () => {
    const send = vi.fn<typeof requestCallback>(async () => ({ status: 'limited' }));
    const pressedAt = performance.now() - 420;
    const outcome = await requestCallNow(LEAD, '(415) 555-2671', pressedAt, place, send);
    expect(outcome).toEqual({ status: 'limited' });
    const body: CallbackBody = send.mock.calls[0]![0];
    expect(body).toMatchObject({
      id: LEAD,
      phone: '(415) 555-2671',
      consent: true,
      consent_version: CURRENT_CONSENT_VERSION,
      captcha: 'token-1',
      follows_lead: true,
      page: '/',
    });
    // Measured as the request leaves: at least the 420 ms before the call, not much more.
    expect(body.pressed_ms).toBeGreaterThanOrEqual(420);
    expect(body.pressed_ms).toBeLessThan(5_000);
    expect(body).not.toHaveProperty('business');
    // The token is spent: the widget starts on the next.
    expect(session.renew).toHaveBeenCalledTimes(1);
  });

  it('comes back failed, never throwing, when no token comes', async () => {
    session.token.mockRejectedValueOnce(new Error('no token'));
    const send = vi.fn<typeof requestCallback>();
    const outcome = await requestCallNow(LEAD, '(415) 555-2671', performance.now(), place, send);
    expect(outcome).toMatchObject({ status: 'failed' });
    expect(send).not.toHaveBeenCalled();
  });
});
