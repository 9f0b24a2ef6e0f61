import { describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css';

const CSS = [
  '.used{color:red}',
  '.unused{color:blue}',
  '@media (min-width:40rem){.sm\\:used{padding:1rem}.sm\\:unused{padding:2rem}}',
  '.used:hover{color:green}',
  '[data-early-pressed]{animation:.8s infinite early-pressed}',
  '@keyframes early-pressed{to{opacity:.65}}',
  '@keyframes never{to{opacity:0}}',
  ':where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}',
].join('');

describe('criticalCss', () => {
  it('keeps the rules the markup uses, their states and media queries, the early-press rule and the child utilities', async () => {
    const html =
      '<!doctype html><html><head><title>t</title></head><body><p class="used sm:used">x</p></body></html>';
    const critical = await criticalCss(html, CSS);
    expect(critical).toContain('.used{color:red}');
    expect(critical).toContain('.used:hover{color:green}');
    expect(critical).toContain('.sm\\:used{padding:1rem}');
    expect(critical).toContain('[data-early-pressed]');
    expect(critical).toContain('@keyframes early-pressed');
    expect(critical).toContain(':where(.space-y-2>:not(:last-child))');
    expect(critical).not.toContain('.unused');
    expect(critical).not.toContain('.sm\\:unused');
    expect(critical).not.toContain('@keyframes never');
  });
});
