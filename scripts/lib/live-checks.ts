/**
 * `npm run check:live`: what the build wrote is what the host serves, and the server side answers
 * as the site needs, compared with the VITE_ variables the build had.
 */
import { INDEXABLE_ROUTES, NOT_FOUND_ROUTE, type Route } from '../../src/app/routes';
import { TURNSTILE_TESTING_SITE_KEYS, type SiteConfig } from '../../src/lib/config-schema';
import type { Migration } from '../../server/postgres/migrations';
import { isGatewayKeyRefusal } from '../../server/edge-functions/gateway-refusal';
import { REQUEST_CALLBACK } from '../../supabase/functions/_shared/contracts/callback';
import { CHAT } from '../../supabase/functions/_shared/contracts/chat';
import { CALL_REPORT } from '../../supabase/functions/_shared/contracts/report-read';
import { SUBMIT_LEAD } from '../../supabase/functions/_shared/contracts/lead';
import { UNAUTHORIZED } from '../../supabase/functions/_shared/contracts/refusal';
import { START_WEB_CALL } from '../../supabase/functions/_shared/contracts/web-call';
import { CAL_EMBED_PATH } from '../../src/lib/booking';
import { checkAssistant, type AgentEnv } from './assistant-sync';
import { appFilesOf } from './inline-script';
import { fileReader, filesOfPage, isScript, type Fetch, type FileRead } from './live-files';
import { profileRisks, type ProfileRisk } from './profile-risk';
import { cspHash, headerRules, inlineScripts, inlineStyles } from './security-headers';
import { SERVICE_ROLE_KEY_VARIABLE } from './site-config';

export interface CheckResult {
  ok: boolean;
  what: string;
  fix?: string;
  skipped?: boolean;
}

const pass = (what: string): CheckResult => ({ ok: true, what });
const fail = (what: string, fix: string): CheckResult => ({ ok: false, what, fix });
const skip = (what: string): CheckResult => ({ ok: true, what, skipped: true });

const UNKNOWN_PATH = '/check-live-no-such-page';

export function parseCsp(policy: string): Map<string, Set<string>> {
  const directives = new Map<string, Set<string>>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), new Set(sources));
  }
  return directives;
}

const isHash = (source: string) => /^'sha(256|384|512)-/.test(source);

/** Hashes are compared with the page's own inline scripts and styles, not with the build's. */
export function cspDifferences(served: string, expected: string, html: string): string[] {
  const have = parseCsp(served);
  const want = parseCsp(expected);
  const problems: string[] = [];
  for (const [name, sources] of want) {
    const got = have.get(name);
    if (!got) {
      problems.push(`${name} is missing`);
      continue;
    }
    for (const source of sources)
      if (!isHash(source) && !got.has(source)) problems.push(`${name} lacks ${source}`);
    for (const source of got)
      if (!isHash(source) && !sources.has(source))
        problems.push(`${name} allows ${source}, which the build does not use`);
  }
  for (const name of have.keys()) if (!want.has(name)) problems.push(`${name} is not the build's`);
  for (const [directive, texts, kind] of [
    ['script-src', inlineScripts(html), 'script'],
    ['style-src', inlineStyles(html), 'style'],
  ] as const) {
    const blocked = texts.filter((text) => !have.get(directive)?.has(cspHash(text))).length;
    if (blocked) problems.push(`${directive} lacks the hash of ${blocked} inline ${kind}(s)`);
  }
  return problems;
}

type LoadedPage = { answer: Response; html: string } | { error: string };

/** Fetches each page once, for every check that reads it. */
function pageLoader(fetcher: Fetch, site: string) {
  const pages: Record<string, Promise<LoadedPage>> = {};
  return (path: string): Promise<LoadedPage> =>
    (pages[path] ??= fetcher(`${site}${path}`, { redirect: 'manual' }).then(
      async (answer) => ({ answer, html: await answer.text() }),
      (error: unknown) => ({ error: String(error) }),
    ));
}

interface Server {
  fetcher: Fetch;
  config: SiteConfig;
}

interface Live extends Server {
  site: string;
  load: ReturnType<typeof pageLoader>;
  read: FileRead;
}

