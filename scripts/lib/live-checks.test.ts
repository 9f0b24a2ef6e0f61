import { describe, expect, it } from 'vitest';
import { cspDifferences, formatResults, parseCsp } from './live-checks';
import { cspHash } from './security-headers';

const HTML = '<head><script>boot()</script><style>h1{color:red}</style></head>';
const BUILT = `default-src 'self'; script-src 'self' ${cspHash('boot()')}; style-src 'self' ${cspHash('h1{color:red}')}; connect-src 'self' https://api.vapi.ai`;

describe("check:live's CSP comparison", () => {
  it('passes the CSP the build makes', () => {
    expect(cspDifferences(BUILT, BUILT, HTML)).toEqual([]);
  });

  it("names an origin the host dropped, one it added and a directive that is not the build's", () => {
    const served = `default-src 'self'; script-src 'self' ${cspHash('boot()')}; style-src 'self' ${cspHash('h1{color:red}')}; connect-src 'self' https://evil.example; img-src *`;
    expect(cspDifferences(served, BUILT, HTML)).toEqual([
      'connect-src lacks https://api.vapi.ai',
      'connect-src allows https://evil.example, which the build does not use',
      "img-src is not the build's",
    ]);
  });

  it("says when the page's own inline script or style is not allowed (a stale policy)", () => {
    const stale = BUILT.replace(cspHash('boot()'), cspHash('old()'));
    expect(cspDifferences(stale, BUILT, HTML)).toEqual([
      'script-src lacks the hash of 1 inline script(s)',
    ]);
  });

  it('reads directives case-insensitively and prints one line per check', () => {
    expect([...parseCsp("Default-Src 'self'").keys()]).toEqual(['default-src']);
    expect(
      formatResults([
        { ok: true, what: 'a' },
        { ok: true, what: 'b', skipped: true },
        { ok: false, what: 'c', fix: 'do d' },
      ]),
    ).toEqual(['PASS  a', 'SKIP  b', 'FAIL  c: do d']);
  });
});
