import { anyBody, type EndpointContract } from './refusal.ts';

/** voice-token on the wire (token mode): the page sends the bot check's token, gets a JWT. */

export interface VoiceTokenBody {
  captcha: string;
}

export interface VoiceTokenAnswer {
  token: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** voice-token reads nothing but the bot check's token (which the opening checks). */
export const VOICE_TOKEN: EndpointContract<Record<string, unknown>> = {
  name: 'voice-token',
  maxBytes: 4 * 1024,
  parse: anyBody,
};
