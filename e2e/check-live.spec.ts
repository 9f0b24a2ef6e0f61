import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { E2E_ASSISTANT_ID, E2E_BOOKING_URL, E2E_PORT } from '../playwright.config';
import { appFilesOf } from '../scripts/lib/inline-script';
import { headerRules } from '../scripts/lib/security-headers';
import { resolveSiteConfig } from '../scripts/lib/site-config';
import { INDEXABLE_ROUTES } from '../src/app/routes';
import { LOCAL_VITE_MODE } from '../src/lib/config-schema';
import { twoTrades } from '../src/test/trades';
import { serveSite } from '../server/cdn/static-site';
import { localFunctionSecrets } from '../server/local-config';
import { expect, test } from './fixtures';

/**
 * `npm run check:live -- <site-url>` against the local stack (everything as the build wrote it:
 * every check passes) and against a plain static copy of the same build served without its
 * `_headers` (a host that ignores that file: it fails, naming each missing header).
 */

const run = promisify(execFile);
const SITE_DIR = '.test-data/site';
/** A trade's page of site.config.ts (a slug is lowercase words and hyphens: no regex syntax). */
const [{ path: TRADE_PAGE, slug }] = twoTrades();

/**
 * The variables the local stack's build had (playwright.config.ts's webServer), and none of the
 * shell's VAPI_: a developer's real key never reaches api.vapi.ai from a test.
 */
const LOCAL_STACK_ENV = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VAPI_'))),
  PORT: String(E2E_PORT),
  VITE_VAPI_ASSISTANT_ID: E2E_ASSISTANT_ID,
  VITE_BOOKING_URL: E2E_BOOKING_URL,
};

/** Runs the check as the owner would, with the variables the local stack's build had. */
async function checkLive(
  url: string,
  extra: Record<string, string> = {},
): Promise<{ code: number; lines: string[] }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-live.ts', url, '--local'],
      { env: { ...LOCAL_STACK_ENV, ...extra } },
    );
    return { code: 0, lines: stdout.split('\n') };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, lines: `${failed.stdout}\n${failed.stderr}`.split('\n') };
  }
}

