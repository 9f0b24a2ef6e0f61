import type { Page } from '@playwright/test';
import { standInForSdk, type FakeVapiWindow } from './fake-vapi';
import { expect, test } from './fixtures';

/**
 * What breaks a demo call on a real phone, on the built site with the SDK stood in for: the
 * screen sleeping mid-call, the browser blocking the agent's voice, and the room closing as the
 * assistant hangs up. A Cancel racing the start: voice.spec.ts (the server's start) and
 * browser-profile.spec.ts (the public key's).
 */

const IDLE = 'Press here for AI Voice Agent';

const vapi = (page: Page) =>
  page.evaluate(() => {
    const { mutes, stops, inCall, appMessages } = (window as unknown as FakeVapiWindow).__vapi;
    return { mutes, stops, inCall, appMessages };
  });
const emit = (page: Page, event: string, payload?: unknown) =>
  page.evaluate(
    ([name, value]) => (window as unknown as FakeVapiWindow).__vapi.emit(name as string, value),
    [event, payload] as const,
  );

test.describe('a demo call on a phone', () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['microphone']);
    await standInForSdk(page);
  });

  test('keeps the screen on in a call, takes the lock again when the tab comes back, lets go at the end', async ({
    page,
  }) => {
    // The Screen Wake Lock API, counted; and the tab's visibility, as a phone changes it.
    await page.addInitScript(() => {
      const held: { released: boolean }[] = [];
      const log = { requests: 0, held: () => held.filter((lock) => !lock.released).length };
      let visibility: DocumentVisibilityState = 'visible';
      Object.defineProperty(document, 'visibilityState', { get: () => visibility });
      Object.defineProperty(navigator, 'wakeLock', {
        value: {
          request: async (type: string) => {
            if (type !== 'screen') throw new TypeError(type);
            log.requests += 1;
            const lock = { released: false, release: async () => void (lock.released = true) };
            held.push(lock);
            return lock;
          },
        },
      });
      const w = window as unknown as Record<string, unknown>;
      w.__wakeLocks = log;
      w.__setVisibility = (next: DocumentVisibilityState) => {
        visibility = next;
        // Hidden, the browser lets every lock go.
        if (next === 'hidden') held.forEach((lock) => (lock.released = true));
        document.dispatchEvent(new Event('visibilitychange'));
      };
    });
    const locks = () =>
      page.evaluate(() => {
        const log = (window as unknown as { __wakeLocks: { requests: number; held: () => number } })
          .__wakeLocks;
        return { requests: log.requests, held: log.held() };
      });
    const setVisibility = (state: DocumentVisibilityState) =>
      page.evaluate(
        (next) =>
          (window as unknown as { __setVisibility: (s: string) => void }).__setVisibility(next),
        state,
      );
    await page.goto('/');
    expect(await locks()).toEqual({ requests: 0, held: 0 });
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    await expect.poll(locks).toEqual({ requests: 1, held: 1 });
    await setVisibility('hidden');
    await setVisibility('visible');
    await expect.poll(locks).toEqual({ requests: 2, held: 1 });
    await page.getByRole('button', { name: 'End Call' }).click();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    await expect.poll(locks).toEqual({ requests: 2, held: 0 });
    await setVisibility('hidden');
    await setVisibility('visible');
    expect(await locks()).toEqual({ requests: 2, held: 0 });
  });

  test('a call goes on where the Wake Lock API is missing', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'wakeLock', { value: undefined });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    await page.getByRole('button', { name: 'End Call' }).click();
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('audio-start-failed shows Tap to hear the agent; the tap plays the agent and tells Vapi', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    await emit(page, 'error', {
      type: 'audio-start-failed',
      error: { name: 'NotAllowedError', message: "play() failed because the user didn't interact" },
    });
    // The call goes on, with a way to hear it.
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    await page.getByRole('button', { name: 'Tap to hear the agent' }).click();
    await expect(page.getByRole('button', { name: 'Tap to hear the agent' })).toHaveCount(0);
    const player = page.locator('audio[data-participant-id="agent-session"]');
    await expect(player).toHaveCount(1);
    await expect
      .poll(() =>
        player.evaluate((audio: HTMLAudioElement) => !audio.paused && audio.srcObject !== null),
      )
      .toBe(true);
    expect((await vapi(page)).appMessages).toEqual(['playable']);
    await expect(page.locator('#voice-demo-message')).toHaveText('');
    await page.getByRole('button', { name: 'End Call' }).click();
    await expect(page.locator('audio[data-participant-id]')).toHaveCount(0);
  });

  test('the room closing right after the assistant hangs up is a normal end: the panel, no error', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: IDLE }).click();
    await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible();
    await emit(page, 'message', {
      type: 'status-update',
      status: 'ended',
      endedReason: 'assistant-ended-call',
    });
    // Daily's ejection, as the SDK passes it on, before its own call-end.
    await emit(page, 'error', {
      type: 'daily-error',
      error: {
        action: 'error',
        errorMsg: 'Meeting has ended',
        error: { type: 'ejected', msg: 'Meeting has ended' },
      },
    });
    await emit(page, 'call-end');
    await expect(page.locator('#main').getByRole('button', { name: 'Book a Call' })).toBeVisible();
    await expect(page.locator('#voice-demo-message')).toHaveText('');
    await expect(page.getByRole('button', { name: IDLE })).toBeVisible();
  });
});
