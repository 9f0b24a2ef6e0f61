import type { Page } from '@playwright/test';

/**
 * The voice SDK replaced by a stand-in at the one place the site loads it (its lazy chunk), so a
 * browser can reach a call in progress: the real one needs Daily's call machine from its CDN.
 * The stand-in keeps the part of the SDK's surface the site uses (on, removeListener, start,
 * reconnect, stop, setMuted, getDailyCallObject) and lets a test speak for the voice service
 * through `window.__vapi` (the latest client; `window.__vapis`, all of them).
 *
 * - `start()` (public-key mode) waits while `window.__holdStart` is a promise, as a slow
 *   /call/web does, then reports its call object, joins and resolves.
 * - `reconnect()` (server mode) joins the room the server made.
 * - Daily's call object has one remote participant, "Vapi Speaker", whose audio track is a real
 *   one (an oscillator), so the page can play it after a tap.
 */
export const FAKE_SDK = `
export default class FakeVapi {
  constructor(key, base, daily, callObject) {
    this.key = key; this.callObject = callObject; this.listeners = {}; this.mutes = []; this.stops = 0;
    this.inCall = false; this.appMessages = [];
    (window.__vapis ||= []).push(this); window.__vapi = this;
  }
  on(event, listener) { (this.listeners[event] ||= []).push(listener); }
  removeListener(event, listener) { this.listeners[event] = (this.listeners[event] || []).filter((l) => l !== listener); }
  emit(event, ...args) { (this.listeners[event] || []).slice().forEach((l) => l(...args)); }
  async start(assistantId, overrides) {
    this.started = { assistantId, overrides };
    await window.__holdStart;
    this.emit('call-start-progress', { stage: 'daily-call-object-creation', status: 'completed' });
    this.inCall = true;
    this.emit('call-start');
    return { id: 'call-1' };
  }
  async reconnect(webCall) { this.joined = webCall; this.inCall = true; this.emit('call-start'); }
  async stop() { this.stops += 1; const was = this.inCall; this.inCall = false; if (was) this.emit('call-end'); }
  setMuted(muted) { this.mutes.push(muted); }
  getDailyCallObject() {
    if (!this.track) {
      const context = new AudioContext();
      const tone = context.createOscillator();
      const out = context.createMediaStreamDestination();
      tone.connect(out);
      tone.start();
      this.track = out.stream.getAudioTracks()[0];
    }
    const track = this.track;
    return {
      participants: () => ({
        local: { local: true, user_name: 'guest', session_id: 'me', tracks: { audio: {} } },
        agent: { local: false, user_name: 'Vapi Speaker', session_id: 'agent-session', tracks: { audio: { persistentTrack: track } } },
      }),
      sendAppMessage: (message) => this.appMessages.push(message),
    };
  }
}`;

/** Serves the stand-in in place of the SDK's chunk for this page. */
export async function standInForSdk(page: Page): Promise<void> {
  await page.route(/\/assets\/vapi-[^/]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_SDK }),
  );
}

/** What the stand-in exposes to a test on `window`. */
export interface FakeVapiWindow {
  __vapi: {
    emit: (event: string, ...args: unknown[]) => void;
    started?: { assistantId: string; overrides: unknown };
    joined?: { webCallUrl: string };
    mutes: boolean[];
    stops: number;
    inCall: boolean;
    appMessages: unknown[];
  };
  __vapis?: { callObject?: unknown; joined?: unknown; stops: number }[];
  __holdStart?: Promise<void>;
  __releaseStart?: () => void;
}