test.describe('npm run check:live', () => {
  test('passes against the local stack, one line per check', async ({ baseURL }) => {
    const { code, lines } = await checkLive(baseURL!);
    const checks = lines.filter((line) => /^(PASS|SKIP|FAIL) /.test(line));
    expect(
      checks.filter((line) => line.startsWith('FAIL')),
      lines.join('\n'),
    ).toEqual([]);
    expect(code).toBe(0);
    // Pages, robots and sitemap, each function's CORS, the Server URL's secret, the anon key.
    for (const expected of [
      new RegExp(`^PASS {2}${TRADE_PAGE} sends its security headers$`),
      /^PASS {2}\/ CSP allows the build's origins and nothing else$/,
      /^PASS {2}\/check-live-no-such-page answers 404$/,
      new RegExp(
        `^PASS {2}sitemap\\.xml lists the ${INDEXABLE_ROUTES.length} pages at this address$`,
      ),
      /^PASS {2}function request-callback answers its preflight for http:\/\/localhost:\d+ only$/,
      /^PASS {2}function vapi-events refuses a request without the secret$/,
      /^PASS {2}the anon key cannot read public\.contact_submissions \(the database refuses it\)$/,
      /^PASS {2}the anon key cannot read public\.web_chat_messages \(the database refuses it\)$/,
      /^PASS {2}the anon key cannot read private\.lead_arrivals \(the data API does not expose private\)$/,
      /^PASS {2}function vapi-events runs without the gateway's key check, as supabase\/config\.toml says$/,
      /^PASS {2}function start-web-call is behind the gateway's key check, as supabase\/config\.toml says$/,
      /^PASS {2}the database has lead_delivery, and the anon key cannot call it$/,
      /^PASS {2}the database has web_call_press, and the anon key cannot call it$/,
      // The lead card's read: deployed for the site only, behind the key check, its SQL applied.
      /^PASS {2}function call-report answers its preflight for http:\/\/localhost:\d+ only$/,
      /^PASS {2}function call-report is behind the gateway's key check, as supabase\/config\.toml says$/,
      /^PASS {2}the database has call_report_read, and the anon key cannot call it$/,
      // The lead outbox, read with the local stack's service-role key: the worker keeps up.
      /^PASS {2}the database has lead_deliveries_pending, and the anon key cannot call it$/,
      /^PASS {2}(every lead stored is delivered|\d+ leads? stored and not yet delivered, each waiting for its next attempt within the schedule: .+)$/,
      // Every page's files: its app, stylesheet, images, audio and captions, as built.
      /^PASS {2}\/ loads [1-9]\d* files, each served as built$/,
      new RegExp(`^PASS {2}${TRADE_PAGE} loads [1-9]\\d* files, each served as built$`),
      /^PASS {2}\/about-me loads [1-9]\d* files, each served as built$/,
      /^PASS {2}\/check-live-no-such-page loads [1-9]\d* files, each served as built$/,
      // Book a time opens the local Cal.com stand-in: the embed the site serves itself.
      /^PASS {2}\/vendor\/cal\/embed\.js \(Book a time's Cal\.com embed\) is served as built$/,
      // The assistant on Vapi: no VAPI_PRIVATE_KEY here, so not compared.
      /^SKIP {2}the assistant on Vapi: not compared with agent\/assistant\.ts \(set VAPI_PRIVATE_KEY, /,
    ])
      expect(
        checks.some((line) => expected.test(line)),
        String(expected),
      ).toBe(true);
    expect(lines).toContain('All checks passed.');
  });

  test("compares the local stack's assistant with agent/assistant.ts, given its Vapi's key", async ({
    baseURL,
  }) => {
    // The functions' own values on the local stack: its Vapi stand-in, key, assistant and secret.
    const secrets = localFunctionSecrets(baseURL!, E2E_ASSISTANT_ID, {});
    const names = ['VAPI_API_URL', 'VAPI_PRIVATE_KEY', 'VAPI_ASSISTANT_ID', 'VAPI_WEBHOOK_SECRET'];
    const { lines } = await checkLive(
      baseURL!,
      Object.fromEntries(names.map((name) => [name, secrets[name]!])),
    );
    expect(lines.filter((line) => line.includes('the assistant on Vapi'))).toEqual([
      `PASS  the assistant on Vapi (${E2E_ASSISTANT_ID}) is agent/assistant.ts's`,
    ]);
  });

  test('fails against a plain static copy without its headers, naming each missing one', async () => {
    const host = await serveSite(SITE_DIR, { headersFile: false });
    try {
      const { code, lines } = await checkLive(host.origin);
      expect(code).toBe(1);
      // The security headers the build sends with every page, from the configuration check:live
      // reads (scripts/lib/security-headers.ts).
      const config = resolveSiteConfig(LOCAL_VITE_MODE, process.cwd(), LOCAL_STACK_ENV);
      const headers = Object.keys(headerRules(config, { scripts: [], styles: [] })[0]!.headers);
      const missing = lines.find((line) => line.startsWith('FAIL  / lacks '));
      expect(missing, lines.join('\n')).toBeDefined();
      for (const header of headers) expect(missing).toContain(header);
      expect(missing).toContain('publish dist/_headers');
      // And it names the address the build was made for.
      expect(
        lines.some((line) =>
          line.startsWith(`FAIL  VITE_SITE_URL is ${config.siteUrl}, not ${host.origin}`),
        ),
      ).toBe(true);
    } finally {
      await host.close();
    }
  });

  test('fails a deploy that left out the stylesheet, naming the file', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'check-live-site-'));
    try {
      await cp(SITE_DIR, copy, { recursive: true });
      const html = await readFile(join(copy, slug, 'index.html'), 'utf8');
      const sheet = appFilesOf(html)!.stylesheets[0]!;
      await rm(join(copy, sheet));
      const host = await serveSite(copy, { headersFile: false });
      try {
        const { code, lines } = await checkLive(host.origin);
        expect(code).toBe(1);
        const failed = lines.find((line) => line.startsWith(`FAIL  ${TRADE_PAGE} loads `));
        expect(failed, lines.join('\n')).toMatch(
          new RegExp(
            `^FAIL {2}${TRADE_PAGE} loads 1 of [1-9]\\d* files not as built: ${sheet} answered 404`,
          ),
        );
        expect(failed).toContain('publish the whole build');
      } finally {
        await host.close();
      }
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
