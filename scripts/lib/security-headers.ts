import { createHash } from 'node:crypto';
import { ROUTES, servedPaths } from '../../src/app/routes';
import { PLAUSIBLE_DEFAULT_ENDPOINT, type SiteConfig } from '../../src/lib/config-schema';
import { bookingFrameOrigin } from '../../src/lib/booking';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Origins the voice demo reaches. Vapi's API answers /call/web. daily-js (brought by
 * @vapi-ai/web) loads its call machine with a <script> from c.daily.co (we set avoidEval, so
 * no eval), looks up geo at gs.daily.co, signals over https/wss under daily.co and carries media
 * through pluot.blue, and reports its own failures to Daily's Sentry project (the exact
 * origin in its source). Its audio processing compiles WebAssembly ('wasm-unsafe-eval' allows
 * that and nothing else). See daily-js's CSP guide and dist/daily-esm.js.
 */
export const VOICE_ORIGINS = {
  api: ['https://api.vapi.ai'],
  scripts: ['https://*.daily.co', "'wasm-unsafe-eval'"],
  connect: [
    'https://*.daily.co',
    'wss://*.daily.co',
    'https://*.pluot.blue',
    'wss://*.pluot.blue',
    'https://o77906.ingest.sentry.io',
  ],
} as const;

/** `'sha256-…'` for an inline script's exact text, as CSP wants it. */
export function cspHash(scriptText: string): string {
  return `'sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}'`;
}

/** The text of every inline <style> in an HTML document. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
}

/** A `type` the browser runs: none, a JavaScript MIME type, `module` or `importmap`. */
function runsAsScript(attributes: string): boolean {
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  if (!type) return true;
  const value = (type[1] ?? type[2] ?? type[3] ?? '').trim().toLowerCase();
  return (
    value === '' ||
    value === 'module' ||
    value === 'importmap' ||
    /^(?:text|application)\/(?:x-)?(?:java|ecma)script$/.test(value)
  );
}

/**
 * The text of every inline <script> (no src) the browser runs. A data block, such as the
 * pages' `application/ld+json`, is not run, and the CSP never sees it: the HTML standard's
 * "prepare the script element" returns for a type it does not run before its CSP check. So
 * its hash would only make every page's headers longer.
 */
export function inlineScripts(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g);
  return [...scripts]
    .filter((match) => runsAsScript(match[1] ?? ''))
    .map((match) => match[2] ?? '')
    .filter(Boolean);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Hashes of the inline scripts (JSON-LD) and styles (the inlined stylesheet) the pages hold. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/** The Content-Security-Policy, built from the configured origins. */
export function contentSecurityPolicy(config: SiteConfig, hashes: InlineHashes): string {
  const connect = unique([
    "'self'",
    new URL(config.supabaseUrl).origin,
    // The webhook and Vapi's API only when a named browser profile sends to them; by default
    // the server step does, and the page may reach neither.
    ...(config.leads.via === 'browser' ? [new URL(config.leads.webhookUrl).origin] : []),
    ...(config.vapi?.auth === 'server' ? [] : VOICE_ORIGINS.api),
    ...VOICE_ORIGINS.connect,
    // The funnel's endpoint, only when the funnel is on (a path on the site is 'self').
    ...(config.analytics && !config.analytics.endpoint.startsWith('/')
      ? [new URL(config.analytics.endpoint).origin]
      : []),
  ]);
  // Turnstile's widget: its script, and the iframe it renders (Cloudflare's CSP guidance).
  const turnstile = config.turnstile ? [new URL(config.turnstile.scriptUrl).origin] : [];
  // Book a time's frame (Cal.com's or Calendly's booking page), only when VITE_BOOKING_URL is set
  // and opens inline; its script is the site's own (/vendor/cal/embed.js) or none (Calendly).
  const bookingFrame = bookingFrameOrigin(config.booking);
  const frames = unique([...turnstile, ...(bookingFrame ? [bookingFrame] : [])]);
  // Cal's embed.js writes its loader's style attributes (a dozen, each layout its own). They
  // are allowed as attributes only, by style-src-attr 'unsafe-inline': their hashes would add
  // about 600 bytes to every page's headers, enough to push `/`'s first answer past the first
  // round trip. An attribute holds declarations only (no selector, no @import) and can fetch
  // nothing img-src and font-src do not allow ('self'), so it can restyle one element but read
  // nothing. <style> elements, Cal's included, still need their hashes (style-src).
  const styleAttributes: Record<string, string[]> =
    config.booking?.provider === 'cal' ? { 'style-src-attr': ["'unsafe-inline'"] } : {};
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...VOICE_ORIGINS.scripts, ...turnstile, ...hashes.scripts]),
    'style-src': unique(["'self'", ...hashes.styles]),
    ...styleAttributes,
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': connect,
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  const parts = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (config.siteUrl.startsWith('https:')) parts.push('upgrade-insecure-requests');
  if (config.csp.reportUri) {
    parts.push(`report-uri ${config.csp.reportUri}`);
    // report-to for browsers with the Reporting API (report-uri stays for the others). Chromium
    // then ignores report-uri and sends its reports in batches, a minute or more later; locally
    // report-uri alone makes each violation show at /local/csp-reports at once.
    if (usesReportTo(config)) parts.push(`report-to ${CSP_REPORT_GROUP}`);
  }
  return parts.join('; ');
}

/** The Reporting API endpoint name the CSP's report-to names. */
export const CSP_REPORT_GROUP = 'csp-endpoint';

