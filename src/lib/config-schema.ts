import { z } from 'zod';
import { LOCAL_ROUTES } from './local-stack-routes.ts';
import { BOOKING_PROVIDERS, bookingProvider } from './booking.ts';
import { MAX_CALL_SECONDS } from '../../supabase/functions/_shared/contracts/call-length.ts';

export const OPTIONAL_CONFIG_VARIABLES = [
  'VITE_BOOKING_URL',
  'VITE_BOOKING_PROVIDER',
  'VITE_VAPI_MAX_CALL_SECONDS',
  'VITE_CSP_REPORT_URI',
  'VITE_CSP_REPORT_ONLY',
  'VITE_VAPI_AUTH',
  'VITE_LEADS',
  'VITE_HSTS_INCLUDE_SUBDOMAINS',
  'VITE_HSTS_PRELOAD',
  'VITE_CONTACT_WEBHOOK_MODE',
  'VITE_PLAUSIBLE_DOMAIN',
  'VITE_PLAUSIBLE_ENDPOINT',
] as const;

export const REQUIRED_CONFIG_VARIABLES = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
  'VITE_DEMO_VIDEO_URL',
  'VITE_SITE_URL',
  'VITE_TURNSTILE_SITE_KEY',
] as const;

/** Read only by a named profile; the default refuses the key and webhook in production so unused values don't sit in the deploy looking used. */
export const PROFILE_CONFIG_VARIABLES = [
  'VITE_VAPI_PUBLIC_KEY',
  'VITE_VAPI_ASSISTANT_ID',
  'VITE_CONTACT_WEBHOOK_URL',
] as const;

/** Public build-time variables: all of them ship in the bundle, so nothing secret belongs here. */
export const CONFIG_VARIABLES = [
  ...REQUIRED_CONFIG_VARIABLES,
  ...PROFILE_CONFIG_VARIABLES,
  ...OPTIONAL_CONFIG_VARIABLES,
] as const;

/** Cloudflare's testing keys pass every siteverify, so a production build refuses them. */
export const TURNSTILE_TESTING_SITE_KEYS = [
  '1x00000000000000000000AA',
  '2x00000000000000000000AB',
  '3x00000000000000000000FF',
] as const;

export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

export type RawEnv = Partial<Record<string, string>>;

export type ConfigMode = 'production' | 'local';

const required = z.string({ error: 'is missing' }).trim().min(1, 'is missing');

const httpUrl = required.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }),
);

/** A JWT whose payload names a role other than anon: a service-role key, say. */
function isOtherRoleJwt(token: string): boolean {
  const parts = token.split('.');
  try {
    const payload: unknown =
      parts.length === 3 && JSON.parse(atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return (
      typeof payload === 'object' &&
      payload !== null &&
      !('role' in payload && payload.role === 'anon')
    );
  } catch {
    return false;
  }
}

// A service-role key here would give every visitor full database access.
const anonKey = required
  .refine(
    (value) => !isOtherRoleJwt(value),
    'is a JWT whose role is not "anon" (never put a service-role key in the site)',
  )
  .refine(
    (value) => !value.startsWith('sb_secret_'),
    'is a secret key, not the publishable/anon key',
  );

/** Blank is unset. */
const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const optionalHttpUrl = optional.pipe(httpUrl.optional());

const maxCallSeconds = optional
  .pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds')
      .default(String(MAX_CALL_SECONDS.fallback)),
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .min(MAX_CALL_SECONDS.min, `must be at least ${MAX_CALL_SECONDS.min} seconds`)
      .max(MAX_CALL_SECONDS.max, `must be at most ${MAX_CALL_SECONDS.max} seconds`),
  );

// supabase-js adds /rest/v1 itself; a path would fail only on the live site.
const supabaseUrl = httpUrl.refine(
  (value) => /^\/?$/.test(new URL(value).pathname) && !new URL(value).search,
  'must be the project URL with no path, like https://<ref>.supabase.co (not …/rest/v1/)',
);

// n8n's test URL answers only while the editor listens.
const webhookUrl = httpUrl.refine(
  (value) => !new URL(value).pathname.includes('/webhook-test/'),
  "is n8n's test URL (/webhook-test/), which answers only while the editor listens; use the Production URL (/webhook/)",
);

const plausibleEndpoint = optional
  .transform((value) => value ?? PLAUSIBLE_DEFAULT_ENDPOINT)
  .refine((value) => /^\/[^/\\]/.test(value) || httpUrl.safeParse(value).success, {
    message: 'must be an absolute http(s) URL or a path on the site, like /pa/event',
  });

