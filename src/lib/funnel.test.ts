import { init, track } from '@plausible-analytics/tracker';
import { trades } from '@/content/trades';
import { twoTrades } from '@/test/trades';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from './config';
import { funnel, startFunnel } from './funnel';
import { FUNNEL_EVENTS, MINUTES_BUCKETS, minutesBucket, ringBucket } from './funnel-events';
import { reportedReferrer, reportedUrl, withoutPersonalData } from './funnel-tracker';
import { markDemoCall, setVisitEstimate } from './visit';

vi.mock('@plausible-analytics/tracker', () => ({ init: vi.fn(), track: vi.fn() }));

/** Every event the library was asked to send: name and props. */
const sent = () =>
  vi.mocked(track).mock.calls.map(([name, options]) => ({ name, props: options.props }));

/** A trade of site.config.ts, and the address of its page. */
const [trade] = twoTrades();
const TRADE_PAGE = `https://example.com${trade.path}`;

/** Lets the tracker's chunk load and the queued sends run. */
const settle = () => startFunnel().then(() => new Promise((resolve) => setTimeout(resolve)));

// The test setup turns the funnel off; here it is on, as the local stack's build has it.
const configured = { domain: 'localhost', endpoint: 'http://localhost:4173/local/events' };
beforeEach(() => {
  config.analytics = configured;
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  config.analytics = null;
  vi.mocked(init).mockClear();
  vi.mocked(track).mockClear();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('the funnel', () => {
  it("loads Plausible's library once, with the configured domain and endpoint", async () => {
    await Promise.all([startFunnel(), startFunnel()]);
    expect(init).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        domain: configured.domain,
        endpoint: configured.endpoint,
        // The local stack is on localhost, which the library skips unless told.
        captureOnLocalhost: true,
        transformRequest: withoutPersonalData,
      }),
    );
  });

  it('sends each event once when it happens, with the trade of the page', async () => {
    window.history.replaceState(null, '', trade.path);
    funnel.estimateShown();
    funnel.estimateShown();
    funnel.chatStarted('chat-1');
    funnel.chatStarted('chat-1');
    funnel.chatStarted('chat-2');
    funnel.callbackRequested('cb-1');
    funnel.callbackRequested('cb-1');
    // The contact form's call, once its stopwatch stopped: how soon the phone rang.
    funnel.callbackRequested('lead-1', '0-10');
    funnel.callbackRequested('lead-1', 'none');
    await settle();
    expect(sent()).toEqual([
      { name: 'Estimate shown', props: { trade: trade.slug } },
      { name: 'Chat started', props: { trade: trade.slug } },
      { name: 'Chat started', props: { trade: trade.slug } },
      { name: 'Callback requested', props: { trade: trade.slug } },
      { name: 'Callback requested', props: { trade: trade.slug, rang: '0-10' } },
    ]);
  });

  it("says a demo call's length in a bucket and how it ended, once per call", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ended = funnel.demoCallStarted();
    vi.setSystemTime(Date.now() + 130_000);
    ended('error');
    ended('normal');
    funnel.demoCallStarted()('normal');
    await settle();
    expect(sent()).toEqual([
      { name: 'Demo call started', props: { trade: 'none' } },
      { name: 'Demo call ended', props: { trade: 'none', minutes: '2-3', ended: 'error' } },
      { name: 'Demo call started', props: { trade: 'none' } },
      { name: 'Demo call ended', props: { trade: 'none', minutes: '0-1', ended: 'normal' } },
    ]);
  });

  it('says whether a lead came with an estimate and after a demo, never what it holds', async () => {
    funnel.leadSent('lead-1');
    setVisitEstimate({ leads: 40, value: 9000, delay: 2, rate: 20, estimate: 61_200 });
    markDemoCall();
    funnel.leadSent('lead-2');
    funnel.leadSent('lead-2');
    await settle();
    expect(sent()).toEqual([
      { name: 'Lead sent', props: { trade: 'none', with_estimate: 'no', after_demo: 'no' } },
      { name: 'Lead sent', props: { trade: 'none', with_estimate: 'yes', after_demo: 'yes' } },
    ]);
    // No dollar figure, number or free text: every value is one of a few fixed words.
    const allowed = new Set([
      'none',
      ...trades.map(({ slug }) => slug),
      'yes',
      'no',
      'normal',
      'error',
      ...MINUTES_BUCKETS,
    ]);
    for (const { props } of sent())
      for (const value of Object.values(props!)) expect(allowed).toContain(value);
    for (const { name } of sent()) expect(FUNNEL_EVENTS).toContain(name);
  });

  it('leaves the page working when the library cannot start (a blocker, an old browser)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(init).mockImplementationOnce(() => {
      throw new ReferenceError('ResizeObserver is not defined');
    });
    funnel.estimateShown();
    expect(await startFunnel()).toBeNull();
    expect(track).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalled();
  });

  it('loads and sends nothing when VITE_PLAUSIBLE_DOMAIN is unset', async () => {
    config.analytics = null;
    funnel.estimateShown();
    funnel.demoCallStarted()('normal');
    funnel.leadSent('lead-3');
    expect(await startFunnel()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve));
    expect(init).not.toHaveBeenCalled();
    expect(track).not.toHaveBeenCalled();
  });
});

