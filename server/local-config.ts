import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { brand } from '../src/content/brand.ts';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes.ts';

/*
 * The local stack's own settings and their defaults, in one home: where it listens, its address
 * and the key it accepts in place of a Supabase anon key. npm start, npm run dev, npm run serve,
 * the bench and the tests all read them from here.
 */

/** Where `npm start`, `npm run dev` and `npm run serve` listen: PORT and HOST, or these. */
export const DEFAULT_PORT = 4173;
export function localPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.PORT ?? DEFAULT_PORT);
}
export function localHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST ?? 'localhost';
}

/** Where the local stack answers (`npm start`, `npm run dev`). */
export function localOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return `http://localhost:${localPort(env)}`;
}

/** The key the local stack accepts in place of a Supabase anon key. */
export const LOCAL_ANON_KEY_DEFAULT = 'local-anon-key';
export function localAnonKey(env: NodeJS.ProcessEnv = process.env): string {
  return env.LOCAL_ANON_KEY ?? LOCAL_ANON_KEY_DEFAULT;
}

/** The key that maps to service_role in the local data API (the functions hold it). */
export const LOCAL_SERVICE_ROLE_KEY = 'local-service-role-key';

/**
 * The Turnstile secret the local functions use: Cloudflare's documented always-pass testing
 * secret (the site key's twin, LOCAL_TURNSTILE_SITE_KEY, is in src/lib/config-schema.ts).
 */
export const LOCAL_TURNSTILE_SECRET = '1x0000000000000000000000000000000AA';

/**
 * What `npm start` and `npm run dev` say, on their one Webhook line, of the signing secret: this
 * run's own in full (to check a delivery by hand), or only where it came from when the
 * environment set it (never echoed).
 */
export function webhookSecretNote(secret: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTACT_WEBHOOK_SECRET?.trim() || env.LOCAL_FUNCTION_CONTACT_WEBHOOK_SECRET?.trim()
    ? 'signed with CONTACT_WEBHOOK_SECRET from the environment'
    : `signed with ${secret} (this run's; set CONTACT_WEBHOOK_SECRET to keep one)`;
}

/**
 * The Edge Functions' secrets on a laptop (hosted: `supabase secrets set`, and SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY from Supabase itself): every service is the local stack's stand-in.
 * A value set in the environment wins, so a test can change one.
 */
export function localFunctionSecrets(
  origin: string,
  assistantId: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const secrets: Record<string, string> = {
    SUPABASE_URL: origin,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    SITE_URL: origin,
    VAPI_API_URL: `${origin}${LOCAL_ROUTES.vapi}`,
    VAPI_PRIVATE_KEY: 'local-vapi-private-key',
    VAPI_ORG_ID: 'local-org',
    VAPI_PHONE_NUMBER_ID: 'local-phone-number',
    VAPI_ASSISTANT_ID: assistantId || 'local-assistant',
    // The business a callback's first words name: the site's own brand (src/content/brand.ts).
    BUSINESS_NAME: brand.name,
    VAPI_WEBHOOK_SECRET: 'local-vapi-webhook-secret',
    TURNSTILE_SECRET_KEY: LOCAL_TURNSTILE_SECRET,
    TURNSTILE_VERIFY_URL: `${origin}${LOCAL_ROUTES.turnstileVerify}`,
    CONTACT_WEBHOOK_URL: `${origin}${LOCAL_ROUTES.webhook}`,
    // The owner's, when set (the webhook stand-in verifies with the same); else one for this run:
    // Standard Webhooks' `whsec_` and a random 32-byte key in base64.
    CONTACT_WEBHOOK_SECRET:
      env.CONTACT_WEBHOOK_SECRET?.trim() || `whsec_${randomBytes(32).toString('base64')}`,
  };
  for (const name of [
    ...Object.keys(secrets),
    'CALLBACK_COUNTRIES',
    'CALLBACK_DAILY_MAX',
    'CALLBACK_PER_ADDRESS_HOUR',
    'CALLBACK_PER_NUMBER_DAY',
    'CALLBACK_LEASE_SECONDS',
    'VAPI_MAX_CALL_SECONDS',
    'VAPI_TIMEOUT_MS',
    'WEB_CALL_PER_ADDRESS',
    'WEB_CALL_WINDOW_SECONDS',
    'WEB_CALL_DAILY_MAX',
    'WEB_CALL_DAILY_MINUTES',
    'WEB_CALL_CONCURRENT',
    'WEB_CHAT_PER_ADDRESS',
    'WEB_CHAT_WINDOW_SECONDS',
    'WEB_CHAT_MESSAGES_PER_CHAT',
    'WEB_CHAT_DAILY_MESSAGES',
    // Unset: the function's default, 0 (a report of a call the site did not start is counted,
    // not stored), as on a deployed site in the server profile.
    'VAPI_REPORTS_UNKNOWN_DAILY',
    'VAPI_REPORTS_UNKNOWN_DAILY_BYTES',
  ]) {
    const value = env[`LOCAL_FUNCTION_${name}`];
    if (value !== undefined) secrets[name] = value;
  }
  return secrets;
}

/**
 * What `npm start` and `npm run dev` give the local stack: the data directory, the keys, and the
 * Edge Functions with the stand-ins' addresses as their secrets.
 */
export function localStackSettings(
  assistantId: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
) {
  const origin = localOrigin(env);
  return {
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    anonKey: localAnonKey(env),
    serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    functions: { origin, secrets: localFunctionSecrets(origin, assistantId, env) },
  };
}

/** Whether `port` can be listened on at `host` now (it is released again at once). */
export function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The one line a taken port is reported with, before any work is done. */
export function portTakenLine(port: number): string {
  return `Port ${port} is already in use (another npm start or npm run dev?). Stop it, or pick another port: PORT=${port + 1} npm start`;
}

/**
 * The other loopback names a developer may open the page at. With HOST unset the stack listens
 * at `localhost`, which resolves to one address; it also answers at 127.0.0.1 and [::1] on the
 * same port (each that is free and exists here), so http://127.0.0.1:PORT and http://[::1]:PORT
 * are the same site, and the functions accept the page from each (their CORS: SITE_URL's
 * loopback spellings). Every request and upgrade (Vite's hot reload socket: a browser may reach
 * `localhost` at either address) is handed to `primary`. Resolves with the servers it started.
 */
export async function listenOnOtherLoopbacks(
  primary: EventEmitter,
  port: number,
  host: string,
): Promise<Server[]> {
  if (host !== 'localhost') return [];
  const servers: Server[] = [];
  for (const address of ['127.0.0.1', '::1']) {
    const server = createHttpServer((request, response) =>
      primary.emit('request', request, response),
    );
    server.on('upgrade', (request, socket, head) => primary.emit('upgrade', request, socket, head));
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen({ port, host: address, exclusive: true }, () => resolve(true));
    });
    if (listening) servers.push(server);
  }
  return servers;
}
