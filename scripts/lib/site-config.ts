import { loadEnv } from 'vite';
import {
  LOCAL_VITE_MODE,
  localDefaults,
  parseConfig,
  profileOf,
  type SiteConfig,
} from '../../src/lib/config-schema.ts';
import { LOCAL_SERVICE_ROLE_KEY, localAnonKey, localOrigin } from '../../server/local-config.ts';
import { LOCAL_ROUTES } from '../../src/lib/local-stack-routes.ts';

/** The server paths' units test with configurations of their own. */
const TEST_VALUES = {
  VITE_VAPI_AUTH: 'public-key',
  VITE_VAPI_PUBLIC_KEY: 'test-public-key',
  VITE_VAPI_ASSISTANT_ID: 'test-assistant-id',
  VITE_LEADS: 'browser',
};

/** Whatever .env says, so a local run never sends test leads to the owner's real services. */
const LOCAL_STACK_VARIABLES: string[] = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
  'VITE_CONTACT_WEBHOOK_URL',
  'VITE_SITE_URL',
  'VITE_PLAUSIBLE_ENDPOINT',
];

/** Shipped only when VITE_VAPI_AUTH=public-key names that profile. */
const PUBLIC_KEY = 'VITE_VAPI_PUBLIC_KEY';

export function describeLocalOverrides(overridden: string[], origin: string): string[] {
  return overridden.map((name) =>
    name === PUBLIC_KEY
      ? `Local mode: ${name} is set aside; the site starts every call through the server step (start-web-call, Vapi's stand-in at ${origin}${LOCAL_ROUTES.vapi}). Set VITE_VAPI_AUTH=public-key to ship the key instead.`
      : `Local mode: ${name} from .env or the shell is ignored; the local stack at ${origin} answers instead (leads stay in ${origin}${LOCAL_ROUTES.inbox}).`,
  );
}

const isLocalMode = (viteMode: string) =>
  viteMode === LOCAL_VITE_MODE || viteMode === 'test' || viteMode === 'development';

/** The shell's variables over .env; in local mode the local stack's addresses always win. */
export function resolveSiteConfig(
  viteMode: string,
  root: string,
  processEnv = process.env,
  onOverride: (name: string) => void = () => undefined,
): SiteConfig {
  const isLocal = isLocalMode(viteMode);
  const env: Record<string, string> = { ...loadEnv(viteMode, root, 'VITE_') };
  for (const [key, value] of Object.entries(processEnv))
    if (key.startsWith('VITE_') && value !== undefined) env[key] = value;
  if (isLocal) {
    const origin = localOrigin(processEnv);
    const defaults = {
      ...localDefaults(origin, localAnonKey(processEnv)),
      ...(viteMode === 'test' ? TEST_VALUES : {}),
    };
    for (const [key, value] of Object.entries(defaults)) {
      const forced = LOCAL_STACK_VARIABLES.includes(key);
      // The anon key may be set to the local stack's own (LOCAL_ANON_KEY): only others count.
      if (forced && env[key] && env[key] !== value) onOverride(key);
      if (forced || !env[key]) env[key] = value;
    }
    // As a production build refuses it, a local build of the default profile sets it aside.
    if (profileOf(env).auth === 'server' && env[PUBLIC_KEY]?.trim()) {
      onOverride(PUBLIC_KEY);
      delete env[PUBLIC_KEY];
    }
  }
  return parseConfig(env, isLocal ? 'local' : 'production');
}

/** What lets check:live read the lead outbox. */
export const SERVICE_ROLE_KEY_VARIABLE = 'SUPABASE_SERVICE_ROLE_KEY';

/**
 * A script's own variables (never a page's: only VITE_ variables reach one), exactly `names`:
 * the shell's, even empty, over the mode's .env files, as Vite reads them.
 */
export function scriptEnvironment<Name extends string>(
  viteMode: string,
  root: string,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const read = loadEnv(viteMode, root, [...names]);
  const env: Partial<Record<Name, string>> = {};
  for (const name of names) if (read[name] !== undefined) env[name] = read[name];
  return env;
}

/** check:live's service-role key; in local mode the local stack's own, as its addresses are. */
export function resolveServiceRoleKey(viteMode: string, root: string): string | undefined {
  if (isLocalMode(viteMode)) return LOCAL_SERVICE_ROLE_KEY;
  const name = SERVICE_ROLE_KEY_VARIABLE;
  return scriptEnvironment(viteMode, root, [name])[name]?.trim() || undefined;
}
