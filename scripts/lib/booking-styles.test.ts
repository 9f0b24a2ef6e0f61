import { describe, expect, it } from 'vitest';
import { bookingStyleHashes, calEmbedInlineStyles, calendlyInlineStyles } from './booking-styles';
import { cspHash } from './security-headers';

describe("Book a time's <style> elements, allowed by the CSP by hash", () => {
  it("reads the <style> elements Cal's embed.js writes (the empty one it inserts first too), at both widths, and none of its style attributes", () => {
    const texts = calEmbedInlineStyles();
    // <head>: `.cal-embed`, inserted empty then filled, and its CSS variables.
    expect(texts).toContain('.cal-embed{border:0px;min-height:300px;margin:0 auto;width:100%}\n');
    expect(texts).toContain('');
    expect(texts.some((text) => text.includes('--cal-spacing-0: 0px;'))).toBe(true);
    // The <cal-inline> element's shadow root: its stylesheet and the loader's keyframes.
    expect(texts.some((text) => text.startsWith('@keyframes loader{'))).toBe(true);
    // Its loader's attributes (style-src-attr allows them) are not among them.
    expect(texts.some((text) => text.startsWith('grid-template-areas:'))).toBe(false);
    expect(texts).not.toContain('top:50%; left:50%; transform:translate(-50%,-50%)');
  });

  it("reads react-calendly's one stylesheet", () => {
    const [css, ...rest] = calendlyInlineStyles();
    expect(rest).toEqual([]);
    expect(css).toMatch(/^\/\*\n {2}code is extracted from Calendly's embed stylesheet/);
    expect(css).toContain('.calendly-inline-widget {\n  min-width: 320px;');
  });

  it('gives hashes for the provider that opens inline, none for a link or no booking page', () => {
    expect(bookingStyleHashes(null)).toEqual([]);
    expect(bookingStyleHashes({ url: 'https://x.example.com', provider: 'link' })).toEqual([]);
    const cal = bookingStyleHashes({ url: 'https://cal.com/j', provider: 'cal' });
    expect(cal).toContain(cspHash(''));
    expect(cal).toEqual(calEmbedInlineStyles().map(cspHash).sort());
    expect(bookingStyleHashes({ url: 'https://calendly.com/j', provider: 'calendly' })).toEqual(
      calendlyInlineStyles().map(cspHash),
    );
  });
});
