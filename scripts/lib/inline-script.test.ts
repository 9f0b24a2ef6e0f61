import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAfterFirstPaint, type LoaderWindow } from '../../src/inline/app-loader';
import { placeInlineScripts } from '../build';
import { appFilesOf } from './inline-script';

const BUILT =
  '<head><meta charset="UTF-8"><!--app-head--><script type="module" crossorigin src="/assets/index-abc.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/runtime-def.js"></head><body></body>';

let html = '';
let scripts: string[] = [];
beforeAll(async () => {
  html = await placeInlineScripts(BUILT, ['/assets/index-abc.css'], []);
  scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
});

/**
 * Runs the loader against a stand-in browser whose paint, frames and load we drive: as written
 * (the source function), or as built (the minified text that ships in the page).
 */
function runLoader(as: 'source' | 'built') {
  const appended: Record<string, string>[] = [];
  const paints: { name: string }[] = [];
  let frame: (() => void) | undefined;
  let observer: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
  const timers: (() => void)[] = [];
  const delays: number[] = [];
  const onLoad: (() => void)[] = [];
  const env = {
    document: {
      createElement: (tag: string) =>
        tag === 'link' ? { rel: '', href: '' } : { type: '', src: '', crossOrigin: '' },
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
    setTimeout: (callback: () => void, ms = 0) => {
      timers.push(callback);
      delays.push(ms);
    },
  };
  if (as === 'source') {
    loadAfterFirstPaint(
      {
        module: '/assets/index-abc.js',
        imports: ['/assets/runtime-def.js'],
        stylesheets: ['/assets/index-abc.css'],
      },
      env as unknown as LoaderWindow,
    );
  } else {
    // The page's own element, as document.currentScript gives it while the script runs.
    const files = appFilesOf(html)!;
    const currentScript = { dataset: { app: JSON.stringify(files) } };
    new Function('window', scripts[1]!)({ ...env, document: { ...env.document, currentScript } });
  }
  /** Runs the oldest queued timer: one task. */
  const task = () => timers.shift()?.();
  /** Runs the queued timers, and any they queue, until none is left. */
  const tasks = () => {
    for (let callback = timers.shift(); callback; callback = timers.shift()) callback();
  };
  return {
    appended,
    delays,
    nextFrame: () => frame?.(),
    paint: () => paints.push({ name: 'first-contentful-paint' }),
    observe: () => observer?.({ getEntriesByName: (n) => paints.filter((p) => p.name === n) }),
    task,
    tasks,
    load: () => {
      onLoad.forEach((callback) => callback());
      tasks();
    },
  };
}

describe('the inline scripts as built', () => {
  it('puts the capture first in the head and replaces the module script with the loader', () => {
    expect(html).not.toContain('<script type="module"');
    // Nothing of the app is fetched before the first paint: the loader preloads its imports.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    // The loader names its files in its element's data-app, so its text is the same on every page.
    expect(scripts[1]).not.toContain('/assets/');
    expect(appFilesOf(html)).toEqual({
      module: '/assets/index-abc.js',
      imports: ['/assets/runtime-def.js'],
      stylesheets: ['/assets/index-abc.css'],
    });
    expect(html.indexOf(scripts[0]!)).toBeLessThan(html.indexOf('<!--app-head-->'));
    expect(html.indexOf(scripts[1]!)).toBeGreaterThan(html.indexOf('<!--app-head-->'));
    for (const script of scripts) {
      expect(script).not.toMatch(/\bimport\b|\brequire\(|\n/);
      // Each is in the head of every page: small, but the capture also holds the calculator's
      // rule from the first keystroke (about 650 characters, 300 bytes brotli).
      expect(script.length).toBeLessThan(1_400);
    }
  });

  it("names the loader's files in an attribute a browser reads back as the same JSON", () => {
    const dom = new JSDOM(html);
    const element = dom.window.document.querySelector<HTMLScriptElement>('script[data-app]')!;
    expect(JSON.parse(element.dataset.app!)).toEqual(appFilesOf(html));
    expect(element.textContent).toBe(scripts[1]);
    dom.window.close();
  });

  it('ships a capture that holds an early press, self-contained', () => {
    const dom = new JSDOM('<button data-early-press="book">Book</button>', {
      runScripts: 'outside-only',
    });
    dom.window.eval(scripts[0]!);
    const button = dom.window.document.querySelector('button')!;
    const click = new dom.window.MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(button.hasAttribute('data-early-pressed')).toBe(true);
    expect((dom.window as unknown as Window).__earlyPresses?.queue).toEqual(['book']);
    dom.window.close();
  });
});

describe.each(['source', 'built'] as const)('the loader of the app script (%s)', (as) => {
  it('fetches nothing before the first paint', () => {
    const { appended, nextFrame } = runLoader(as);
    nextFrame();
    nextFrame();
    expect(appended).toEqual([]);
  });

  it('requests the app on the first frame after the first contentful paint, then its imports and the stylesheet a task each, once', () => {
    const page = runLoader(as);
    page.nextFrame();
    page.paint();
    page.nextFrame();
    // The app's own request first, alone in the frame's task: the rest follow in tasks of their
    // own, so no one task of the loader grows long on a slow phone.
    expect(page.appended).toEqual([
      { type: 'module', src: '/assets/index-abc.js', crossOrigin: '' },
    ]);
    page.task();
    expect(page.appended).toEqual([
      { type: 'module', src: '/assets/index-abc.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/runtime-def.js', crossOrigin: '' },
    ]);
    page.task();
    expect(page.appended).toEqual([
      { type: 'module', src: '/assets/index-abc.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/runtime-def.js', crossOrigin: '' },
      { rel: 'stylesheet', href: '/assets/index-abc.css' },
    ]);
    page.observe();
    page.nextFrame();
    page.load();
    expect(page.appended).toHaveLength(3);
  });

  it('also goes on the paint observer, and 3 s after load where paints are never reported', () => {
    const observed = runLoader(as);
    observed.paint();
    observed.observe();
    observed.tasks();
    expect(observed.appended).toHaveLength(3);
    const background = runLoader(as);
    background.load();
    expect(background.appended).toHaveLength(3);
    // Past a first frame presented late (1.2 to 1.3 s in Lighthouse's loads): its app's requests
    // would count in the page's LCP.
    expect(background.delays[0]).toBe(3_000);
  });
});
