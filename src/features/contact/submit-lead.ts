// The page's side of the submit-lead Edge Function, loaded with the sender (never on page load):
// the bot check is rendered only when the site's ceiling turns a submission away.
import { renderBotCheck, type BotCheck } from '@/lib/turnstile';
import type { BotCheckedInsert, ContactPayload, InsertOutcome } from './submission';

export interface BotCheckedOptions {
  functionsUrl: string;
  anonKey: string;
  turnstile: { siteKey: string; scriptUrl: string };
  /** Where the widget goes (the form's `[data-bot-check]`). */
  container: () => HTMLElement | null;
  fetch?: typeof fetch;
}

/**
 * How long the page waits for a bot-check token. Turnstile usually passes without a click; when
 * it asks for one, the visitor needs time to see it and press it.
 */
export const BOT_CHECK_WAIT_MS = 30_000;

export function createBotCheckedInsert(options: BotCheckedOptions): BotCheckedInsert {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  let widget: Promise<BotCheck> | null = null;
  let used = false;

  return {
    async token() {
      if (!widget) {
        const container = options.container();
        if (!container) throw new Error('the form has no place for the bot check');
        widget = renderBotCheck(options.turnstile.scriptUrl, container, options.turnstile.siteKey);
        // A script that did not load may load on the next press.
        widget.catch(() => (widget = null));
      }
      const check = await widget;
      // A token is good for one request: after one was sent, ask the widget for the next.
      if (used) check.reset();
      const token = await check.token(BOT_CHECK_WAIT_MS);
      used = true;
      return token;
    },

    async insert(
      row: ContactPayload,
      captcha: string,
      signal: AbortSignal,
    ): Promise<InsertOutcome> {
      let response: Response;
      try {
        response = await fetcher(`${options.functionsUrl}/submit-lead`, {
          method: 'POST',
          headers: {
            apikey: options.anonKey,
            Authorization: `Bearer ${options.anonKey}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ ...row, captcha }),
          signal,
        });
      } catch (error) {
        // As supabase-js reports a dropped connection: status 0.
        return { ok: false, status: 0, code: '', message: String(error) };
      }
      if (response.status === 201) return { ok: true };
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      return {
        ok: false,
        status: response.status,
        code: typeof body.code === 'string' ? body.code : '',
        message: typeof body.message === 'string' ? body.message : '',
      };
    },
  };
}