async function checkPage(live: Live, route: Route, path: string): Promise<CheckResult[]> {
  const { load, site, config } = live;
  const page = await load(path);
  if ('error' in page)
    return [fail(path, `no answer (${page.error}): is the site deployed at ${site}?`)];
  const { answer, html } = page;
  const wantStatus = route.indexable ? 200 : 404;
  const results = [
    answer.status === wantStatus
      ? pass(`${path} answers ${wantStatus}`)
      : fail(
          `${path} answers ${answer.status}`,
          route.indexable
            ? `expected 200: publish the build's ${route.file}`
            : `expected 404 with 404.html: the host must serve it for unknown paths with status 404`,
        ),
  ];
  // The `/*` rule's headers, without the per-path cache.
  const expected = headerRules(config, { scripts: [], styles: [] })[0]!.headers;
  const missing: string[] = [];
  const wrong: string[] = [];
  let csp: string[] | undefined;
  for (const [name, value] of Object.entries(expected)) {
    const served = answer.headers.get(name);
    if (served === null) missing.push(name);
    else if (name.startsWith('Content-Security-Policy')) csp = cspDifferences(served, value, html);
    else if (served !== value) wrong.push(`${name} is "${served}", the build's is "${value}"`);
  }
  results.push(
    missing.length === 0
      ? pass(`${path} sends its security headers`)
      : fail(
          `${path} lacks ${missing.join(', ')}`,
          "the host does not apply the build's headers: publish dist/_headers (Netlify, Cloudflare Pages) or deploy with the build's .vercel/output (Vercel); docs/deploy.md step 6",
        ),
  );
  if (wrong.length > 0)
    results.push(
      fail(
        `${path} header values`,
        `${wrong.join('; ')}: redeploy from a build with these variables`,
      ),
    );
  if (csp)
    results.push(
      csp.length === 0
        ? pass(`${path} CSP allows the build's origins and nothing else`)
        : fail(
            `${path} CSP`,
            `${csp.join('; ')}: the deployed build's variables differ from these (rebuild and redeploy with the same VITE_ values)`,
          ),
    );
  if (answer.status === wantStatus) results.push(await checkPageFiles(live, path, html));
  if (route.indexable) {
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    const want = `${site}${route.path}`;
    results.push(
      canonical === want
        ? pass(`${path} canonical link is ${want}`)
        : fail(
            `${path} canonical link is ${canonical ?? 'missing'}`,
            `expected ${want}: set VITE_SITE_URL=${site} and rebuild`,
          ),
    );
  }
  return results;
}

async function checkPageFiles({ read, site }: Live, path: string, html: string) {
  if (!appFilesOf(html))
    return fail(
      `${path} names no app to load`,
      "the page is not the build's (it has no loader naming the app's files): publish the whole build, dist/ as it is",
    );
  const files = await filesOfPage(read, html, site);
  const wrong = files.filter((file) => file.problem !== null);
  if (wrong.length === 0) return pass(`${path} loads ${files.length} files, each served as built`);
  const fixes = [];
  if (wrong.some((file) => file.missing))
    fixes.push('publish the whole build (every file in dist, dist/assets included)');
  if (wrong.some((file) => !file.missing))
    fixes.push('let the host type .js as JavaScript, .css as text/css and .vtt as text/vtt');
  return fail(
    `${path} loads ${wrong.length} of ${files.length} files not as built`,
    `${wrong.map((file) => `${file.path} ${file.problem}`).join('; ')}: ${fixes.join(', and ')}`,
  );
}

/** Scripts ask for it, so no page names it. */
async function checkCalEmbed(read: FileRead): Promise<CheckResult> {
  const file = await read(CAL_EMBED_PATH);
  return file.problem === null
    ? pass(`${CAL_EMBED_PATH} (Book a time's Cal.com embed) is served as built`)
    : fail(
        `${CAL_EMBED_PATH} ${file.problem}`,
        'Book a time cannot open Cal.com without it: publish the whole build (the build writes it when VITE_BOOKING_URL is a Cal.com page)',
      );
}

const textOf = (fetcher: Fetch, url: string) =>
  fetcher(url).then(
    (answer) => (answer.ok ? answer.text() : null),
    () => null,
  );

