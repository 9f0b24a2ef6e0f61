import { describe, expect, it } from 'vitest';
import { bookingStyleHashes, calEmbedInlineStyles, calendlyInlineStyles } from './booking-styles';
import { cspHash } from './security-headers';

describe("Book a time's inline styles, allowed by the CSP by hash", () => {
  it("reads what Cal's embed.js writes: its <style> elements (the empty one it inserts first too) and the loader's attributes at both widths", async () => {
    const texts = await calEmbedInlineStyles();
    // <head>: `.cal-embed`, inserted empty then filled, and its CSS variables.
    expect(texts).toContain('.cal-embed{border:0px;min-height:300px;margin:0 auto;width:100%}\n');
    expect(texts).toContain('');
    expect(texts.some((text) => text.includes('--cal-spacing-0: 0px;'))).toBe(true);
    // The <cal-inline> element's own style attribute, and its shadow root's loader.
    expect(texts).toContain(
      'max-height:inherit;height:inherit;min-height:inherit;display:flex;position:relative;flex-wrap:wrap;width:100%',
    );
    expect(texts).toContain('top:50%; left:50%; transform:translate(-50%,-50%)');
    // The loader's layouts: wide (month view) and under 768 px (mobile).
    expect(texts).toContain('left:50%; transform:translate(-50%,0%)');
    expect(texts.some((text) => text.startsWith('grid-template-areas: "meta main main"'))).toBe(
      true,
    );
    expect(
      texts.some((text) => text.startsWith('grid-template-areas: "meta" "header" "main"')),
    ).toBe(true);
    // As written, not as a script's `.style` changes left them (those CSP does not check).
    expect(texts.some((text) => text.includes('display: none'))).toBe(false);
  });

  it("reads react-calendly's one stylesheet", async () => {
    const [css, ...rest] = await calendlyInlineStyles();
    expect(rest).toEqual([]);
    expect(css).toMatch(/^\/\*\n {2}code is extracted from Calendly's embed stylesheet/);
    expect(css).toContain('.calendly-inline-widget {\n  min-width: 320px;');
  });

  it('gives hashes for the provider that opens inline, none for a link or no booking page', async () => {
    expect(await bookingStyleHashes(null)).toEqual([]);
    expect(await bookingStyleHashes({ url: 'https://x.example.com', provider: 'link' })).toEqual(
      [],
    );
    const cal = await bookingStyleHashes({ url: 'https://cal.com/j', provider: 'cal' });
    expect(cal).toContain(cspHash(''));
    expect(cal).toEqual((await calEmbedInlineStyles()).map(cspHash).sort());
    expect(
      await bookingStyleHashes({ url: 'https://calendly.com/j', provider: 'calendly' }),
    ).toEqual((await calendlyInlineStyles()).map(cspHash));
  });
});
