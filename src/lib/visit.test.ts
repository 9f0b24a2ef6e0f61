import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  landingUtm,
  markDemoCall,
  onMessagePrefill,
  rememberLanding,
  requestMessagePrefill,
  resetVisit,
  triedDemoCall,
  utmFrom,
} from './visit';

afterEach(() => resetVisit());

describe('the visit', () => {
  it('reads the five utm_* parameters of a landing, each within its byte limit', () => {
    expect(utmFrom('?utm_source=google&utm_Campaign=Spring%20roofs&ref=x')).toEqual({
      utm_source: 'google',
      utm_campaign: 'Spring roofs',
    });
    expect(utmFrom('?ref=x')).toBeNull();
    expect(utmFrom('?utm_source=')).toBeNull();
    const many = Array.from({ length: 20 }, (_, i) => `utm_k${i}=v`).join('&');
    expect(utmFrom(`?${many}&utm_term=roof&__proto__=x&utm_medium=cpc`)).toEqual({
      utm_term: 'roof',
      utm_medium: 'cpc',
    });
    expect(utmFrom(`?utm_source=${'x'.repeat(500)}`)?.utm_source).toHaveLength(100);
    // Cut by bytes, never inside a character: 33 three-byte letters are 99 bytes.
    expect(utmFrom(`?utm_source=${'中'.repeat(60)}`)?.utm_source).toBe('中'.repeat(33));
    // A control character in a value drops that value.
    expect(utmFrom('?utm_source=a%1Bb&utm_medium=cpc')).toEqual({ utm_medium: 'cpc' });
  });

  it('drops a utm value that looks like an e-mail address or a phone number', () => {
    expect(
      utmFrom(
        '?utm_source=jane%40example.com&utm_medium=%2B1%20415%20555%200100&utm_term=4155550100&utm_content=%28415%29+555-0100&utm_campaign=spring',
      ),
    ).toEqual({ utm_campaign: 'spring' });
    // Judged before it is cut to 100 bytes, which would leave no dot after the @.
    expect(utmFrom(`?utm_source=${'j'.repeat(95)}%40example.com`)).toBeNull();
    expect(utmFrom('?utm_campaign=2026-11-20&utm_content=ad-12')).toEqual({
      utm_campaign: '2026-11-20',
      utm_content: 'ad-12',
    });
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
