import { describe, expect, it } from 'vitest';
import { isRecordingFailure, loadedBeforeLcp, observedLcpInFirstPaint } from './lighthouse';

describe('isRecordingFailure', () => {
  it('repeats runs that Lighthouse itself failed to record', () => {
    expect(
      isRecordingFailure({
        runtimeError: 'NO_NAVSTART: Something went wrong with recording the trace',
      }),
    ).toBe(true);
    expect(
      isRecordingFailure({ runtimeError: 'NO_TRACING_STARTED: Chrome did not start tracing' }),
    ).toBe(true);
  });

  it('reports everything else: a clean run, or a failure the page caused', () => {
    expect(isRecordingFailure({})).toBe(false);
    expect(isRecordingFailure({ runtimeError: 'NO_FCP: The page did not paint any content' })).toBe(
      false,
    );
    expect(isRecordingFailure({ runtimeError: 'ERRORED_DOCUMENT_REQUEST: status code 500' })).toBe(
      false,
    );
  });
});

describe('observedLcpInFirstPaint', () => {
  const metrics = (fcp: unknown, lcp: unknown) => ({
    items: [{ observedFirstContentfulPaint: fcp, observedLargestContentfulPaint: lcp }],
  });

  it('is true only when the largest paint was the first contentful one', () => {
    expect(observedLcpInFirstPaint(metrics(412, 412))).toBe(true);
    expect(observedLcpInFirstPaint(metrics(412, 537))).toBe(false);
  });

  it('is false when Lighthouse reported no observed timings', () => {
    expect(observedLcpInFirstPaint(undefined)).toBe(false);
    expect(observedLcpInFirstPaint({ items: [] })).toBe(false);
    expect(observedLcpInFirstPaint(metrics(undefined, undefined))).toBe(false);
  });
});

describe('loadedBeforeLcp', () => {
  const metrics = { items: [{ observedLargestContentfulPaint: 120 }] };
  const requests = {
    items: [
      { url: 'http://127.0.0.1:1/', networkEndTime: 40 },
      { url: 'data:image/webp;base64,UklGR', networkEndTime: 50 },
      { url: 'http://127.0.0.1:1/assets/app.js', networkEndTime: 110 },
      { url: 'http://127.0.0.1:1/assets/app.css', networkEndTime: 130 },
      { url: 'http://127.0.0.1:1/late.js' },
    ],
  };

  it('lists the requests, the page and data: URLs left out, that ended before the observed LCP', () => {
    expect(loadedBeforeLcp(metrics, requests, 'http://127.0.0.1:1/')).toEqual([
      'http://127.0.0.1:1/assets/app.js',
    ]);
  });

  it('lists none without an observed LCP or requests', () => {
    expect(loadedBeforeLcp(undefined, requests, 'http://127.0.0.1:1/')).toEqual([]);
    expect(loadedBeforeLcp(metrics, undefined, 'http://127.0.0.1:1/')).toEqual([]);
  });
});
