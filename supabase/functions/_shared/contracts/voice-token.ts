/** voice-token on the wire (token mode): the page sends the bot check's token, gets a JWT. */

export interface VoiceTokenBody {
  captcha: string;
}

export interface VoiceTokenAnswer {
  token: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** The largest body voice-token reads. */
export const VOICE_TOKEN_MAX_BYTES = 4 * 1024;