async function checkRobotsAndSitemap({ fetcher, site }: Live): Promise<CheckResult[]> {
  const robots = await textOf(fetcher, `${site}/robots.txt`);
  const sitemap = await textOf(fetcher, `${site}/sitemap.xml`);
  const wantSitemap = `Sitemap: ${site}/sitemap.xml`;
  const listed = [...(sitemap ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const want = INDEXABLE_ROUTES.map((route) => `${site}${route.path}`);
  const absent = want.filter((url) => !listed.includes(url));
  const foreign = listed.filter((url) => !want.includes(url));
  return [
    robots?.includes(wantSitemap)
      ? pass('robots.txt names the sitemap at this address')
      : fail(
          `robots.txt ${robots === null ? 'is missing' : 'names another sitemap'}`,
          `expected "${wantSitemap}": set VITE_SITE_URL=${site} and rebuild`,
        ),
    sitemap !== null && absent.length === 0 && foreign.length === 0
      ? pass(`sitemap.xml lists the ${want.length} pages at this address`)
      : fail(
          'sitemap.xml',
          sitemap === null
            ? 'missing: publish the build whole (dist/sitemap.xml)'
            : `${[...absent.map((url) => `lacks ${url}`), ...foreign.map((url) => `lists ${url}`)].join('; ')}: set VITE_SITE_URL=${site} and rebuild`,
        ),
  ];
}

/** `needed`: what needs the function in this configuration, or null. */
export function pageFunctions(config: SiteConfig): { name: string; needed: string | null }[] {
  const server = config.vapi?.auth === 'server';
  return [
    { name: REQUEST_CALLBACK.name, needed: config.turnstile ? 'Call my phone' : null },
    {
      name: SUBMIT_LEAD.name,
      needed:
        config.leads.via === 'server'
          ? 'the contact form (every lead)'
          : config.turnstile
            ? 'the contact form past its ceiling'
            : null,
    },
    { name: START_WEB_CALL.name, needed: server ? 'the voice demo (VITE_VAPI_AUTH=server)' : null },
    { name: CHAT.name, needed: server ? 'Type instead (VITE_VAPI_AUTH=server)' : null },
    {
      name: CALL_REPORT.name,
      needed: server || config.turnstile ? 'the lead card (the report of a call or chat)' : null,
    },
  ];
}

const OTHER_ORIGIN = 'https://check-live.invalid';

async function checkFunctionCors(
  { fetcher, site, config }: Live,
  name: string,
  needed: string | null,
): Promise<CheckResult> {
  const url = `${config.functionsUrl}/${name}`;
  const preflight = (origin: string) =>
    fetcher(url, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, content-type',
      },
    });
  const ours = await preflight(site).catch(String);
  if (typeof ours === 'string') return fail(`function ${name}`, `no answer from ${url} (${ours})`);
  if (ours.status === 404)
    return needed
      ? fail(
          `function ${name} is not deployed`,
          `${needed} needs it: supabase functions deploy ${name} (docs/deploy.md)`,
        )
      : skip(`function ${name}: not deployed (this configuration does not use it)`);
  if (ours.status >= 500)
    return fail(
      `function ${name} did not start (answered ${ours.status})`,
      "its log names why (supabase functions logs): a missing secret, or Cloudflare's testing TURNSTILE_SECRET_KEY, which a deployed function refuses",
    );
  const allowed = ours.headers.get('access-control-allow-origin');
  if (!ours.ok || allowed !== site)
    return fail(
      `function ${name} preflight from ${site}`,
      `answered ${ours.status} allowing ${allowed ?? 'no origin'}: set the function's SITE_URL secret to ${site} (supabase secrets set SITE_URL=${site}) and redeploy`,
    );
  const other = await preflight(OTHER_ORIGIN);
  const otherAllowed = other.headers.get('access-control-allow-origin');
  if (otherAllowed === OTHER_ORIGIN || otherAllowed === '*')
    return fail(
      `function ${name} preflight from another site`,
      `it allows ${otherAllowed}: a page on any site may call it; the function must allow only SITE_URL`,
    );
  return pass(`function ${name} answers its preflight for ${site} only`);
}

export interface FunctionDeployment {
  name: string;
  verifyJwt: boolean;
}

const REPORTS_REFUSED =
  'Vapi sends no Supabase key: every report is refused, no call or chat is ever reported, and in server mode each call holds a concurrency slot for its full length';

