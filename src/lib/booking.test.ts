import { describe, expect, it } from 'vitest';
import {
  bookingFrameOrigin,
  bookingLinkUrl,
  bookingProvider,
  calConfig,
  calendlyProps,
  calFrameOrigin,
  calTarget,
} from './booking';

const PREFILL = {
  name: 'Dana Lee',
  email: 'dana@example.com',
  notes: 'Weekend calls go to voicemail.\nTuesday?',
  leadId: '7b0c5e1e-8f1f-4b8e-9f43-0d9b2c1a6e11',
};

describe('Book a time', () => {
  it('picks Cal.com or Calendly by host, a link otherwise, and a named provider over the host', () => {
    expect(bookingProvider('https://cal.com/jordan/intro', undefined, 'production')).toBe('cal');
    expect(bookingProvider('https://app.cal.com/jordan/intro', undefined, 'production')).toBe(
      'cal',
    );
    expect(bookingProvider('https://acme.cal.com/jordan', undefined, 'production')).toBe('cal');
    expect(bookingProvider('https://calendly.com/jordan/30min', undefined, 'production')).toBe(
      'calendly',
    );
    // Not Cal.com's: a look-alike host, and a self-hosted Cal until it is named.
    expect(bookingProvider('https://notcal.com/jordan', undefined, 'production')).toBe('link');
    expect(bookingProvider('https://cal.example.com/jordan', undefined, 'production')).toBe('link');
    expect(bookingProvider('https://cal.example.com/jordan', 'cal', 'production')).toBe('cal');
    expect(bookingProvider('https://cal.com/jordan', 'link', 'production')).toBe('link');
    // The local stack's stand-in is Cal in a local build, at any loopback name; nothing else is.
    for (const host of ['127.0.0.1:4173', 'localhost:4173', '[::1]:4173'])
      expect(bookingProvider(`http://${host}/local/booking/owner/intro`, undefined, 'local')).toBe(
        'cal',
      );
    expect(bookingProvider('http://127.0.0.1:4173/local/booking/x', undefined, 'production')).toBe(
      'link',
    );
    expect(bookingProvider('http://127.0.0.1:4173/elsewhere', undefined, 'local')).toBe('link');
  });

  it("gives Cal's embed its origin and link, and the CSP the frame's origin as embed.js makes it", () => {
    expect(calTarget('https://cal.com/jordan/intro/')).toEqual({
      calOrigin: 'https://cal.com',
      calLink: 'jordan/intro',
    });
    // embed.js opens cal.com's pages at app.cal.com.
    expect(calFrameOrigin('https://cal.com')).toBe('https://app.cal.com');
    expect(calFrameOrigin('https://acme.cal.com')).toBe('https://acme.cal.com');
    expect(bookingFrameOrigin({ url: 'https://cal.com/jordan', provider: 'cal' })).toBe(
      'https://app.cal.com',
    );
    expect(
      bookingFrameOrigin({ url: 'http://127.0.0.1:4422/local/booking/j/i', provider: 'cal' }),
    ).toBe('http://127.0.0.1:4422');
    expect(bookingFrameOrigin({ url: 'https://calendly.com/jordan', provider: 'calendly' })).toBe(
      'https://calendly.com',
    );
    expect(bookingFrameOrigin({ url: 'https://cal.com/jordan', provider: 'link' })).toBeNull();
    expect(bookingFrameOrigin(null)).toBeNull();
  });

  it("prefills Cal's embed with name, email, notes and the lead id as flat metadata", () => {
    expect(calConfig(PREFILL)).toEqual({
      name: 'Dana Lee',
      email: 'dana@example.com',
      notes: 'Weekend calls go to voicemail.\nTuesday?',
      'metadata[lead_id]': PREFILL.leadId,
    });
    // What is missing or blank is left out, never sent empty.
    expect(calConfig({ name: '  ', email: 'dana@example.com' })).toEqual({
      email: 'dana@example.com',
    });
    expect(calConfig({})).toEqual({});
  });

  it("prefills Calendly's widget: name, email, the note as a1, the lead id as utm_content", () => {
    expect(calendlyProps(PREFILL)).toEqual({
      prefill: {
        name: 'Dana Lee',
        email: 'dana@example.com',
        customAnswers: { a1: PREFILL.notes },
      },
      utm: { utmContent: PREFILL.leadId },
    });
    expect(calendlyProps({})).toEqual({ prefill: {}, utm: {} });
  });

  it('prefills the new-tab link where the page takes it, and leaves any other page as set', () => {
    const cal = new URL(
      bookingLinkUrl(
        { url: 'https://cal.com/jordan/intro?duration=30', provider: 'link' },
        PREFILL,
      ),
    );
    expect(Object.fromEntries(cal.searchParams)).toEqual({
      duration: '30',
      name: 'Dana Lee',
      email: 'dana@example.com',
      notes: PREFILL.notes,
      'metadata[lead_id]': PREFILL.leadId,
    });
    const calendly = new URL(
      bookingLinkUrl({ url: 'https://calendly.com/jordan/30min', provider: 'calendly' }, PREFILL),
    );
    expect(Object.fromEntries(calendly.searchParams)).toEqual({
      name: 'Dana Lee',
      email: 'dana@example.com',
      a1: PREFILL.notes,
      utm_content: PREFILL.leadId,
    });
    expect(bookingLinkUrl({ url: 'https://book.example.com/j', provider: 'link' }, PREFILL)).toBe(
      'https://book.example.com/j',
    );
  });
});
