import { z } from 'zod';
import { LOCAL_ROUTES } from './local-stack-routes.ts';
import { BOOKING_PROVIDERS, bookingProvider } from './booking.ts';

/**
 * The two profiles a build can be. The default of each is the bounded one: the server step
 * (the Edge Functions, behind the bot check and the database's limits) starts every call and
 * chat and stores and posts every lead, so no Vapi key and no webhook address reach the browser.
 * The spec's browser paths stay, for an owner who names them (docs/security.md: what each costs).
 */
export const VAPI_AUTH_PROFILES = ['server', 'public-key'] as const;
export const LEADS_PROFILES = ['server', 'browser'] as const;
export type VapiAuth = (typeof VAPI_AUTH_PROFILES)[number];
export type LeadsProfile = (typeof LEADS_PROFILES)[number];

/** The variables a production build may leave unset. */
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

/** The variables a production build of the default profile must have. */
export const REQUIRED_CONFIG_VARIABLES = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
  'VITE_DEMO_VIDEO_URL',
  'VITE_SITE_URL',
  'VITE_TURNSTILE_SITE_KEY',
] as const;

/**
 * The variables only a named profile reads: the public key and assistant with
 * VITE_VAPI_AUTH=public-key, the webhook with VITE_LEADS=browser. The default refuses the key and
 * the webhook in a production build (a key or an address it would not ship must not sit in the
 * deploy's settings looking used); an assistant id is no credential, and is ignored.
 */
export const PROFILE_CONFIG_VARIABLES = [
  'VITE_VAPI_PUBLIC_KEY',
  'VITE_VAPI_ASSISTANT_ID',
  'VITE_CONTACT_WEBHOOK_URL',
] as const;

/** The public, build-time variables the site reads. Nothing secret belongs here: all of it ships in the bundle. */
export const CONFIG_VARIABLES = [
  ...REQUIRED_CONFIG_VARIABLES,
  ...PROFILE_CONFIG_VARIABLES,
  ...OPTIONAL_CONFIG_VARIABLES,
] as const;

/**
 * Cloudflare's documented Turnstile testing site keys (always passes, always blocks, forces an
 * interactive challenge): every token they give passes a testing secret's siteverify, so they
 * belong to the local stack and tests only. A production build refuses them.
 */
export const TURNSTILE_TESTING_SITE_KEYS = [
  '1x00000000000000000000AA',
  '2x00000000000000000000AB',
  '3x00000000000000000000FF',
] as const;

/** A demo call's length cap when VITE_VAPI_MAX_CALL_SECONDS is unset, and the most it may be. */
export const DEFAULT_MAX_CALL_SECONDS = 180;
export const MAX_CALL_SECONDS_LIMIT = 600;

export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

export type RawEnv = Partial<Record<string, string | boolean | undefined>>;

/** What the build runs in: `local` lets the voice demo be left unconfigured. */
export type ConfigMode = 'production' | 'local';

const required = z.string({ error: 'is missing' }).trim().min(1, 'is missing');

const httpUrl = required.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }),
);

/** A JWT's payload, or null when the value is not a JWT. */
function jwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64));
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// The anon key is public by design; a service-role key in its place would hand every visitor
// full database access, so the build refuses it.
const anonKey = required
  .refine((value) => {
    const payload = jwtPayload(value);
    return payload === null || payload.role === 'anon';
  }, 'is a JWT whose role is not "anon" (never put a service-role key in the site)')
  .refine(
    (value) => !value.startsWith('sb_secret_'),
    'is a secret key, not the publishable/anon key',
  );

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalHttpUrl = optional.pipe(httpUrl.optional());

const maxCallSeconds = optional
  .transform((value) => value ?? String(DEFAULT_MAX_CALL_SECONDS))
  .pipe(z.string().regex(/^\d+$/, 'must be a whole number of seconds'))
  .transform(Number)
  .pipe(
    z
      .number()
      .min(10, 'must be at least 10 seconds')
      .max(MAX_CALL_SECONDS_LIMIT, `must be at most ${MAX_CALL_SECONDS_LIMIT} seconds`),
  );