async function checkFunctionDeployment(
  { fetcher, config }: Server,
  { name, verifyJwt }: FunctionDeployment,
): Promise<CheckResult[]> {
  const url = `${config.functionsUrl}/${name}`;
  const answer = await fetcher(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: { type: 'status-update' } }),
  }).then(async (response) => {
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body, gateway: isGatewayKeyRefusal(response.status, body) };
  }, String);
  if (typeof answer === 'string')
    return [fail(`function ${name}`, `no answer from ${url} (${answer})`)];
  if (answer.status === 404 && !answer.gateway)
    return [skip(`function ${name}: not deployed, so its key check is not checked`)];
  if (verifyJwt)
    return [
      answer.gateway
        ? pass(`function ${name} is behind the gateway's key check, as supabase/config.toml says`)
        : fail(
            `function ${name} answered ${answer.status} without a key: the gateway's key check is off`,
            `supabase/config.toml keeps verify_jwt on for it: deploy it with "supabase functions deploy ${name}" from the project folder (without --no-verify-jwt)`,
          ),
    ];
  if (answer.gateway)
    return [
      fail(
        `function ${name} is behind the gateway's key check (401 ${String((answer.body as { message?: unknown }).message)})`,
        `supabase/config.toml sets verify_jwt = false for it: deploy it with "supabase functions deploy ${name} --no-verify-jwt"${name === 'vapi-events' ? `. Until then ${REPORTS_REFUSED}` : ''}`,
      ),
    ];
  const results = [
    pass(`function ${name} runs without the gateway's key check, as supabase/config.toml says`),
  ];
  if (name === 'vapi-events') {
    const code = (answer.body as { code?: unknown } | null)?.code;
    results.push(
      answer.status === UNAUTHORIZED.status && code === UNAUTHORIZED.code
        ? pass('function vapi-events refuses a request without the secret')
        : fail(
            `function vapi-events answered ${[answer.status, code].filter(Boolean).join(' ')} to a request without the secret`,
            'set VAPI_WEBHOOK_SECRET (supabase secrets set) to the value npm run agent:push gave the assistant (its x-vapi-secret header); anyone could post fake reports meanwhile',
          ),
    );
  }
  return results;
}

type MigratedTable = Record<'schema' | 'name' | 'file', string>;

const TABLE_STATEMENT = /\b(create|drop)\s+table\s+(?:if\s+(?:not\s+)?exists\s+)?(\w+)\.(\w+)/g;

/** Read from the migrations, not listed by hand: the anon key may read none of them. */
export function migratedTables(migrations: readonly Migration[]): MigratedTable[] {
  const tables = new Map<string, MigratedTable>();
  for (const { file, sql } of migrations) {
    const code = sql.replace(/--[^\n]*/g, '').toLowerCase();
    for (const [, verb, schema, name] of code.matchAll(TABLE_STATEMENT))
      if (verb === 'create')
        tables.set(`${schema}.${name}`, { schema: schema!, name: name!, file });
      else tables.delete(`${schema}.${name}`);
  }
  return [...tables.values()].sort(
    (a, b) => a.schema.localeCompare(b.schema) || a.name.localeCompare(b.name),
  );
}

/** A request to the data API with `key`, with the error code of its answer. */
async function withKey(
  { config, fetcher }: Server,
  key: string,
  path: string,
  init: RequestInit = {},
) {
  const url = `${config.supabaseUrl}/rest/v1/${path}`;
  const answer = await fetcher(url, {
    ...init,
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      ...(init.headers as Record<string, string>),
    },
  }).catch(String);
  if (typeof answer === 'string') return { url, error: answer };
  // Not the data API's JSON (a static host's page, a proxy's error): no code.
  const body = (await answer.json().catch(() => null)) as { code?: unknown } | null;
  const code = String(body?.code ?? '');
  const { status, ok } = answer;
  const refused = (status === 401 || status === 403) && code === '42501';
  return { url, status, ok, body, code, refused };
}

/** The anon key's request to the data API, as a page's. */
const asAnon = (server: Server, path: string, init: RequestInit = {}) =>
  withKey(server, server.config.supabaseAnonKey, path, init);

