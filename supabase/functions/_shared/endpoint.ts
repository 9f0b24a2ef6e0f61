import {
  COMMON_REFUSALS,
  refusalsOf,
  UNAUTHORIZED,
  type EndpointContract,
  type Refusal,
} from './contracts/refusal.ts';
import { clientAddressOf, corsHeaders, readJsonObject, type AddressSource } from './http.ts';
import type { Background } from './background.ts';
import type { CallDatabase } from './database.ts';
import type { ReportKeys } from './report-key.ts';
import { verifyTurnstile, type TurnstileSettings } from './turnstile.ts';
import type { WebhookSettings } from './webhook.ts';

/**
 * The opening every function shares. The bot check runs last, so a body that cannot be read or
 * parsed costs no siteverify.
 */
export interface Opening<T> extends EndpointContract<T> {
  /** None for a server-to-server endpoint: no CORS. */
  origins: readonly string[];
  botCheck?: TurnstileSettings;
  /** Unset: every body. An endpoint that checks only some must refuse what needed one itself. */
  botCheckWhen?: (body: T) => boolean;
  /** Runs before the body is read; false answers 401. */
  authorize?: (request: Request) => Promise<boolean>;
  headers?: Record<string, string>;
}

export interface Opened<T> {
  body: T;
  address: string | null;
  addressSource: AddressSource;
  answer: (status: number, body: unknown, headers?: Record<string, string>) => Response;
  refuse: (refusal: Refusal) => Response;
  /**
   * What `work` gives. If it throws, the error is logged after `failed` and `otherwise()` is the
   * answer: the handler goes no further.
   */
  orAnswer: <R>(work: () => Promise<R>, failed: string, otherwise: () => Response) => Promise<R>;
}

export interface PageSettings {
  origins: string[];
  turnstile: TurnstileSettings;
  database: CallDatabase;
  reports: ReportKeys;
  webhook: WebhookSettings;
  /** Tests pass their own, to await the work. */
  background: Background;
}

export const BOT_CHECK_FAILED = refusalsOf(COMMON_REFUSALS)('captcha_failed');

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
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers, ...extra },
      });
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
    if (opening.authorize && !(await opening.authorize(request))) return refuse(UNAUTHORIZED);
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
    const orAnswer: Opened<T>['orAnswer'] = async (work, failed, otherwise) => {
      try {
        return await work();
      } catch (error) {
        console.error(`${opening.name}: ${failed}:`, error);
        // Thrown through the handler, to be answered below.
        throw otherwise();
      }
    };
    try {
      return await handle({ body: parsed.value, address, addressSource, answer, refuse, orAnswer });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
}
