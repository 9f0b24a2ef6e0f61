import { describe, expect, it } from 'vitest';
import { deferEntryScript } from './build';

const BUILT =
  '<head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body></body>';

/** Runs the inline loader against a stand-in browser whose paint, frames and load we drive. */
function runLoader() {
  const html = deferEntryScript(BUILT);
  const loader = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const appended: { type: string; src: string; crossOrigin: string }[] = [];
  const paints: { name: string }[] = [];
  let frame: (() => void) | undefined;
  let observer: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
  const timers: (() => void)[] = [];
  const onLoad: (() => void)[] = [];
  const env = {
    document: {
      createElement: () => ({ type: '', src: '', crossOrigin: '' }),
      head: { appendChild: (s: (typeof appended)[number]) => appended.push(s) },
    },
    performance: { getEntriesByName: (name: string) => paints.filter((p) => p.name === name) },
    requestAnimationFrame: (callback: () => void) => (frame = callback),
    PerformanceObserver: class {
      constructor(callback: typeof observer) {
        observer = callback;
      }
      observe() {}
    },
    addEventListener: (type: string, callback: () => void) =>
      type === 'load' && onLoad.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  };
  new Function(...Object.keys(env), loader)(...Object.values(env));
  return {
    html,
    appended,
    nextFrame: () => frame?.(),
    paint: () => paints.push({ name: 'first-contentful-paint' }),
    observe: () => observer?.({ getEntriesByName: (n) => paints.filter((p) => p.name === n) }),
    load: () => {
      onLoad.forEach((callback) => callback());
      timers.splice(0).forEach((callback) => callback());
    },
  };
}

describe('the inline loader of the app script', () => {
  it('replaces the module script, so nothing is fetched before the first paint', () => {
    const { html, appended, nextFrame } = runLoader();
    expect(html).not.toContain('<script type="module"');
    nextFrame();
    nextFrame();
    expect(appended).toEqual([]);
  });

  it('requests the app on the first frame after the first contentful paint, once', () => {
    const page = runLoader();
    page.nextFrame();
    page.paint();
    page.nextFrame();
    expect(page.appended).toEqual([
      { type: 'module', src: '/assets/index-abc.js', crossOrigin: '' },
    ]);
    page.observe();
    page.nextFrame();
    page.load();
    expect(page.appended).toHaveLength(1);
  });

  it('also goes on the paint observer, and after load where paints are never reported', () => {
    const observed = runLoader();
    observed.paint();
    observed.observe();
    expect(observed.appended).toHaveLength(1);
    const background = runLoader();
    background.load();
    expect(background.appended).toHaveLength(1);
  });
});
