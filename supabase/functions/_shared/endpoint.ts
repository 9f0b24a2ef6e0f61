import {
  COMMON_REFUSALS,
  UNAUTHORIZED,
  type EndpointContract,
  type Refusal,
} from './contracts/refusal.ts';
import { clientAddressOf, corsHeaders, json, readJsonObject, type AddressSource } from './http.ts';
import type { Background } from './background.ts';
import type { CallDatabase } from './database.ts';
import { verifyTurnstile, type TurnstileSettings } from './turnstile.ts';
import type { WebhookSettings } from './webhook.ts';

/**
 * The opening every function shares: the method, CORS for the site's pages, the body read as
 * JSON within a size limit, the endpoint's contract parser, then the bot check of the body's
 * `captcha`, in that order (a body that cannot be read or parsed costs no siteverify). What
 * follows is the function's own: it gets the parsed body, the client's address and the way to
 * answer, with the same headers on every answer.
 */

/** The contract's endpoint (its name for log lines, body limit, parser, error body), and: */
export interface Opening<T> extends EndpointContract<T> {
  /** The pages allowed to call it (CORS, siteOrigins); none for a server-to-server endpoint. */
  origins: readonly string[];
  /** When set, the body's `captcha` must pass Cloudflare's siteverify. */
  botCheck?: TurnstileSettings;
  /**
   * With `botCheck`: which bodies are checked (all when unset). An endpoint that checks only
   * some (a chat's first message) must itself refuse what needed a check and had none.
   */
  botCheckWhen?: (body: T) => boolean;
  /** Checked before the body is read (a shared secret); false answers 401. */
  authorize?: (request: Request) => Promise<boolean>;
  /** Sent with every answer. */
  headers?: Record<string, string>;
}

export interface Opened<T> {
  body: T;
  address: string | null;
  /** Which header gave the address (recorded with the request: a deploy with none shows). */
  addressSource: AddressSource;
  /** A JSON answer (201 with a null body: no body), with the opening's headers. */
  answer: (status: number, body: unknown, headers?: Record<string, string>) => Response;
  refuse: (refusal: Refusal) => Response;
}

/** What every function the site's pages call is given (pageFacingSettings reads it). */
export interface PageSettings {
  /** The site's origins (CORS): siteOrigins(SITE_URL). */
  origins: string[];
  turnstile: TurnstileSettings;
  database: CallDatabase;
  /** The owner's automation (CONTACT_WEBHOOK_URL). */
  webhook?: WebhookSettings;
  /** Work to finish after the answer (hosted: EdgeRuntime.waitUntil); tests await it. */
  background?: Background;
}

const [status, message] = COMMON_REFUSALS.captcha_failed;
export const BOT_CHECK_FAILED: Refusal = { status, code: 'captcha_failed', message };

export function openEndpoint<T>(
  opening: Opening<T>,
  handle: (opened: Opened<T>) => Promise<Response>,
): (request: Request) => Promise<Response> {
  const errorBody =
    opening.errorBody ?? ((refusal: Refusal) => ({ code: refusal.code, message: refusal.message }));
  return async (request) => {
    const headers = {
      ...(opening.origins.length > 0
        ? corsHeaders(opening.origins, request.headers.get('origin'))
        : {}),
      ...opening.headers,
    };
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) =>
      status === 201 && body === null
        ? new Response(null, { status, headers: { ...headers, ...extra } })
        : json(status, body, { ...headers, ...extra });
    const refuse = (refusal: Refusal) =>
      answer(refusal.status, errorBody(refusal), refusal.headers);

    if (request.method === 'OPTIONS' && opening.origins.length > 0) {
      return new Response(null, { status: 204, headers });
    }
    if (request.method !== 'POST') {
      return refuse({
        status: 405,
        code: 'bad_request',
        message: 'POST only',
        headers: { Allow: 'POST' },
      });
    }
    if (opening.authorize && !(await opening.authorize(request))) {
      return refuse(UNAUTHORIZED);
    }
    const read = await readJsonObject(request, opening.maxBytes);
    if (!read.ok) return refuse(read);
    const parsed = opening.parse(read.value);
    if (!parsed.ok) return refuse(parsed);
    const { address, source: addressSource } = clientAddressOf(request.headers);
    if (opening.botCheck && (opening.botCheckWhen?.(parsed.value) ?? true)) {
      const expected = opening.action
        ? { action: opening.action, hostnames: opening.origins.map((o) => new URL(o).hostname) }
        : undefined;
      const check = await verifyTurnstile(read.value.captcha, address, opening.botCheck, expected);
      if (!check.ok) {
        console.warn(`${opening.name}: bot check failed (${check.reason})`);
        return refuse(BOT_CHECK_FAILED);
      }
    }
    return await handle({ body: parsed.value, address, addressSource, answer, refuse });
  };
}
