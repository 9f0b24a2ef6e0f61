import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  landingUtm,
  markDemoCall,
  MAX_UTM_PARAMS,
  MAX_UTM_VALUE,
  onMessagePrefill,
  rememberLanding,
  requestMessagePrefill,
  resetVisit,
  triedDemoCall,
  utmFrom,
} from './visit';

afterEach(() => resetVisit());

describe('the visit', () => {
  it('reads the utm_* parameters of a landing, bounded in number and length', () => {
    expect(utmFrom('?utm_source=google&utm_Campaign=Spring%20roofs&ref=x')).toEqual({
      utm_source: 'google',
      utm_campaign: 'Spring roofs',
    });
    expect(utmFrom('?ref=x')).toBeNull();
    expect(utmFrom('?utm_source=')).toBeNull();
    const many = Array.from({ length: 20 }, (_, i) => `utm_k${i}=v`).join('&');
    expect(Object.keys(utmFrom(`?${many}`) ?? {})).toHaveLength(MAX_UTM_PARAMS);
    expect(utmFrom(`?utm_source=${'x'.repeat(500)}`)?.utm_source).toHaveLength(MAX_UTM_VALUE);
  });

  it('keeps the landing campaign for the visit: later pages do not replace it', () => {
    rememberLanding('?utm_source=facebook');
    rememberLanding('?utm_source=other');
    expect(landingUtm()).toEqual({ utm_source: 'facebook' });
    resetVisit();
    rememberLanding('');
    rememberLanding('?utm_source=later');
    expect(landingUtm()).toBeNull();
  });

  it('remembers a demo call for the visit', () => {
    expect(triedDemoCall()).toBe(false);
    markDemoCall();
    expect(triedDemoCall()).toBe(true);
  });

  it('hands a message prefill to whoever listens, until they stop', () => {
    const listener = vi.fn();
    const stop = onMessagePrefill(listener);
    requestMessagePrefill('hello');
    stop();
    requestMessagePrefill('again');
    expect(listener.mock.calls).toEqual([['hello']]);
  });
});
