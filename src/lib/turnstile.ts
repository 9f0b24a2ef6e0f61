/**
 * Cloudflare Turnstile in the page, loaded on intent (when the callback form opens), never on
 * first paint. One widget per form; its token is single-use, so the widget is reset after each
 * try and the next token is awaited.
 */

interface TurnstileApi {
  render: (container: HTMLElement, options: Record<string, unknown>) => string;
  reset: (id: string) => void;
  remove: (id: string) => void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** Adds Turnstile's script once (explicit rendering); resolves with its API. */
export function loadTurnstile(scriptUrl: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    const url = new URL(scriptUrl, window.location.href);
    url.searchParams.set('render', 'explicit');
    script.src = url.href;
    script.async = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Turnstile could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export interface BotCheck {
  /** The next token: waits for the widget (at most `ms`), then rejects. */
  token: (ms?: number) => Promise<string>;
  /** Asks the widget for a fresh token (after one was used). */
  reset: () => void;
  remove: () => void;
}

export async function renderBotCheck(
  scriptUrl: string,
  container: HTMLElement,
  siteKey: string,
): Promise<BotCheck> {
  const api = await loadTurnstile(scriptUrl);
  let current: string | null = null;
  let waiters: ((token: string) => void)[] = [];
  const id = api.render(container, {
    sitekey: siteKey,
    callback: (token: string) => {
      current = token;
      waiters.forEach((resolve) => resolve(token));
      waiters = [];
    },
    'expired-callback': () => (current = null),
    'error-callback': () => {
      current = null;
    },
  });
  return {
    token: (ms = 15_000) =>
      current
        ? Promise.resolve(current)
        : new Promise<string>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no bot-check token in time')), ms);
            waiters.push((token) => {
              clearTimeout(timer);
              resolve(token);
            });
          }),
    reset: () => {
      current = null;
      api.reset(id);
    },
    remove: () => api.remove(id),
  };
}

/** For tests: forgets the loaded script. */
export function forgetTurnstile(): void {
  loading = null;
}
