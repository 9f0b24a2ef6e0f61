/**
 * Inlined in place of the entry's module script. It reads its files from its own `data-app`, so
 * its text and CSP hash are the same on every page. It adds the app after the first contentful
 * paint, since the prerendered page is complete without it and its bytes should not compete on a
 * slow phone; without paint timing, 3 s after load (at 1 s Lighthouse counted the app in LCP).
 * The served HTML names nothing of the app (a preload would compete with the first paint), and
 * the loader adds one element a task: starting a request is costly renderer work, and all at once
 * made a long task on a phone (docs/performance.md).
 */

export type LoaderWindow = Pick<
  Window,
  'document' | 'performance' | 'requestAnimationFrame' | 'addEventListener' | 'setTimeout'
> & { PerformanceObserver?: typeof PerformanceObserver };

const FIRST_PAINT = 'first-contentful-paint';
const AFTER_LOAD_MS = 3_000;

export interface AppFiles {
  module: string;
  imports: readonly string[];
  stylesheets: readonly string[];
}

/** Reads the files its own <script> element names in `data-app`. */
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
    // One element a task, the app first.
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
    // No paint timing: the frame check and the load fallback still add it.
  }
  // The observer's callback is a low-priority task, so look every frame as well.
  const onFrame = () => {
    if (done) return;
    if (painted()) add();
    else win.requestAnimationFrame(onFrame);
  };
  win.requestAnimationFrame(onFrame);
  win.addEventListener('load', () => win.setTimeout(add, AFTER_LOAD_MS));
}
