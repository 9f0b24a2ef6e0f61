import { describe, expect, it } from 'vitest';
import { inlineIconLink } from './inline-icon';

const HEAD = `<head>
    <link rel="icon" href="/favicon.png" type="image/png" sizes="48x48" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
  </head>`;

describe('inlineIconLink', () => {
  it('puts the named PNG into the icon link as a data: URL and leaves the other links', () => {
    const asked: string[] = [];
    const html = inlineIconLink(HEAD, (name) => {
      asked.push(name);
      return Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    });
    expect(asked).toEqual(['favicon.png']);
    expect(html).toContain(
      '<link rel="icon" href="data:image/png;base64,iVBORw==" type="image/png" sizes="48x48" />',
    );
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(html).not.toContain('href="/favicon.png"');
  });

  it('refuses a template without an icon link, so the icon cannot be dropped unnoticed', () => {
    expect(() => inlineIconLink('<head></head>', () => Buffer.alloc(1))).toThrow(
      /no <link rel="icon"/,
    );
    expect(() =>
      inlineIconLink('<link rel="icon" href="/favicon.svg">', () => Buffer.alloc(1)),
    ).toThrow(/no <link rel="icon"/);
  });
});
