import { createEventsStandIn } from './plausible/events-stand-in';
import { createBookingStandIn } from './booking/booking-stand-in';
import { Hono, type Context } from 'hono';
import { isLoopbackHost } from './client-address';
import { openDatabase } from './postgres/database';
import { createFunctionsHost } from './edge-functions/functions-host';
import { createLocalRoutes } from './inbox/local-routes';
import { createTurnstileStandIn } from './turnstile/turnstile-stand-in';
import { createVapiStandIn } from './vapi/vapi-stand-in';
import { createRestApi, type InsertedRow } from './postgrest/postgrest';
import { loadStaticSite } from './cdn/static-site';
import { LOCAL_ROUTES } from '../src/lib/local-stack-routes';
import { assistantDefinition, assistantInputsFrom } from '../agent/assistant';

export interface LocalStackOptions {
  /** None under `npm run dev`, where Vite serves the pages. */
  distDir?: string;
  dataDir: string;
  anonKey: string;
  log?: (line: string) => void;
  /** Omitted: no functions (tests of the data API alone). */
  functions?: { origin: string; secrets: Record<string, string> };
  serviceRoleKey?: string;
  /**
   * Runs the webhook outbox's worker (deliver-webhooks, with the service-role key) this often, as
   * pg_cron does hosted (docs/deploy.md). Unset: no timer (tests run the worker themselves).
   */
  deliverEveryMs?: number;
}

export type LocalStack = Awaited<ReturnType<typeof createLocalStack>>;

/** Control characters could move a terminal's cursor or fake a line: written as escapes. */
export function escapeControlCharacters(text: unknown): string {
  return String(text).replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function leadLine(row: InsertedRow): string {
  const [name, email, id] = [row.name, row.email, row.id].map(escapeControlCharacters);
  return `[lead] ${new Date().toISOString()} ${name} <${email}> id=${id}`;
}

const isControlRoute = (path: string) =>
  path === LOCAL_ROUTES.vapiMode ||
  path === LOCAL_ROUTES.turnstileMode ||
  path.startsWith(`${LOCAL_ROUTES.vapi}/calls/`);

function isFromAnotherSite(c: Context): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return true;
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  try {
    return !isLoopbackHost(new URL(origin).host);
  } catch {
    return true; // "null" and anything unreadable: an opaque, sandboxed or unknown page
  }
}

/**
 * The functions' assistant (VAPI_ASSISTANT_ID), as agent/assistant.ts defines it for this stack:
 * its reports go to this stack's vapi-events with the functions' VAPI_WEBHOOK_SECRET, so a
 * definition vapi-events would refuse fails here too.
 */
function localAssistant({ origin, secrets }: NonNullable<LocalStackOptions['functions']>) {
  const id = secrets.VAPI_ASSISTANT_ID;
  if (!id) return {};
  const { inputs, missing } = assistantInputsFrom({ ...secrets, SUPABASE_URL: origin });
  if (missing) throw new Error(`The local Vapi stand-in's assistant needs ${missing.join(', ')}`);
  return { [id]: assistantDefinition(inputs) };
}

/** The outbox's worker every `deliverEveryMs`, posted to the stack's own deliver-webhooks. */
function startDeliverer(app: Hono, options: LocalStackOptions) {
  const { deliverEveryMs, functions, serviceRoleKey } = options;
  if (!deliverEveryMs || !functions || !serviceRoleKey) return null;
  const url = `${functions.origin}/functions/v1/deliver-webhooks`;
  return setInterval(() => {
    const run = new Request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${serviceRoleKey}` },
    });
    void Promise.resolve(app.fetch(run))
      .then((answer) => answer.body?.cancel())
      .catch((error: unknown) => console.error('deliver-webhooks:', error));
  }, deliverEveryMs);
}

export async function createLocalStack(options: LocalStackOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = await openDatabase(options.dataDir, { log });
  const serveStatic = options.distDir ? await loadStaticSite(options.distDir) : null;

  const app = new Hono();
  app.route(
    '/rest/v1',
    createRestApi({
      db,
      anonKey: options.anonKey,
      serviceRoleKey: options.serviceRoleKey,
      onInsert: (rows) => rows.forEach((row) => log(leadLine(row))),
    }),
  );
  // Only to a request addressed to this machine by name: no DNS rebinding.
  app.use(`${LOCAL_ROUTES.prefix}/*`, async (c, next) => {
    // An in-process request (tests) has no Host header: its URL says where it was addressed.
    if (!isLoopbackHost(c.req.header('host') ?? new URL(c.req.url).host))
      return c.text('The local stack answers /local/ only at localhost.', 403);
    // A plain cross-site POST needs no preflight, so the Origin is checked here.
    if (c.req.method !== 'GET' && isControlRoute(c.req.path) && isFromAnotherSite(c)) {
      return c.text(
        "The local stack's controls take requests from this machine's pages only.",
        403,
      );
    }
    return next();
  });
  const secrets = options.functions?.secrets ?? {};
  app.route(LOCAL_ROUTES.turnstile, createTurnstileStandIn());
  const vapi = createVapiStandIn(
    db,
    secrets.VAPI_PRIVATE_KEY ?? 'local-vapi-private-key',
    secrets.VAPI_ORG_ID ?? 'local-org',
    options.functions
      ? {
          url: `${options.functions.origin}/functions/v1/vapi-events`,
          secret: secrets.VAPI_WEBHOOK_SECRET ?? '',
        }
      : undefined,
    options.functions ? localAssistant(options.functions) : {},
  );
  app.route(LOCAL_ROUTES.vapi, vapi.app);
  app.route(LOCAL_ROUTES.events, createEventsStandIn(db));
  app.route(LOCAL_ROUTES.booking, createBookingStandIn());
  app.route('/', createLocalRoutes(db, secrets.CONTACT_WEBHOOK_SECRET ?? null));
  const functions = options.functions
    ? createFunctionsHost({ env: options.functions.secrets, anonKey: options.anonKey, log })
    : null;
  if (functions) app.route('/functions/v1', functions.app);
  if (serveStatic) {
    app.on(['GET', 'HEAD'], '*', (c) => serveStatic(c));
    app.all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }));
  }
  app.onError((error, c) => {
    console.error(error);
    return c.json(
      { code: 'XX000', message: 'Internal error of the local stack', details: null, hint: null },
      500,
    );
  });

  const deliverer = startDeliverer(app, options);
  let closed: Promise<void> | undefined;

  return {
    app,
    db,
    functions,
    /** Stops the worker's timer, the stand-ins, the functions and the database; once. */
    close: () =>
      (closed ??= (async () => {
        if (deliverer) clearInterval(deliverer);
        vapi.close();
        await functions?.close();
        await db.close();
      })()),
  };
}
