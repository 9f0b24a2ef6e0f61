import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes.ts';

// The local stack's settings and defaults, for npm start, dev, serve, the bench and tests.

const DEFAULT_PORT = 4173;
export function localPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.PORT ?? DEFAULT_PORT);
}
export function localHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST ?? 'localhost';
}

export function localOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return `http://localhost:${localPort(env)}`;
}

export const LOCAL_ANON_KEY_DEFAULT = 'local-anon-key';
export function localAnonKey(env: NodeJS.ProcessEnv = process.env): string {
  return env.LOCAL_ANON_KEY ?? LOCAL_ANON_KEY_DEFAULT;
}

export const LOCAL_SERVICE_ROLE_KEY = 'local-service-role-key';

/** How often npm start and dev run the webhook outbox's worker, as pg_cron does hosted. */
export const DELIVER_EVERY_MS = 10_000;

/** Cloudflare's documented always-pass testing secret. */
export const LOCAL_TURNSTILE_SECRET = '1x0000000000000000000000000000000AA';

/** The signing secret's note: this run's own in full, one from the environment never echoed. */
export function webhookSecretNote(secret: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTACT_WEBHOOK_SECRET?.trim() || env.LOCAL_FUNCTION_CONTACT_WEBHOOK_SECRET?.trim()
    ? 'signed with CONTACT_WEBHOOK_SECRET from the environment'
    : `signed with ${secret} (this run's; set CONTACT_WEBHOOK_SECRET to keep one)`;
}

/** The Edge Functions' secrets, every service a stand-in; LOCAL_FUNCTION_<name> sets <name>. */
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
    VAPI_WEBHOOK_SECRET: 'local-vapi-webhook-secret',
    TURNSTILE_SECRET_KEY: LOCAL_TURNSTILE_SECRET,
    TURNSTILE_VERIFY_URL: `${origin}${LOCAL_ROUTES.turnstileVerify}`,
    CONTACT_WEBHOOK_URL: `${origin}${LOCAL_ROUTES.webhook}`,
    CONTACT_WEBHOOK_SECRET:
      env.CONTACT_WEBHOOK_SECRET?.trim() || `whsec_${randomBytes(32).toString('base64')}`,
  };
  for (const [key, value] of Object.entries(env)) {
    const name = /^LOCAL_FUNCTION_(.+)$/.exec(key)?.[1];
    if (name && value !== undefined) secrets[name] = value;
  }
  return secrets;
}

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

export function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export function portTakenLine(port: number): string {
  return `Port ${port} is already in use (another npm start or npm run dev?). Stop it, or pick another port: PORT=${port + 1} npm start`;
}

/**
 * `localhost` resolves to one address: the stack also answers at 127.0.0.1 and [::1] (each free
 * here), handing every request and upgrade (Vite's hot reload) to `primary`.
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
