/** Reading the functions' secrets (`supabase secrets set`), with the defaults the design names. */

export type Env = Record<string, string | undefined>;

export class MissingSecrets extends Error {
  constructor(readonly names: string[]) {
    super(`Set these secrets (supabase secrets set NAME=value): ${names.join(', ')}`);
  }
}

/** Reads `names` from `env`, all at once: every missing one is named in one error. */
export function requireAll<const N extends string>(
  env: Env,
  names: readonly N[],
): Record<N, string> {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new MissingSecrets(missing);
  return Object.fromEntries(names.map((name) => [name, env[name]!.trim()])) as Record<N, string>;
}

/** A whole number from `env`, within [min, max], or the default. */
export function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

/** Work to finish after the answer: hosted, EdgeRuntime.waitUntil keeps the worker for it. */
export function backgroundRunner(): (work: Promise<unknown>) => void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?: (p: Promise<unknown>) => void } })
    .EdgeRuntime;
  return (work) => (runtime?.waitUntil ? runtime.waitUntil(work) : void work);
}