function usesReportTo(config: SiteConfig): boolean {
  return config.csp.reportUri !== null && config.mode === 'production';
}

/** The HSTS header: a year on this host; subdomains and preload only when the owner opts in. */
export function strictTransportSecurity(config: SiteConfig): string {
  return [
    'max-age=31536000',
    ...(config.hsts.includeSubDomains ? ['includeSubDomains'] : []),
    ...(config.hsts.preload ? ['preload'] : []),
  ].join('; ');
}

export interface HeaderRule {
  /** Path pattern in the _headers format: exact, or ending in `*`. */
  path: string;
  headers: Record<string, string>;
}

const REVALIDATE = 'public, max-age=0, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Every header rule of the site, for every host format and for the local stack. */
export function headerRules(config: SiteConfig, hashes: InlineHashes): HeaderRule[] {
  const cspHeader = config.csp.reportOnly
    ? 'Content-Security-Policy-Report-Only'
    : 'Content-Security-Policy';
  const security: Record<string, string> = {
    [cspHeader]: contentSecurityPolicy(config, hashes),
    ...(usesReportTo(config)
      ? { 'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${config.csp.reportUri}"` }
      : {}),
    'Permissions-Policy': 'microphone=(self), camera=(), geolocation=()',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // No Cross-Origin-Opener-Policy: it makes the browser open a visit in a fresh renderer
    // process, which in Lighthouse's lab cost `/` and `/solar` 139 and 332 ms of blocking time
    // and their performance 100, for protections this site makes little use of
    // (docs/security.md, "Headers not sent").
  };
  if (config.siteUrl.startsWith('https:')) {
    security['Strict-Transport-Security'] = strictTransportSecurity(config);
  }
  const pages = ROUTES.flatMap(servedPaths);
  return [
    { path: '/*', headers: security },
    { path: '/assets/*', headers: { 'Cache-Control': IMMUTABLE } },
    ...pages.map((path) => ({ path, headers: { 'Cache-Control': REVALIDATE } })),
  ];
}

/** The `_headers` file Netlify and Cloudflare Pages read. */
export function renderHeadersFile(rules: HeaderRule[]): string {
  return (
    rules
      .map(
        (rule) =>
          `${rule.path}\n${Object.entries(rule.headers)
            .map(([name, value]) => `  ${name}: ${value}`)
            .join('\n')}`,
      )
      .join('\n\n') + '\n'
  );
}

/** One route of Vercel's Build Output API (v3) config: headers, a redirect, a rewrite or a phase. */
export type VercelRoute =
  | { src: string; headers: Record<string, string>; continue: true }
  | { src: string; status: number; headers?: Record<string, string>; dest?: string }
  | { src: string; dest: string }
  | { handle: 'filesystem' };

export interface VercelOutputConfig {
  version: 3;
  routes: VercelRoute[];
  /** Serves `about-me/index.html` at `/about-me` (clean URLs). */
  overrides: Record<string, { path: string }>;
}

/** The `_headers` path pattern as a Vercel route regex. */
function vercelSource(path: string): string {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return path.endsWith('*') ? `^${escaped.slice(0, -1)}.*$` : `^${escaped}$`;
}

/**
 * The funnel's proxy on the site's own host, when VITE_PLAUSIBLE_ENDPOINT is a path: that path
 * forwards to Plausible's API (so blockers that drop plausible.io do not drop the owner's
 * numbers). Null when the endpoint is another host's, or the funnel is off.
 */
export function funnelProxy(config: SiteConfig): { path: string; upstream: string } | null {
  const endpoint = config.analytics?.endpoint;
  return endpoint?.startsWith('/')
    ? { path: endpoint, upstream: PLAUSIBLE_DEFAULT_ENDPOINT }
    : null;
}

/** Netlify's `_redirects` for the funnel's proxy (a 200 rewrite to another host proxies it). */
export function netlifyRedirects(config: SiteConfig): string | null {
  const proxy = funnelProxy(config);
  return proxy ? `${proxy.path} ${proxy.upstream} 200\n` : null;
}

/**
 * `.vercel/output/config.json` for Vercel's Build Output API (v3), written by the build itself
 * when it runs on Vercel, so the headers (and the CSP's hashes) always match the files deployed
 * with them. The same rules as `_headers`, clean URLs, no trailing slash, and 404.html.
 */
export function vercelOutputConfig(
  rules: HeaderRule[],
  pageFiles: string[],
  proxy: { path: string; upstream: string } | null = null,
): VercelOutputConfig {
  const overrides: Record<string, { path: string }> = {};
  for (const file of pageFiles) {
    if (file.endsWith('/index.html'))
      overrides[file] = { path: file.slice(0, -'/index.html'.length) };
  }
  return {
    version: 3,
    routes: [
      // No trailing slash: /about-me/ goes to /about-me (the canonical address).
      { src: '^/(.+)/$', status: 308, headers: { Location: '/$1' } },
      ...rules.map((rule): VercelRoute => ({
        src: vercelSource(rule.path),
        headers: rule.headers,
        continue: true,
      })),
      // The funnel's proxy: a route whose dest is another host's URL is a rewrite Vercel proxies.
      ...(proxy ? [{ src: `^${escapeRegExp(proxy.path)}$`, dest: proxy.upstream }] : []),
      { handle: 'filesystem' },
      { src: '^/.*$', status: 404, dest: '/404.html' },
    ],
    overrides,
  };
}