describe('what an event reports of the page', () => {
  it('keeps the path and the campaign tags only: no other query parameter, no fragment', () => {
    expect(reportedUrl(`${TRADE_PAGE}?email=a%40b.co&utm_source=ads&gclid=x#top`)).toBe(
      `${TRADE_PAGE}?utm_source=ads`,
    );
    expect(
      withoutPersonalData({ n: 'pageview', u: 'https://example.com/?name=Jo', d: 'example.com' }),
    ).toEqual({ n: 'pageview', u: 'https://example.com/', d: 'example.com' });
  });

  it('keeps only the five standard utm_ keys, each value not an e-mail address or a phone number', () => {
    const all =
      'utm_source=ads&utm_medium=cpc&utm_campaign=spring&utm_term=missed+calls&utm_content=hero';
    expect(reportedUrl(`https://example.com/?${all}&utm_id=42&utm_Source=x&utm_custom=y`)).toBe(
      `https://example.com/?${all}`,
    );
    // Tags read as a lead reads them: whatever the key's case, the first of each.
    expect(reportedUrl('https://example.com/?UTM_Source=ads&utm_source=other')).toBe(
      'https://example.com/?utm_source=ads',
    );
    for (const personal of [
      'jane@example.com',
      'jane%40example.com',
      '%2B1%20415%20555%200100',
      '+1+415+555+0100',
      '4155550100',
      '(415)%20555-0100',
    ])
      expect(reportedUrl(`${TRADE_PAGE}?utm_source=${personal}&utm_medium=email`), personal).toBe(
        `${TRADE_PAGE}?utm_medium=email`,
      );
  });

  it('cuts the referrer to its origin: no path, query or fragment; none stays none', () => {
    const event = { n: 'pageview', u: TRADE_PAGE, d: 'example.com' };
    expect(
      withoutPersonalData({
        ...event,
        r: 'https://www.google.com/search?q=jane%40example.com+roof#frag',
      }),
    ).toEqual({ ...event, r: 'https://www.google.com' });
    expect(reportedReferrer('https://user:secret@partner.example:8443/deals/42?token=t')).toBe(
      'https://partner.example:8443',
    );
    expect(reportedReferrer('android-app://com.google.android.gm/')).toBe(
      'android-app://com.google.android.gm',
    );
    expect(withoutPersonalData({ ...event, r: null })).toEqual({ ...event, r: null });
    expect(reportedReferrer('')).toBeNull();
    expect(reportedReferrer('not a url')).toBeNull();
  });

  it('buckets a call length in minutes', () => {
    expect([0, 59, 60, 119, 120, 179, 180, 299, 300, 600].map(minutesBucket)).toEqual([
      '0-1',
      '0-1',
      '1-2',
      '1-2',
      '2-3',
      '2-3',
      '3-5',
      '3-5',
      '5+',
      '5+',
    ]);
  });

  it('buckets the seconds from the press to the phone ringing, and a call that never rang', () => {
    expect(
      [0, 9_999, 10_000, 19_999, 20_000, 29_999, 30_000, 59_999, 60_000].map(ringBucket),
    ).toEqual(['0-10', '0-10', '10-20', '10-20', '20-30', '20-30', '30-60', '30-60', '60+']);
    expect(ringBucket(null)).toBe('none');
  });
});
