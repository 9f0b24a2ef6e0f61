import type { CallDatabase } from '../_shared/database.ts';
import { clientAddress, corsHeaders, json, readJsonObject } from '../_shared/http.ts';
import { signHs256 } from '../_shared/jwt.ts';
import { verifyTurnstile, type TurnstileSettings } from '../_shared/turnstile.ts';

/**
 * voice-token: a short-lived Vapi token for one visitor's web call, so the public key need not be
 * in the page. The bot check must pass and the database must count it within the limits (per
 * client address per window, per day); the JWT (HS256, signed with the private key) is limited
 * to the site's origin and the one assistant, and lives at most 10 minutes.
 * Contract: ../../../../shared/design.md, "The server step", voice-token.
 */

export interface VoiceTokenSettings {
  siteOrigin: string;
  orgId: string;
  assistantId: string;
  privateKey: string;
  ttlSeconds: number;
  limits: { perAddress: number; perAddressWindowSeconds: number; perDay: number };
  turnstile: TurnstileSettings;
  database: CallDatabase;
  now?: () => Date;
}

/** The longest a token may live (Vapi's guidance for client tokens, and the design's). */
export const MAX_TTL_SECONDS = 600;

export function createHandler(
  settings: VoiceTokenSettings,
): (request: Request) => Promise<Response> {
  const cors = corsHeaders(settings.siteOrigin);
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    json(status, body, { ...cors, 'Cache-Control': 'no-store', ...headers });

  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'POST') return answer(405, { code: 'bad_request' }, { Allow: 'POST' });
    const read = await readJsonObject(request, 4 * 1024);
    if (!read.ok) return answer(read.status, { code: read.code, message: read.message });
    const address = clientAddress(request.headers);

    const check = await verifyTurnstile(read.value.captcha, address, settings.turnstile);
    if (!check.ok) {
      console.warn(`voice-token: bot check failed (${check.reason})`);
      return answer(403, { code: 'captcha_failed', message: 'The bot check did not pass.' });
    }

    let claim: { outcome: 'ok' } | { outcome: 'limited'; retry_after: number };
    try {
      claim = (await settings.database('voice_token_claim', {
        client_address: address,
        limits: {
          per_address: settings.limits.perAddress,
          per_address_window: settings.limits.perAddressWindowSeconds,
          per_day: settings.limits.perDay,
        },
      })) as typeof claim;
    } catch (error) {
      console.error('voice-token: the database did not answer:', error);
      return answer(502, { code: 'unavailable', message: 'Try again in a moment.' });
    }
    if (claim.outcome === 'limited') {
      return answer(
        429,
        { code: 'limited', message: 'Too many demo calls for now. Try again later.' },
        { 'Retry-After': String(claim.retry_after) },
      );
    }

    const iat = Math.floor((settings.now ?? (() => new Date()))().getTime() / 1000);
    const exp = iat + Math.min(settings.ttlSeconds, MAX_TTL_SECONDS);
    const token = await signHs256(
      {
        orgId: settings.orgId,
        token: {
          tag: 'public',
          restrictions: {
            enabled: true,
            allowedOrigins: [settings.siteOrigin],
            allowedAssistantIds: [settings.assistantId],
            allowTransientAssistant: false,
          },
        },
        iat,
        exp,
      },
      settings.privateKey,
    );
    return answer(200, { token, expiresAt: new Date(exp * 1000).toISOString() });
  };
}
