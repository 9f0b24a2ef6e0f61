import { renderBotCheck, type BotCheck } from '@/lib/turnstile';

/**
 * One bot check's life in a form, the same for every form that needs one (Call my phone, the
 * contact form past the site's ceiling, a voice token): the widget is rendered once, on first
 * need or ahead of it (`prepare`), into the form's own element; each token is single-use, so
 * once one is handed out the widget is asked for the next; a script that failed to load is
 * tried again on the next need; `remove` takes the widget away.
 */

export interface BotCheckSession {
  /** Renders the widget now, so a token is usually ready by the press. */
  prepare: () => Promise<void>;
  /** The next unused token: waits for the widget at most `ms`, then rejects. */
  token: (ms?: number) => Promise<string>;
  /** After a token was sent: asks the widget for the next one now (the next `token` would). */
  renew: () => void;
  remove: () => void;
}

export interface TurnstileConfig {
  siteKey: string;
  scriptUrl: string;
}

export function createBotCheck(
  turnstile: TurnstileConfig,
  container: () => HTMLElement | null,
): BotCheckSession {
  let widget: Promise<BotCheck> | null = null;
  let spent = false;

  function render(): Promise<BotCheck> {
    if (!widget) {
      const element = container();
      if (!element) return Promise.reject(new Error('the form has no place for the bot check'));
      const rendering = renderBotCheck(turnstile.scriptUrl, element, turnstile.siteKey);
      widget = rendering;
      // A script that did not load may load on the next try.
      rendering.catch(() => {
        if (widget === rendering) widget = null;
      });
    }
    return widget;
  }

  function renew() {
    if (!spent || !widget) return;
    spent = false;
    void widget.then((check) => check.reset()).catch(() => undefined);
  }

  return {
    prepare: async () => void (await render()),
    token: async (ms) => {
      renew();
      const check = await render();
      const token = await check.token(ms);
      spent = true;
      return token;
    },
    renew,
    remove: () => {
      const current = widget;
      widget = null;
      spent = false;
      void current?.then((check) => check.remove()).catch(() => undefined);
    },
  };
}
