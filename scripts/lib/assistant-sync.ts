/**
 * agent/assistant.ts and the assistant on Vapi: `npm run agent:push` makes the live one the
 * repository's, `npm run agent:diff` and `npm run check:live` name where they differ. Every
 * request goes through the functions' one Vapi client (requestVapi), typed with the server SDK's
 * types. No line printed here carries a secret's value: differences are named by path only.
 */
import { assistantDefinition, assistantInputsFrom } from '../../agent/assistant.ts';
import {
  requestVapi,
  surelyNotCreated,
  VAPI_API_URL,
  type VapiReach,
} from '../../supabase/functions/_shared/vapi/client.ts';
import type {
  AssistantDefinition,
  UpdateAssistantBody,
  VapiAssistant,
} from '../../supabase/functions/_shared/vapi/types.ts';
import type { SiteConfig } from '../../src/lib/config-schema.ts';
import type { CheckResult } from './live-checks.ts';
import { scriptEnvironment } from './site-config.ts';

/** What push, diff and check:live read; the functions' secrets of the same names. */
export const AGENT_VARIABLES = [
  'VAPI_PRIVATE_KEY',
  'VAPI_API_URL',
  'VAPI_ASSISTANT_ID',
  'SUPABASE_URL',
  'VAPI_WEBHOOK_SECRET',
  'VAPI_MAX_CALL_SECONDS',
] as const;
export type AgentEnv = Partial<Record<(typeof AGENT_VARIABLES)[number], string>>;

/** Longer than the functions' 8 s: no visitor waits on these. */
const TIMEOUT_MS = 30_000;

/**
 * The agent's variables, the shell's over `.env`'s (scriptEnvironment); the build refuses a site
 * that contains a secret-named value of either. `dotEnv: false` reads the shell only.
 */