/** Only the database's own refusal (42501) passes, or a schema the data API does not expose. */
async function checkAnonCannotRead(server: Server, { schema, name, file }: MigratedTable) {
  const table = `${schema}.${name}`;
  const answer = await asAnon(server, `${name}?select=*&limit=1`, {
    headers: schema === 'public' ? {} : { 'Accept-Profile': schema },
  });
  if ('error' in answer)
    return fail(`the anon key and ${table}`, `no answer from ${answer.url} (${answer.error})`);
  const { status, code, body } = answer;
  if (answer.refused) return pass(`the anon key cannot read ${table} (the database refuses it)`);
  if (schema !== 'public' && status === 406 && code === 'PGRST106')
    return pass(`the anon key cannot read ${table} (the data API does not expose ${schema})`);
  if (status === 404 && code === 'PGRST205')
    return fail(
      `the database lacks ${table} (PGRST205)`,
      `apply the migrations to the project, from ${file} on (supabase db push, docs/deploy.md step 3)`,
    );
  if (answer.ok)
    return fail(
      `the anon key ${Array.isArray(body) && body.length === 0 ? 'may select from' : 'reads'} ${table} (${status})`,
      `revoke select on ${table} from anon (the migrations do; run supabase db push) and keep row level security on`,
    );
  if (/^PGRST3/.test(code))
    return fail(
      `the data API refused the anon key itself (${status} ${code}), so ${table} was not checked`,
      "set VITE_SUPABASE_ANON_KEY to this project's anon or publishable key (Project Settings, API keys)",
    );
  return fail(
    `the read of ${table} answered ${status}${code ? ` ${code}` : ''}, not the database's refusal`,
    `expected 401 42501 from the database: is ${server.config.supabaseUrl} this project's Supabase URL (VITE_SUPABASE_URL)?`,
  );
}

export type Accepted = ReadonlySet<ProfileRisk['accept']>;

export function checkProfile(config: SiteConfig, accepted: Accepted = new Set()): CheckResult[] {
  const risks = profileRisks(config);
  if (risks.length === 0)
    return [pass('the build ships no Vapi key and no webhook address (the default profile)')];
  return risks.map(({ named, worst, fix, accept }) =>
    accepted.has(accept)
      ? pass(`${named}, accepted (${accept}): ${worst}`)
      : fail(`${named}: ${worst}`, `${fix}; or, to keep it, run the check with ${accept}`),
  );
}

/** Read from what visitors get, not from the variables. */
async function checkNoTestingSiteKey({ load, site, read }: Live): Promise<CheckResult> {
  const what = 'the pages carry no Cloudflare testing site key';
  const texts: string[] = [];
  const unread = new Set<string>();
  for (const { path } of INDEXABLE_ROUTES) {
    const page = await load(path);
    if ('error' in page) return fail(what, `no answer from ${site}${path} (${page.error})`);
    const { html } = page;
    texts.push(html);
    for (const file of await filesOfPage(read, html, site)) {
      if (!isScript(file.path)) continue;
      // A script not read, or the host's fallback page, is not a script without the key.
      if (file.text === undefined || file.missing) unread.add(`${file.path} ${file.problem}`);
      else texts.push(file.text);
    }
  }
  if (unread.size > 0)
    return fail(
      what,
      `could not read ${[...unread].join(', ')}: publish the build whole (dist/assets)`,
    );
  const shipped = texts.join('\n');
  const found = TURNSTILE_TESTING_SITE_KEYS.filter((key) => shipped.includes(key));
  return found.length === 0
    ? pass(what)
    : fail(
        `the pages carry Cloudflare's testing site key ${found.join(', ')}`,
        "every bot check passes with it: set VITE_TURNSTILE_SITE_KEY to your widget's site key, rebuild and redeploy",
      );
}

/** Read from the migrations, not listed by hand. */
export function serverStepFunctions(migrations: readonly Migration[]): string[] {
  const names = new Set<string>();
  for (const { sql } of migrations) {
    for (const [, list] of sql.matchAll(/grant execute on function ([^;]+?) to service_role/g))
      for (const [, name] of list!.matchAll(/public\.(\w+)\(jsonb\)/g)) names.add(name!);
    for (const [, name] of sql.matchAll(/drop function public\.(\w+)\(jsonb\)/g))
      names.delete(name!);
  }
  return [...names].sort();
}

/** A project whose migrations stopped short fails here instead of on a visitor. */
async function checkServerStepFunction(server: Server, name: string): Promise<CheckResult> {
  const answer = await asAnon(server, `rpc/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ request: {} }),
  });
  if ('error' in answer)
    return fail(`the database function ${name}`, `no answer from ${answer.url} (${answer.error})`);
  const { code } = answer;
  if (answer.refused) return pass(`the database has ${name}, and the anon key cannot call it`);
  if (answer.status === 404)
    return fail(
      `the database lacks ${name} (${code || 404})`,
      'apply the migrations to the project (supabase db push, docs/deploy.md step 3)',
    );
  return fail(
    `the anon key's call of ${name} answered ${answer.status} ${code}`,
    `expected 401 42501: only service_role may execute public.${name} (the migrations revoke it from anon; run supabase db push)`,
  );
}

