import { createHash } from 'node:crypto';
import { ROUTES, servedPaths } from '../../src/app/routes';
import { PLAUSIBLE_DEFAULT_ENDPOINT, type SiteConfig } from '../../src/lib/config-schema';
import { bookingFrameOrigin } from '../../src/lib/booking';
import type { HeaderRule } from '../../server/cdn/headers-file';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** daily-js (in @vapi-ai/web): its call machine, media, Sentry, and WebAssembly for audio. */
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

export function cspHash(scriptText: string): string {
  return `'sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}'`;
}

export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
}

const SCRIPT_TYPE = /^(|module|importmap|(text|application)\/(x-)?(java|ecma)script)$/i;

function runsAsScript(attributes: string): boolean {
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  return !type || SCRIPT_TYPE.test((type[1] ?? type[2] ?? type[3] ?? '').trim());
}

/** Only scripts the browser runs: a data block (`application/ld+json`) needs no hash. */
export function inlineScripts(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g);
  return [...scripts]
    .filter((match) => runsAsScript(match[1] ?? ''))
    .map((match) => match[2] ?? '')
    .filter(Boolean);
}

const unique = (values: string[]) => [...new Set(values)];

type InlineHashes = Record<'scripts' | 'styles', string[]>;

export function contentSecurityPolicy(config: SiteConfig, hashes: InlineHashes): string {
  const connect = unique([
    "'self'",
    new URL(config.supabaseUrl).origin,
    // Only for a named browser profile: by default the server step reaches them, never the page.
    ...(config.leads.via === 'browser' ? [new URL(config.leads.webhookUrl).origin] : []),
    ...(config.vapi?.auth === 'server' ? [] : VOICE_ORIGINS.api),
    ...VOICE_ORIGINS.connect,
    ...(config.analytics && !config.analytics.endpoint.startsWith('/')
      ? [new URL(config.analytics.endpoint).origin]
      : []),
  ]);
  const turnstile = config.turnstile ? [new URL(config.turnstile.scriptUrl).origin] : [];
  const bookingFrame = bookingFrameOrigin(config.booking);
  const frames = unique([...turnstile, ...(bookingFrame ? [bookingFrame] : [])]);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...VOICE_ORIGINS.scripts, ...turnstile, ...hashes.scripts]),
    'style-src': unique(["'self'", ...hashes.styles]),
    // Cal's embed.js writes a dozen style attributes, whose hashes would push `/` past the first
    // round trip; an attribute can fetch nothing img-src and font-src do not allow.
    ...(config.booking?.provider === 'cal' ? { 'style-src-attr': ["'unsafe-inline'"] } : {}),
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
    // Chromium batches report-to reports a minute later; locally report-uri shows each at once.
    if (usesReportTo(config)) parts.push(`report-to ${CSP_REPORT_GROUP}`);
  }
  return parts.join('; ');
}

export const CSP_REPORT_GROUP = 'csp-endpoint';

const usesReportTo = (config: SiteConfig) =>
  config.csp.reportUri !== null && config.mode === 'production';

export function strictTransportSecurity(config: SiteConfig): string {
  return [
    'max-age=31536000',
    ...(config.hsts.includeSubDomains ? ['includeSubDomains'] : []),
    ...(config.hsts.preload ? ['preload'] : []),
  ].join('; ');
}

const REVALIDATE = 'public, max-age=0, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function headerRules(config: SiteConfig, hashes: InlineHashes): HeaderRule[] {
  const cspHeader = `Content-Security-Policy${config.csp.reportOnly ? '-Report-Only' : ''}`;
  const security: Record<string, string> = {
    [cspHeader]: contentSecurityPolicy(config, hashes),
    ...(usesReportTo(config)
      ? { 'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${config.csp.reportUri}"` }
      : {}),
    'Permissions-Policy': 'microphone=(self), camera=(), geolocation=()',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // No Cross-Origin-Opener-Policy: its fresh renderer process costs up to 330 ms (docs/security.md).
  };
  if (config.siteUrl.startsWith('https:'))
    security['Strict-Transport-Security'] = strictTransportSecurity(config);
  const pages = ROUTES.flatMap(servedPaths);
  return [
    { path: '/*', headers: security },
    { path: '/assets/*', headers: { 'Cache-Control': IMMUTABLE } },
    ...pages.map((path) => ({ path, headers: { 'Cache-Control': REVALIDATE } })),
  ];
}

/** The `_headers` file Netlify and Cloudflare Pages read. */
export function renderHeadersFile(rules: HeaderRule[]): string {
  const block = ({ path, headers }: HeaderRule) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return rules.map(block).join('\n\n') + '\n';
}

const vercelSource = (path: string) =>
  path.endsWith('*') ? `^${escapeRegExp(path.slice(0, -1))}.*$` : `^${escapeRegExp(path)}$`;

/** A path endpoint proxies to Plausible, so blockers that drop plausible.io keep the numbers. */
export function funnelProxy(config: SiteConfig) {
  const endpoint = config.analytics?.endpoint;
  return endpoint?.startsWith('/')
    ? { path: endpoint, upstream: PLAUSIBLE_DEFAULT_ENDPOINT }
    : null;
}

/** A 200 rewrite to another host proxies it. */
export function netlifyRedirects(config: SiteConfig): string | null {
  const proxy = funnelProxy(config);
  return proxy ? `${proxy.path} ${proxy.upstream} 200\n` : null;
}

/** Written by the build on Vercel, so the CSP's hashes always match the files deployed. */
export function vercelOutputConfig(config: SiteConfig, rules: HeaderRule[]) {
  const proxy = funnelProxy(config);
  // Clean URLs: `about-me/index.html` at `/about-me`.
  const overrides = Object.fromEntries(
    ROUTES.map((route) => route.file)
      .filter((file) => file.endsWith('/index.html'))
      .map((file) => [file, { path: file.slice(0, -'/index.html'.length) }]),
  );
  return {
    version: 3,
    routes: [
      { src: '^/(.+)/$', status: 308, headers: { Location: '/$1' } },
      ...rules.map((rule) => ({
        src: vercelSource(rule.path),
        headers: rule.headers,
        continue: true,
      })),
      // A dest on another host is a rewrite Vercel proxies.
      ...(proxy ? [{ src: `^${escapeRegExp(proxy.path)}$`, dest: proxy.upstream }] : []),
      { handle: 'filesystem' },
      { src: '^/.*$', status: 404, dest: '/404.html' },
    ],
    overrides,
  };
}