// The project URL alone: supabase-js adds /rest/v1 itself, so a URL with a path fails only on
// the live site.
const supabaseUrl = httpUrl.refine(
  (value) => /^\/?$/.test(new URL(value).pathname) && !new URL(value).search,
  'must be the project URL with no path, like https://<ref>.supabase.co (not …/rest/v1/)',
);

// n8n's test address answers only while the workflow editor listens: on a live site every lead
// would fail. Its Production URL has /webhook/.
const webhookUrl = httpUrl.refine(
  (value) => !new URL(value).pathname.includes('/webhook-test/'),
  "is n8n's test URL (/webhook-test/), which answers only while the editor listens; use the Production URL (/webhook/)",
);

/**
 * Where the funnel's events go: Plausible's API (the default), a self-hosted Plausible, or a
 * proxy on the site's own host, as an absolute URL or a path on the site (`/pa/event`).
 */
const plausibleEndpoint = optional
  .transform((value) => value ?? PLAUSIBLE_DEFAULT_ENDPOINT)
  .refine((value) => /^\/[^/\\]/.test(value) || httpUrl.safeParse(value).success, {
    message: 'must be an absolute http(s) URL or a path on the site, like /pa/event',
  });

/** The site's domain as declared in Plausible: a host name, no scheme or path. */
const plausibleDomain = optional.refine(
  (value) => value === undefined || /^[a-z0-9.-]+(?::\d+)?$/i.test(value),
  'must be the domain as declared in Plausible, like example.com (no https:// and no path)',
);

/** One of `values`, case-insensitive; `fallback` when unset or blank. */
function optionalChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || fallback)
    .pipe(z.enum(values, { error: `must be ${values.join(' or ')}` }));
}

const vapiAuth = optionalChoice(VAPI_AUTH_PROFILES, 'server');
const leadsProfile = optionalChoice(LEADS_PROFILES, 'server');

/** `true` or `false` (unset: false). */
const flag = optionalChoice(['true', 'false'], 'false').transform((value) => value === 'true');

/**
 * How the webhook is posted: `json` (a JSON POST, which browsers preflight; the automation must
 * answer CORS) or `simple` (the same JSON as text/plain, no-cors: no preflight, for an automation
 * that cannot answer one, such as Zapier's Catch Hook; the site then cannot read its answer).
 */
const webhookMode = optionalChoice(['json', 'simple'], 'json');

/**
 * How the booking page is shown (src/lib/booking.ts): `cal`, `calendly` or `link`; unset, by the
 * URL's host (a self-hosted Cal.com names `cal`).
 */
const bookingProviderChoice = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((value) => value || undefined)
  .pipe(
    z.enum(BOOKING_PROVIDERS, { error: `must be ${BOOKING_PROVIDERS.join(' or ')}` }).optional(),
  );

/** A Turnstile site key; in a production build never one of Cloudflare's testing keys. */
const turnstileSiteKey = (mode: ConfigMode) =>
  optional.refine(
    (value) =>
      mode === 'local' || !(TURNSTILE_TESTING_SITE_KEYS as readonly string[]).includes(value ?? ''),
    "is one of Cloudflare's testing keys, with which every bot check passes: use your Turnstile widget's site key (Cloudflare dashboard → Turnstile)",
  );

/**
 * The schema for one mode and profile: the default profile needs the bot check (every call,
 * chat and lead goes through the server step); a named browser profile needs what it ships.
 */