/** The migrations' function that counts the leads stored and not delivered. */
const PENDING_LEADS_FUNCTION = 'lead_deliveries_pending';
/** Of the leads not delivered, at most this many are named (the count is exact). */
const LISTED_LEADS_MAX = 50;

/**
 * Gives every failed lead a new schedule (lead_delivery's `due` takes it within a run, its
 * attempts counted from the first again), posted with the same webhook-id.
 */
export const REQUEUE_FAILED_LEADS =
  'update private.webhook_deliveries set failed_at = null, attempts = 0, next_attempt_at = now() where lead_id is not null and delivered_at is null and failed_at is not null;';

interface PendingLeads {
  count: number;
  failed: number;
  overdue: number;
  grace_seconds: number;
  leads: { id: string; failed: boolean; overdue: boolean; last_error: string | null }[];
}

function isPendingLeads(body: unknown): body is PendingLeads {
  const answer = body as Partial<PendingLeads> | null;
  return (
    typeof answer?.count === 'number' &&
    typeof answer.failed === 'number' &&
    typeof answer.overdue === 'number' &&
    typeof answer.grace_seconds === 'number' &&
    Array.isArray(answer.leads) &&
    answer.leads.every((lead) => typeof lead?.id === 'string')
  );
}

const leadsWord = (count: number) => `${count} lead${count === 1 ? '' : 's'}`;

/** The ids listed of `count` leads, and how many more there are. */
function idList(count: number, ids: string[]): string {
  const more = count - ids.length;
  return [...ids, ...(more > 0 ? [`${more} more not listed`] : [])].join(', ');
}

/**
 * Read with the service-role key: the outbox is refused to the anon key. The key goes only to
 * the project's own data API, and no line prints it.
 */
export async function checkLeadDeliveries(
  config: SiteConfig,
  { fetcher = fetch, serviceRoleKey }: Pick<LiveCheckOptions, 'fetcher' | 'serviceRoleKey'>,
): Promise<CheckResult> {
  const what = 'the leads stored but not delivered';
  if (!serviceRoleKey)
    return skip(
      `${what}: not checked (set ${SERVICE_ROLE_KEY_VARIABLE}, the project's service-role key, in the shell or .env to check them)`,
    );
  const answer = await withKey(
    { config, fetcher },
    serviceRoleKey,
    `rpc/${PENDING_LEADS_FUNCTION}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ request: { limit: LISTED_LEADS_MAX } }),
    },
  );
  if ('error' in answer) return fail(what, `no answer from ${answer.url} (${answer.error})`);
  const { status, body, code } = answer;
  const answered = `${status}${code ? ` ${code}` : ''}`;
  if (status === 404)
    return fail(
      `the database lacks ${PENDING_LEADS_FUNCTION} (${code || 404}), so ${what} were not counted`,
      'apply the migrations to the project (supabase db push, docs/deploy.md step 3)',
    );
  if (status === 401 || status === 403)
    return fail(
      `${SERVICE_ROLE_KEY_VARIABLE} was refused (${answered}), so ${what} were not counted`,
      "set it to this project's service-role key (Project Settings, API keys: service_role, or a secret key), not the anon key",
    );
  if (status !== 200 || !isPendingLeads(body))
    return fail(
      `the call of ${PENDING_LEADS_FUNCTION} answered ${answered}, not the count of ${what}`,
      `is ${config.supabaseUrl} this project's Supabase URL (VITE_SUPABASE_URL)?`,
    );
  const { count, failed, overdue, grace_seconds: grace, leads } = body;
  if (count === 0) return pass('every lead stored is delivered');
  const waiting = count - failed - overdue;
  const ids = (state: 'failed' | 'overdue' | 'waiting') =>
    leads
      .filter((lead) => (lead.failed ? 'failed' : lead.overdue ? 'overdue' : 'waiting') === state)
      .map((lead) => lead.id);
  if (failed === 0 && overdue === 0)
    return pass(
      `${leadsWord(count)} stored and not yet delivered, each waiting for its next attempt within the schedule: ${idList(count, ids('waiting'))}`,
    );
  const states = [
    failed > 0 ? `${failed} failed (${idList(failed, ids('failed'))})` : '',
    overdue > 0 ? `${overdue} overdue (${idList(overdue, ids('overdue'))})` : '',
    waiting > 0
      ? `${waiting} waiting for their next attempt (${idList(waiting, ids('waiting'))})`
      : '',
  ].filter(Boolean);
  const errors = [
    ...new Set(leads.flatMap((lead) => (lead.failed && lead.last_error ? [lead.last_error] : []))),
  ];
  const fixes = [
    overdue > 0
      ? `the overdue fell due over ${grace / 60} minutes ago and no deliver-webhooks run took them: deliver-webhooks is not running on its schedule (is it deployed, and the pg_cron job of docs/deploy.md step 5.4 scheduled?) or has no CONTACT_WEBHOOK_URL secret (docs/deploy.md step 4)`
      : '',
    failed > 0
      ? `your automation refused the failed (or did not answer) at every attempt for about a day${errors.length ? ` (last error: ${errors.map((error) => JSON.stringify(error)).join(', ')})` : ''}; once it answers 2xx again, requeue them in the SQL editor with ${REQUEUE_FAILED_LEADS}`
      : '',
  ].filter(Boolean);
  return fail(
    `${leadsWord(count)} stored but not delivered: ${states.join(', ')}`,
    `${fixes.join('; ')}. Each lead is in contact_submissions meanwhile`,
  );
}

