import type { CallDatabase } from '../_shared/database.ts';
import { VOICE_TOKEN, type VoiceTokenAnswer } from '../_shared/contracts/voice-token.ts';
import { openEndpoint } from '../_shared/endpoint.ts';
import { signHs256 } from '../_shared/jwt.ts';
import type { TurnstileSettings } from '../_shared/turnstile.ts';

/**
 * voice-token: a short-lived Vapi token for one visitor's web call, so the public key need not be
 * in the page. The bot check must pass and the database must count it within the limits (per
 * client address per window, per day); the JWT (HS256, signed with the private key) is limited
 * to the site's origin and the one assistant, and lives at most 10 minutes.
 * The wire contract: ../_shared/contracts/voice-token.ts.
 */

export interface VoiceTokenSettings {
  /** The site's origins (CORS, and the token's allowed origins): siteOrigins(SITE_URL). */
  origins: string[];
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
  const opening = {
    ...VOICE_TOKEN,
    origins: settings.origins,
    botCheck: settings.turnstile,
    headers: { 'Cache-Control': 'no-store' },
  };

  return openEndpoint(opening, async ({ address, answer }) => {
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
            allowedOrigins: settings.origins,
            allowedAssistantIds: [settings.assistantId],
            allowTransientAssistant: false,
          },
        },
        iat,
        exp,
      },
      settings.privateKey,
    );
    const issued: VoiceTokenAnswer = { token, expiresAt: new Date(exp * 1000).toISOString() };
    return answer(200, issued);
  });
}
