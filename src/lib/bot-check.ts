/**
 * Cloudflare Turnstile, one life for every form that needs it: the script loads on intent, never
 * on first paint; tokens are single-use, so the widget is asked for the next one as soon as one is
 * handed out; a script that failed to load is tried again on the next need.
 */

import type { SiteConfig } from './config-schema';
import { turnstileScriptUrl } from './turnstile-script';

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

function loadTurnstile(scriptUrl: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = turnstileScriptUrl(scriptUrl);
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

export interface BotCheckSession {
  /** Renders now, so a token is usually ready by the press. */
  prepare: () => Promise<void>;
  token: (ms?: number) => Promise<string>;
  renew: () => void;
  remove: () => void;
}

export type TurnstileConfig = NonNullable<SiteConfig['turnstile']>;

/** Cloudflare signs `action` into the token, and the function refuses a token solved for another form. */
export function createBotCheck(
  turnstile: TurnstileConfig,
  container: () => HTMLElement | null,
  action: string,
): BotCheckSession {
  let widget: ReturnType<typeof renderInto> | null = null;
  let current: string | null = null;
  let spent = false;
  let waiters: ((token: string) => void)[] = [];

  async function renderInto(element: HTMLElement) {
    const api = await loadTurnstile(turnstile.scriptUrl);
    const id = api.render(element, {
      sitekey: turnstile.siteKey,
      action,
      callback: (token: string) => {
        current = token;
        waiters.forEach((resolve) => resolve(token));
        waiters = [];
      },
      'expired-callback': () => (current = null),
      'error-callback': () => (current = null),
    });
    return { api, id };
  }

  function render(): ReturnType<typeof renderInto> {
    if (!widget) {
      const element = container();
      if (!element) return Promise.reject(new Error('the form has no place for the bot check'));
      const rendering = renderInto(element);
      widget = rendering;
      rendering.catch(() => {
        if (widget === rendering) widget = null;
      });
    }
    return widget;
  }

  function renew() {
    if (!spent || !widget) return;
    spent = false;
    current = null;
    void widget.then(({ api, id }) => api.reset(id)).catch(() => undefined);
  }

  return {
    prepare: async () => void (await render()),
    token: async (ms = 15_000) => {
      renew();
      await render();
      const token =
        current ??
        (await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no bot-check token in time')), ms);
          waiters.push((next) => {
            clearTimeout(timer);
            resolve(next);
          });
        }));
      spent = true;
      return token;
    },
    renew,
    remove: () => {
      const rendered = widget;
      widget = null;
      spent = false;
      current = null;
      void rendered?.then(({ api, id }) => api.remove(id)).catch(() => undefined);
    },
  };
}

export function forgetTurnstile(): void {
  loading = null;
}