export interface LiveCheckOptions {
  fetcher?: Fetch;
  accepted?: Accepted;
  /** In the order they are applied. */
  migrations?: readonly Migration[];
  functions?: readonly FunctionDeployment[];
  /** Counts the leads not delivered; without it that check is skipped. */
  serviceRoleKey?: string;
  /** Compares the assistant on Vapi with agent/assistant.ts; without VAPI_PRIVATE_KEY, skipped. */
  agentEnv?: AgentEnv;
}

export async function checkLiveSite(
  siteUrl: string,
  config: SiteConfig,
  {
    fetcher = fetch,
    accepted = new Set(),
    migrations = [],
    functions = [],
    serviceRoleKey,
    agentEnv = {},
  }: LiveCheckOptions = {},
): Promise<CheckResult[]> {
  const site = new URL(siteUrl).origin;
  const load = pageLoader(fetcher, site);
  const live: Live = { fetcher, config, site, load, read: fileReader(fetcher, site) };
  const results = checkProfile(config, accepted);
  if (config.mode === 'production') results.push(await checkNoTestingSiteKey(live));
  if (site !== config.siteUrl)
    results.push(
      fail(
        `VITE_SITE_URL is ${config.siteUrl}, not ${site}`,
        'run the check with the variables the deployed build had (the same .env)',
      ),
    );
  for (const route of INDEXABLE_ROUTES) results.push(...(await checkPage(live, route, route.path)));
  results.push(...(await checkPage(live, NOT_FOUND_ROUTE, UNKNOWN_PATH)));
  if (config.booking?.provider === 'cal') results.push(await checkCalEmbed(live.read));
  results.push(...(await checkRobotsAndSitemap(live)));
  for (const { name, needed } of pageFunctions(config))
    results.push(await checkFunctionCors(live, name, needed));
  results.push(...(await checkServerSide(config, { fetcher, migrations, functions })));
  results.push(
    await checkAssistant(config, agentEnv, (input, init) => fetcher(String(input), init)),
  );
  results.push(await checkLeadDeliveries(config, { fetcher, serviceRoleKey }));
  return results;
}

export async function checkServerSide(
  config: SiteConfig,
  { fetcher = fetch, migrations = [], functions = [] }: LiveCheckOptions,
): Promise<CheckResult[]> {
  const server = { fetcher, config };
  const results: CheckResult[] = [];
  for (const deployment of functions)
    results.push(...(await checkFunctionDeployment(server, deployment)));
  for (const table of migratedTables(migrations))
    results.push(await checkAnonCannotRead(server, table));
  for (const name of serverStepFunctions(migrations))
    results.push(await checkServerStepFunction(server, name));
  return results;
}

export function formatResults(results: CheckResult[]): string[] {
  return results.map(({ ok, what, fix, skipped }) =>
    skipped ? `SKIP  ${what}` : ok ? `PASS  ${what}` : `FAIL  ${what}: ${fix}`,
  );
}
