/**
 * The loader of the app script, inlined in place of the entry's module script (the build
 * bundles and minifies this file into the page, see scripts/lib/inline-script.ts). It reads
 * the files it adds from its own element's `data-app` (JSON), so its text, and the one CSP hash
 * it needs, is the same on every page: a trade page adds its words' chunk there. It adds the module once the page has painted its first
 * content: the prerendered page is complete and readable without it, so its bytes should not
 * compete with the page's own on a slow phone connection. Only hydration waits. Browsers
 * without paint timing (or a tab opened in the background) get it 3 s after load: at 1 s it
 * came before the first paint in the Lighthouse loads whose first frame was presented late
 * (at 1.2 to 1.3 s), and Lighthouse then counted the app's whole download in the page's LCP.
 *
 * With the module come the modules it imports (as `modulepreload` links, so they download beside
 * it rather than after it) and the site's whole stylesheet, for what the app renders later
 * (messages, a call in progress, the callback form): the page carries inline the rules its own
 * markup uses (scripts/lib/critical-css.ts), and the whole sheet holds them too, later in the
 * cascade, so its arrival changes nothing the page shows. Nothing of the app is named in the
 * served HTML: a preload there is a request that competes with the first paint. It adds them one
 * a task, the module first: starting a request is the renderer's own work (the first one in a
 * fresh renderer took 9 ms of a 12 ms task in Lighthouse's traces), and at a phone's 4x that
 * task made a long one when it held all of them (docs/performance.md).
 */

/** The parts of `window` the loader uses (tests pass a stand-in they drive). */
export type LoaderWindow = Pick<
  Window,
  'document' | 'performance' | 'requestAnimationFrame' | 'addEventListener' | 'setTimeout'
> & { PerformanceObserver?: typeof PerformanceObserver };

const FIRST_PAINT = 'first-contentful-paint';
const AFTER_LOAD_MS = 3_000;

/** What the loader adds: the entry module, the modules it imports, the site's stylesheet. */
export interface AppFiles {
  module: string;
  imports: readonly string[];
  stylesheets: readonly string[];
}

/**
 * What the page runs: the loader, given the files its own <script> element names in `data-app`
 * (written by scripts/lib/inline-script.ts).
 */
export function loadNamedFiles(win: LoaderWindow): void {
  const own = win.document.currentScript as HTMLScriptElement | null;
  loadAfterFirstPaint(JSON.parse(own?.dataset.app ?? 'null') as AppFiles, win);
}

export function loadAfterFirstPaint(app: AppFiles, win: LoaderWindow): void {
  let done = false;
  const add = () => {
    if (done) return;
    done = true;
    const link = (rel: string, href: string) => () => {
      const element = win.document.createElement('link');
      element.rel = rel;
      element.href = href;
      if (rel === 'modulepreload') element.crossOrigin = '';
      win.document.head.appendChild(element);
    };
    const module = () => {
      const script = win.document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = app.module;
      win.document.head.appendChild(script);
    };
    // One element a task, the app first (see above).
    const steps = [
      module,
      ...app.imports.map((href) => link('modulepreload', href)),
      ...app.stylesheets.map((href) => link('stylesheet', href)),
    ];
    const next = () => {
      steps.shift()?.();
      if (steps.length) win.setTimeout(next, 0);
    };
    next();
  };
  const painted = () => win.performance.getEntriesByName(FIRST_PAINT).length > 0;
  try {
    new win.PerformanceObserver!((list) => {
      if (list.getEntriesByName(FIRST_PAINT).length) add();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the frame check and the load fallback still add it.
  }
  // The observer's callback is delivered late (a low-priority task): look every frame as well.
  const onFrame = () => {
    if (done) return;
    if (painted()) add();
    else win.requestAnimationFrame(onFrame);
  };
  win.requestAnimationFrame(onFrame);
  win.addEventListener('load', () => win.setTimeout(add, AFTER_LOAD_MS));
}
