import { describe, expect, it } from 'vitest';
import { brandPalette } from './brand-palette';
import { brandAssets, inlineIconLink, setThemeColor } from './brand-plugin';

const HEAD = `<head>
    <meta name="theme-color" content="brand-900" />
    <link rel="icon" href="/favicon.png" type="image/png" sizes="48x48" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
  </head>`;

describe('inlineIconLink', () => {
  it('puts the PNG into the icon link as a data: URL and leaves the other links', () => {
    const html = inlineIconLink(HEAD, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(html).toContain(
      '<link rel="icon" href="data:image/png;base64,iVBORw==" type="image/png" sizes="48x48" />',
    );
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(html).not.toContain('href="/favicon.png"');
  });

  it('refuses a template without the icon link, so the icon cannot be dropped unnoticed', () => {
    expect(() => inlineIconLink('<head></head>', Buffer.alloc(1))).toThrow(/no <link rel="icon"/);
    expect(() => inlineIconLink('<link rel="icon" href="/favicon.svg">', Buffer.alloc(1))).toThrow(
      /no <link rel="icon" href="\/favicon.png"/,
    );
  });
});

describe('setThemeColor', () => {
  it("gives the browser's bar brand-900", () => {
    const palette = brandPalette('#7c3aed');
    expect(setThemeColor(HEAD, palette)).toContain(
      `<meta name="theme-color" content="${palette[900]}" />`,
    );
    expect(() => setThemeColor('<head></head>', palette)).toThrow(/theme-color/);
  });
});

describe('brandAssets', () => {
  const plugin = brandAssets(
    { brand: '#7c3aed', name: 'Acme', headline: () => Promise.resolve('Every call answered.') },
    '/site',
  );
  const transform = plugin.transform as {
    handler: (code: string, id: string) => { code: string } | undefined;
  };

  it('runs before Tailwind and adds the palette to the stylesheet only', () => {
    expect(plugin.enforce).toBe('pre');
    const css = "@import 'tailwindcss';\n";
    const added = transform.handler(css, '/site/src/styles/index.css')!.code;
    expect(added.startsWith(css)).toBe(true);
    expect(added).toContain('--color-brand-600: #7c3aed;');
    expect(transform.handler(css, '/site/src/styles/index.css?direct')!.code).toBe(added);
    expect(transform.handler(css, '/elsewhere/src/styles/index.css')).toBeUndefined();
  });

  it('refuses a brand colour under the contrast minimum when the config is resolved', () => {
    const refused = brandAssets(
      { brand: '#4caf50', name: 'Acme', headline: () => Promise.resolve('Hi') },
      '/site',
    );
    expect(() => (refused.configResolved as () => void)()).toThrow(
      /colors\.brand '#4caf50'.*on white.*2\.78:1/,
    );
  });
});