function schemaFor(mode: ConfigMode, auth: VapiAuth, leads: LeadsProfile) {
  const siteKey = turnstileSiteKey(mode);
  return z.object({
    VITE_SUPABASE_URL: supabaseUrl,
    VITE_SUPABASE_ANON_KEY: anonKey,
    VITE_CONTACT_WEBHOOK_URL: leads === 'browser' ? webhookUrl : optional,
    // Local mode may leave the voice demo unconfigured (the button says what to set).
    VITE_VAPI_PUBLIC_KEY: auth === 'public-key' && mode === 'production' ? required : optional,
    VITE_VAPI_ASSISTANT_ID: auth === 'public-key' && mode === 'production' ? required : optional,
    VITE_DEMO_VIDEO_URL: httpUrl,
    VITE_SITE_URL: httpUrl,
    VITE_BOOKING_URL: optionalHttpUrl,
    VITE_BOOKING_PROVIDER: bookingProviderChoice,
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

/**
 * The site's configuration, made from the validated variables. Its type, SiteConfig, is
 * inferred from here and from the schema's output: there is no second description to keep in
 * step.
 */
function toSiteConfig(v: z.output<ReturnType<typeof schemaFor>>, mode: ConfigMode) {
  const supabaseUrl = v.VITE_SUPABASE_URL.replace(/\/+$/, '');
  return {
    mode,
    supabaseUrl,
    supabaseAnonKey: v.VITE_SUPABASE_ANON_KEY,
    /**
     * Where a lead goes. `server` (the default): the submit-lead function stores the row and
     * posts the owner's automation itself, signed; the page never learns the webhook's address.
     * `browser` (VITE_LEADS=browser, the spec's path): the page inserts the row with the anon key
     * and posts the webhook itself, whose address is then public.
     */
    leads:
      v.VITE_LEADS === 'browser' && v.VITE_CONTACT_WEBHOOK_URL
        ? {
            via: 'browser' as const,
            webhookUrl: v.VITE_CONTACT_WEBHOOK_URL,
            webhookMode: v.VITE_CONTACT_WEBHOOK_MODE,
          }
        : { via: 'server' as const },
    /**
     * Null only in local mode, where the voice demo may be left unconfigured. Public-key mode:
     * maxCallSeconds goes with every call's start request as assistantOverrides.maxDurationSeconds.
     * Server mode: the function sets the call's length (VAPI_MAX_CALL_SECONDS, the same value);
     * the page uses it only to hold one call per visitor at a time.
     */
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
    /**
     * The bot check (Cloudflare Turnstile) and, with it, the features that need the server step:
     * "Call my phone". Null: not offered. The widget script is loaded on intent only; locally
     * the local stack stands in for Cloudflare.
     */
    turnstile: v.VITE_TURNSTILE_SITE_KEY
      ? {
          siteKey: v.VITE_TURNSTILE_SITE_KEY,
          scriptUrl:
            mode === 'local'
              ? `${supabaseUrl}${LOCAL_ROUTES.turnstileScript}`
              : TURNSTILE_SCRIPT_URL,
        }
      : null,
    /** Where the Edge Functions answer (Supabase's URL + /functions/v1). */
    functionsUrl: `${supabaseUrl}/functions/v1`,
    /** Canonical origin without a trailing slash. */
    siteUrl: new URL(v.VITE_SITE_URL).origin,
    /**
     * Book a time (src/components/book-a-time.tsx): the owner's booking page and how it opens
     * (Cal.com's embed, Calendly's inline widget, or a link in a new tab); null when unset, and
     * nothing is offered, loaded or allowed by the CSP.
     */
    booking: v.VITE_BOOKING_URL
      ? {
          url: v.VITE_BOOKING_URL,
          provider: bookingProvider(v.VITE_BOOKING_URL, v.VITE_BOOKING_PROVIDER, mode),
        }
      : null,
    /**
     * The cookie-free funnel in Plausible (src/lib/funnel.ts): on only when VITE_PLAUSIBLE_DOMAIN
     * is set; null, and nothing is loaded or sent. Locally the events go to the local stack.
     */
    analytics: v.VITE_PLAUSIBLE_DOMAIN
      ? { domain: v.VITE_PLAUSIBLE_DOMAIN, endpoint: v.VITE_PLAUSIBLE_ENDPOINT }
      : null,
    /** Where browsers report CSP violations (null: nowhere); Report-Only for a first deploy. */
    csp: { reportUri: v.VITE_CSP_REPORT_URI ?? null, reportOnly: v.VITE_CSP_REPORT_ONLY },
    /**
     * HSTS beyond this host, only when the owner opts in: preload asks browsers to hard-code
     * HTTPS for the whole domain (it needs includeSubDomains, and is slow to undo).
     */
    hsts: {
      includeSubDomains: v.VITE_HSTS_INCLUDE_SUBDOMAINS || v.VITE_HSTS_PRELOAD,
      preload: v.VITE_HSTS_PRELOAD,
    },
  };
}

export type SiteConfig = ReturnType<typeof toSiteConfig>;

/**
 * Validates the raw environment and returns the typed configuration.
 * Throws a ConfigError listing every missing or malformed variable at once.
 */
export function parseConfig(env: RawEnv, mode: ConfigMode): SiteConfig {
  const text = (name: string) => (typeof env[name] === 'string' ? env[name].trim() : '');
  if (text('VITE_VAPI_AUTH') === 'token') {
    throw new ConfigError([
      'VITE_VAPI_AUTH token is retired: set VITE_VAPI_AUTH=server (the server starts every call; docs/deploy.md)',
    ]);
  }
  const { auth, leads } = profileOf(env);
  const picked = Object.fromEntries(
    CONFIG_VARIABLES.map((name) => [name, typeof env[name] === 'string' ? env[name] : undefined]),
  );
  const result = schemaFor(mode, auth, leads).safeParse(picked);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  // The default ships neither the key nor the address: one set for it would sit in the deploy's
  // settings looking used, and a later switch of profile would ship it unnoticed.
  if (mode === 'production' && auth === 'server' && text('VITE_VAPI_PUBLIC_KEY'))
    problems.push(
      'VITE_VAPI_PUBLIC_KEY is set, but this build starts every call through the server step (start-web-call) and ships no Vapi key: remove it, or set VITE_VAPI_AUTH=public-key to ship it (docs/security.md: what a stranger can then cost a day)',
    );
  if (mode === 'production' && leads === 'server' && text('VITE_CONTACT_WEBHOOK_URL'))
    problems.push(
      'VITE_CONTACT_WEBHOOK_URL is now a function secret: remove it here and set it with supabase secrets set CONTACT_WEBHOOK_URL=<url> CONTACT_WEBHOOK_SECRET=<whsec_…> (docs/deploy.md), or set VITE_LEADS=browser to have the page post it (its address is then public)',
    );
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return toSiteConfig(result.data, mode);
}

/** The profile the variables name: the bounded default unless one is named. */
export function profileOf(env: RawEnv): { auth: VapiAuth; leads: LeadsProfile } {
  return {
    auth: vapiAuth.catch('server').parse(env.VITE_VAPI_AUTH),
    leads: leadsProfile.catch('server').parse(env.VITE_LEADS),
  };
}

/** Plausible's own events API, where the funnel goes unless VITE_PLAUSIBLE_ENDPOINT says. */
export const PLAUSIBLE_DEFAULT_ENDPOINT = 'https://plausible.io/api/event';

/** Cloudflare's Turnstile script (the CSP allows its origin when the bot check is on). */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/** Cloudflare's documented always-pass testing site key: the local stack's bot check. */
export const LOCAL_TURNSTILE_SITE_KEY = '1x00000000000000000000AA';

/** Vite's mode name for local builds ("local" itself is reserved by Vite for .env.local files). */
export const LOCAL_VITE_MODE = 'local-stack';

/**
 * Values `npm start` uses for whatever is unset: everything points at the local stack, and the
 * rest is left to its default.
 */
export function localDefaults(origin: string, anonKey: string): Record<ConfigVariable, string> {
  const unset = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, '']));
  return {
    ...(unset as Record<ConfigVariable, string>),
    VITE_SUPABASE_URL: origin,
    VITE_SUPABASE_ANON_KEY: anonKey,
    VITE_CONTACT_WEBHOOK_URL: `${origin}${LOCAL_ROUTES.webhook}`,
    VITE_DEMO_VIDEO_URL: `${origin}${LOCAL_ROUTES.demoVideo}`,
    VITE_SITE_URL: origin,
    // The booking page's stand-in, at another loopback name so its frame is another origin, as
    // Cal.com's is (a local build takes it for Cal: src/lib/booking.ts).
    VITE_BOOKING_URL: `${origin.replace('//localhost', '//127.0.0.1')}${LOCAL_ROUTES.booking}/owner/intro`,
    // The local stack lists what browsers report: /local/csp-reports.
    VITE_CSP_REPORT_URI: `${origin}${LOCAL_ROUTES.cspReports}`,
    VITE_TURNSTILE_SITE_KEY: LOCAL_TURNSTILE_SITE_KEY,
    // The funnel is on locally, its events kept by the local stack (the inbox shows them).
    VITE_PLAUSIBLE_DOMAIN: new URL(origin).hostname,
    VITE_PLAUSIBLE_ENDPOINT: `${origin}${LOCAL_ROUTES.events}`,
  };
}
