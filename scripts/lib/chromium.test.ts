import { describe, expect, it } from 'vitest';
import { chromiumVersionOf } from './chromium';

describe('chromiumVersionOf', () => {
  it("reads the version past the Debian wrapper's shell noise", () => {
    const printed =
      '/usr/bin/chromium: 9: [: 25276026880: unexpected operator\nChromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)\n';
    expect(chromiumVersionOf(printed)).toBe('Chromium 156.0.8078.108');
  });

  it("reads Google Chrome's, and gives the first line of anything else", () => {
    expect(chromiumVersionOf('Google Chrome 131.0.6778.85 \n')).toBe('Google Chrome 131.0.6778.85');
    expect(chromiumVersionOf('  some other browser\nsecond line')).toBe('some other browser');
  });
});