export function agentEnvironment(root: string, { dotEnv = true } = {}): AgentEnv {
  if (dotEnv) return scriptEnvironment('production', root, AGENT_VARIABLES);
  const env: AgentEnv = {};
  for (const name of AGENT_VARIABLES)
    if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

const valueOf = (env: AgentEnv, name: keyof AgentEnv) => env[name]?.trim() || undefined;

interface Prepared {
  reach: VapiReach;
  definition: AssistantDefinition;
  assistantId: string | undefined;
}

/** The definition and Vapi's address, or what is missing to make them. */
function prepare(env: AgentEnv, fetch: typeof globalThis.fetch): Prepared | { problem: string } {
  const privateKey = valueOf(env, 'VAPI_PRIVATE_KEY');
  const inputs = assistantInputsFrom(env);
  const missing = [...(privateKey ? [] : ['VAPI_PRIVATE_KEY']), ...(inputs.missing ?? [])];
  if (!privateKey || inputs.missing)
    return { problem: `set ${missing.join(', ')} (in the shell or .env)` };
  let definition: AssistantDefinition;
  try {
    definition = assistantDefinition(inputs.inputs);
  } catch (error) {
    if (error instanceof RangeError) return { problem: error.message };
    throw error;
  }
  return {
    definition,
    assistantId: valueOf(env, 'VAPI_ASSISTANT_ID'),
    reach: {
      apiUrl: valueOf(env, 'VAPI_API_URL') ?? VAPI_API_URL,
      privateKey,
      timeoutMs: TIMEOUT_MS,
      fetch,
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lists whose order means nothing. */
const SETS = new Set(['serverMessages']);
/** Maps whose keys are the content: a key added live is a difference too. */
const isMap = (path: string) => path === 'server.headers' || path.endsWith('.properties');

/**
 * The dotted paths where the live assistant differs from the definition. Only what the
 * definition sets is compared, so what Vapi adds (id, orgId, createdAt, updatedAt, latestVersion)
 * and the defaults it fills in are not differences; lists compare element by element, but for
 * the sets above; the maps above compare their keys as well.
 */
export function assistantDifferences(definition: AssistantDefinition, live: unknown): string[] {
  const paths: string[] = [];
  const compare = (want: unknown, have: unknown, path: string) => {
    if (want === undefined) return;
    if (SETS.has(path) && Array.isArray(want)) {
      const wanted = new Set(want);
      const had = Array.isArray(have) ? new Set<unknown>(have) : null;
      if (!had || had.size !== wanted.size || [...wanted].some((item) => !had.has(item)))
        paths.push(path);
      return;
    }
    if (Array.isArray(want)) {
      if (!Array.isArray(have) || have.length !== want.length) paths.push(path);
      else want.forEach((item, index) => compare(item, have[index], `${path}.${index}`));
      return;
    }
    if (isRecord(want)) {
      if (!isRecord(have)) return void paths.push(path);
      for (const [key, value] of Object.entries(want))
        compare(value, have[key], path ? `${path}.${key}` : key);
      if (isMap(path))
        for (const key of Object.keys(have)) if (!(key in want)) paths.push(`${path}.${key}`);
      return;
    }
    if (want !== have) paths.push(path);
  };
  compare(definition, live, '');
  return paths;
}

export interface ScriptResult {
  code: 0 | 1 | 2;
  lines: string[];
}

/** The id to keep, and the one command that gives it to the functions; never a secret's value. */
const idLines = (id: string) => [
  `VAPI_ASSISTANT_ID=${id}`,
  '',
  "Set it as the functions' secret (and keep the line above in .env, so the next push updates this assistant):",
  `  npx supabase secrets set VAPI_ASSISTANT_ID=${id}`,
];

const named = (definition: AssistantDefinition) => JSON.stringify(definition.name);

/**
 * Creates the assistant, or updates the one VAPI_ASSISTANT_ID names; without it, the one named as
 * the definition is, so a second run creates no twin. An assistant already as defined is left
 * alone. A create is sent once: an answer that does not say it failed may come after Vapi made
 * it (see surelyNotCreated), and the next run finds it by its name.
 */
export async function pushAssistant(
  env: AgentEnv,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<ScriptResult> {
  const prepared = prepare(env, fetch);
  if ('problem' in prepared)
    return { code: 2, lines: [`Nothing was sent to Vapi: ${prepared.problem}.`] };
  const { reach, definition, assistantId } = prepared;
  const lines: string[] = [];
  let live: VapiAssistant;
  if (assistantId) {
    const found = await requestVapi<VapiAssistant>(
      reach,
      'GET',
      `/assistant/${encodeURIComponent(assistantId)}`,
    );
    if (!found.ok)
      return {
        code: 1,
        lines: [
          found.status === 404
            ? `Vapi has no assistant ${assistantId} (VAPI_ASSISTANT_ID): set the id npm run agent:push printed, or unset it to create the assistant.`
            : `Could not read the assistant ${assistantId}: ${found.error}.`,
        ],
      };
    live = found.body;
  } else {
    const listed = await requestVapi<VapiAssistant[]>(reach, 'GET', '/assistant');
    if (!listed.ok)
      return { code: 1, lines: [`Could not list the assistants on Vapi: ${listed.error}.`] };
    const same = listed.body.filter((assistant) => assistant.name === definition.name);
    if (same.length > 1)
      return {
        code: 1,
        lines: [
          `${same.length} assistants on Vapi are named ${named(definition)} (${same.map((assistant) => assistant.id).join(', ')}): set VAPI_ASSISTANT_ID to the one the functions use, and this updates it.`,
        ],
      };
    if (same.length === 0) return createAssistant(reach, definition);
    live = same[0]!;
    lines.push(
      `VAPI_ASSISTANT_ID is not set, and Vapi has an assistant named ${named(definition)} (${live.id}): updating it rather than creating a twin.`,
    );
  }
  const differences = assistantDifferences(definition, live);
  if (differences.length === 0) {
    lines.push(
      `The assistant ${named(definition)} (${live.id}) on Vapi already is agent/assistant.ts's: nothing sent.`,
    );
    return { code: 0, lines: [...lines, ...idLines(live.id)] };
  }
  const body: UpdateAssistantBody = definition;
  const updated = await requestVapi<VapiAssistant>(
    reach,
    'PATCH',
    `/assistant/${encodeURIComponent(live.id)}`,
    body,
  );
  if (!updated.ok)
    return {
      code: 1,
      lines: [...lines, `Could not update the assistant ${live.id}: ${updated.error}.`],
    };
  lines.push(`Updated the assistant ${named(definition)} (${live.id}): ${differences.join(', ')}.`);
  const left = assistantDifferences(definition, updated.body);
  if (left.length > 0)
    return {
      code: 1,
      lines: [
        ...lines,
        `Vapi's answer still differs from agent/assistant.ts in ${left.join(', ')}: Vapi changed what it was sent.`,
        ...idLines(live.id),
      ],
    };
  return { code: 0, lines: [...lines, ...idLines(live.id)] };
}

async function createAssistant(
  reach: VapiReach,
  definition: AssistantDefinition,
): Promise<ScriptResult> {
  const created = await requestVapi<VapiAssistant>(reach, 'POST', '/assistant', definition);
  if (created.ok && typeof created.body?.id === 'string')
    return {
      code: 0,
      lines: [`Created the assistant ${named(definition)} on Vapi.`, ...idLines(created.body.id)],
    };
  if (!created.ok && surelyNotCreated(created))
    return { code: 1, lines: [`Vapi refused the assistant: ${created.error}.`] };
  const why = created.ok ? 'Vapi answered no assistant id' : created.error;
  return {
    code: 1,
    lines: [
      `${why}. Vapi may have created the assistant all the same, so it was not sent again: run npm run agent:push once more, which finds it by its name (${named(definition)}) and creates no twin.`,
    ],
  };
}

export type Comparison =
  | { kind: 'same'; id: string }
  | { kind: 'different'; id: string; paths: string[] }
  | { kind: 'cannot'; problem: string };

/** The live assistant VAPI_ASSISTANT_ID names against the definition the same variables make. */
export async function compareAssistant(
  env: AgentEnv,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<Comparison> {
  const prepared = prepare(env, fetch);
  if ('problem' in prepared) return { kind: 'cannot', problem: prepared.problem };
  const { reach, definition, assistantId: id } = prepared;
  if (!id)
    return {
      kind: 'cannot',
      problem: 'set VAPI_ASSISTANT_ID (the id npm run agent:push printed) in the shell or .env',
    };
  const live = await requestVapi<VapiAssistant>(
    reach,
    'GET',
    `/assistant/${encodeURIComponent(id)}`,
  );
  if (!live.ok)
    return {
      kind: 'cannot',
      problem:
        live.status === 404
          ? `Vapi has no assistant ${id} (VAPI_ASSISTANT_ID): npm run agent:push prints the id`
          : live.error,
    };
  const paths = assistantDifferences(definition, live.body);
  return paths.length === 0 ? { kind: 'same', id } : { kind: 'different', id, paths };
}

/** `npm run agent:diff`: 0 as defined, 1 different (each path named), 2 not compared. */
export async function diffAssistant(
  env: AgentEnv,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<ScriptResult> {
  const comparison = await compareAssistant(env, fetch);
  if (comparison.kind === 'cannot')
    return { code: 2, lines: [`Not compared: ${comparison.problem}.`] };
  if (comparison.kind === 'same')
    return {
      code: 0,
      lines: [`The assistant ${comparison.id} on Vapi is agent/assistant.ts's.`],
    };
  return {
    code: 1,
    lines: [
      `The assistant ${comparison.id} on Vapi differs from agent/assistant.ts in:`,
      ...comparison.paths.map((path) => `  ${path}`),
      "npm run agent:push makes it the repository's again (copy an edit made in the dashboard into agent/ first to keep it).",
    ],
  };
}

/**
 * check:live's comparison: skipped without VAPI_PRIVATE_KEY. The Server URL is the site's
 * project's (VITE_SUPABASE_URL), and the cap VAPI_MAX_CALL_SECONDS, else the build's.
 */
export async function checkAssistant(
  config: Pick<SiteConfig, 'supabaseUrl' | 'vapi'>,
  env: AgentEnv,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<CheckResult> {
  const what = 'the assistant on Vapi';
  if (!valueOf(env, 'VAPI_PRIVATE_KEY'))
    return {
      ok: true,
      skipped: true,
      what: `${what}: not compared with agent/assistant.ts (set VAPI_PRIVATE_KEY, the Vapi private key, in the shell or .env to compare them)`,
    };
  const cap = config.vapi?.maxCallSeconds;
  const comparison = await compareAssistant(
    {
      ...env,
      SUPABASE_URL: config.supabaseUrl,
      VAPI_MAX_CALL_SECONDS:
        valueOf(env, 'VAPI_MAX_CALL_SECONDS') ?? (cap === undefined ? undefined : String(cap)),
    },
    fetch,
  );
  if (comparison.kind === 'same')
    return { ok: true, what: `${what} (${comparison.id}) is agent/assistant.ts's` };
  if (comparison.kind === 'different')
    return {
      ok: false,
      what: `${what} (${comparison.id}) differs from agent/assistant.ts in ${comparison.paths.join(', ')}`,
      fix: 'run npm run agent:push (copy an edit made in the dashboard into agent/ first to keep it)',
    };
  return {
    ok: false,
    what: `${what} was not compared with agent/assistant.ts`,
    fix: comparison.problem,
  };
}