const plausibleDomain = optional.refine(
  (value) => value === undefined || /^[a-z0-9.-]+(?::\d+)?$/i.test(value),
  'must be the domain as declared in Plausible, like example.com (no https:// and no path)',
);

/** One of `values` in any case, or undefined when blank. */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return optional
    .transform((value) => value?.toLowerCase())
    .pipe(z.enum(values, { error: `must be ${values.join(' or ')}` }).optional());
}

const vapiAuth = choice(['server', 'public-key']).transform((value) => value ?? 'server');
const leadsProfile = choice(['server', 'browser']).transform((value) => value ?? 'server');
const flag = choice(['true', 'false']).transform((value) => value === 'true');
/** `simple` posts text/plain no-cors (no preflight) for automations that can't answer CORS; the answer is then unreadable. */
const webhookMode = choice(['json', 'simple']).transform((value) => value ?? 'json');

function schemaFor(mode: ConfigMode, { auth, leads }: ReturnType<typeof profileOf>) {
  const siteKey = optional.refine(
    (value) =>
      mode === 'local' || !(TURNSTILE_TESTING_SITE_KEYS as readonly string[]).includes(value ?? ''),
    "is one of Cloudflare's testing keys, with which every bot check passes: use your Turnstile widget's site key (Cloudflare dashboard → Turnstile)",
  );
  const publicKeyPart = auth === 'public-key' && mode === 'production' ? required : optional;
  return z.object({
    VITE_SUPABASE_URL: supabaseUrl,
    VITE_SUPABASE_ANON_KEY: anonKey,
    VITE_CONTACT_WEBHOOK_URL: leads === 'browser' ? webhookUrl : optional,
    VITE_VAPI_PUBLIC_KEY: publicKeyPart,
    VITE_VAPI_ASSISTANT_ID: publicKeyPart,
    VITE_DEMO_VIDEO_URL: httpUrl,
    VITE_SITE_URL: httpUrl,
    VITE_BOOKING_URL: optionalHttpUrl,
    VITE_BOOKING_PROVIDER: choice(BOOKING_PROVIDERS),
    VITE_VAPI_MAX_CALL_SECONDS: maxCallSeconds,
    VITE_CSP_REPORT_URI: optionalHttpUrl,
    VITE_CSP_REPORT_ONLY: flag,
    VITE_HSTS_INCLUDE_SUBDOMAINS: flag,
    VITE_HSTS_PRELOAD: flag,
    VITE_CONTACT_WEBHOOK_MODE: webhookMode,
    VITE_TURNSTILE_SITE_KEY: auth === 'server' ? siteKey.pipe(required) : siteKey,
    VITE_VAPI_AUTH: vapiAuth,
    VITE_LEADS: leadsProfile,
    VITE_PLAUSIBLE_DOMAIN: plausibleDomain,
    VITE_PLAUSIBLE_ENDPOINT: plausibleEndpoint,
  });
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid site configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function toSiteConfig(v: z.output<ReturnType<typeof schemaFor>>, mode: ConfigMode) {
  const supabaseUrl = v.VITE_SUPABASE_URL.replace(/\/+$/, '');
  return {
    mode,
    supabaseUrl,
    supabaseAnonKey: v.VITE_SUPABASE_ANON_KEY,
    leads:
      v.VITE_LEADS === 'browser' && v.VITE_CONTACT_WEBHOOK_URL
        ? {
            via: 'browser' as const,
            webhookUrl: v.VITE_CONTACT_WEBHOOK_URL,
            webhookMode: v.VITE_CONTACT_WEBHOOK_MODE,
          }
        : { via: 'server' as const },
    // Null only in local mode. In server mode the function caps the call; the page uses
    // maxCallSeconds only to hold one call per visitor at a time.
    vapi:
      v.VITE_VAPI_AUTH === 'server'
        ? { auth: 'server' as const, maxCallSeconds: v.VITE_VAPI_MAX_CALL_SECONDS }
        : v.VITE_VAPI_ASSISTANT_ID && v.VITE_VAPI_PUBLIC_KEY
          ? {
              auth: 'public-key' as const,
              publicKey: v.VITE_VAPI_PUBLIC_KEY,
              assistantId: v.VITE_VAPI_ASSISTANT_ID,
              maxCallSeconds: v.VITE_VAPI_MAX_CALL_SECONDS,
            }
          : null,
    demoVideoUrl: v.VITE_DEMO_VIDEO_URL,
    turnstile: v.VITE_TURNSTILE_SITE_KEY
      ? {
          siteKey: v.VITE_TURNSTILE_SITE_KEY,
          scriptUrl:
            mode === 'local'
              ? `${supabaseUrl}${LOCAL_ROUTES.turnstileScript}`
              : 'https://challenges.cloudflare.com/turnstile/v0/api.js',
        }
      : null,
    functionsUrl: `${supabaseUrl}/functions/v1`,
    siteUrl: new URL(v.VITE_SITE_URL).origin,
    booking: v.VITE_BOOKING_URL
      ? {
          url: v.VITE_BOOKING_URL,
          provider: bookingProvider(v.VITE_BOOKING_URL, v.VITE_BOOKING_PROVIDER, mode),
        }
      : null,
    analytics: v.VITE_PLAUSIBLE_DOMAIN
      ? { domain: v.VITE_PLAUSIBLE_DOMAIN, endpoint: v.VITE_PLAUSIBLE_ENDPOINT }
      : null,
    csp: { reportUri: v.VITE_CSP_REPORT_URI ?? null, reportOnly: v.VITE_CSP_REPORT_ONLY },
    // Preload hard-codes HTTPS for the whole domain and is slow to undo, so it is opt-in.
    hsts: {
      includeSubDomains: v.VITE_HSTS_INCLUDE_SUBDOMAINS || v.VITE_HSTS_PRELOAD,
      preload: v.VITE_HSTS_PRELOAD,
    },
  };
}

export type SiteConfig = ReturnType<typeof toSiteConfig>;

export function parseConfig(env: RawEnv, mode: ConfigMode): SiteConfig {
  if (env.VITE_VAPI_AUTH?.trim() === 'token') {
    throw new ConfigError([
      'VITE_VAPI_AUTH token is retired: set VITE_VAPI_AUTH=server (the server starts every call; docs/deploy.md)',
    ]);
  }
  const profile = profileOf(env);
  const result = schemaFor(mode, profile).safeParse(env);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  // A key or address set for a profile that doesn't ship it would ship unnoticed after a switch.
  const unshipped = (name: ConfigVariable) => mode === 'production' && env[name]?.trim();
  if (profile.auth === 'server' && unshipped('VITE_VAPI_PUBLIC_KEY'))
    problems.push(
      'VITE_VAPI_PUBLIC_KEY is set, but this build starts every call through the server step (start-web-call) and ships no Vapi key: remove it, or set VITE_VAPI_AUTH=public-key to ship it (docs/security.md: what a stranger can then cost a day)',
    );
  if (profile.leads === 'server' && unshipped('VITE_CONTACT_WEBHOOK_URL'))
    problems.push(
      'VITE_CONTACT_WEBHOOK_URL is now a function secret: remove it here and set it with supabase secrets set CONTACT_WEBHOOK_URL=<url> CONTACT_WEBHOOK_SECRET=<whsec_…> (docs/deploy.md), or set VITE_LEADS=browser to have the page post it (its address is then public)',
    );
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return toSiteConfig(result.data, mode);
}

/** The default profile is `server`: the Edge Functions start calls and post leads, so no Vapi key or webhook address ships. */
export function profileOf(env: RawEnv) {
  return {
    auth: vapiAuth.catch('server').parse(env.VITE_VAPI_AUTH),
    leads: leadsProfile.catch('server').parse(env.VITE_LEADS),
  };
}

export const PLAUSIBLE_DEFAULT_ENDPOINT = 'https://plausible.io/api/event';

/** "local" is reserved by Vite for .env.local files. */
export const LOCAL_VITE_MODE = 'local-stack';

export function localDefaults(origin: string, anonKey: string): Record<ConfigVariable, string> {
  const unset = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, '']));
  return {
    ...(unset as Record<ConfigVariable, string>),
    VITE_SUPABASE_URL: origin,
    VITE_SUPABASE_ANON_KEY: anonKey,
    VITE_CONTACT_WEBHOOK_URL: `${origin}${LOCAL_ROUTES.webhook}`,
    VITE_DEMO_VIDEO_URL: `${origin}${LOCAL_ROUTES.demoVideo}`,
    VITE_SITE_URL: origin,
    // Another loopback name, so the booking frame is cross-origin as Cal.com's is.
    VITE_BOOKING_URL: `${origin.replace('//localhost', '//127.0.0.1')}${LOCAL_ROUTES.booking}/owner/intro`,
    VITE_CSP_REPORT_URI: `${origin}${LOCAL_ROUTES.cspReports}`,
    // Cloudflare's testing key that always passes, as the local stand-in does.
    VITE_TURNSTILE_SITE_KEY: TURNSTILE_TESTING_SITE_KEYS[0],
    VITE_PLAUSIBLE_DOMAIN: new URL(origin).hostname,
    VITE_PLAUSIBLE_ENDPOINT: `${origin}${LOCAL_ROUTES.events}`,
  };
}
