/** One demo call per visitor at a time, and a pause after each: every call is billed. localStorage makes it hold across tabs and reloads. */

export const COOL_DOWN_MS = 15_000;
const KEY = 'voice-demo-call';

export type CallGuardRefusal = { reason: 'busy' } | { reason: 'cooling'; seconds: number };

interface GuardRecord {
  state: 'busy' | 'cooling';
  /** A busy record expires so a closed tab frees it. */
  until: number;
}

function read(storage: Storage | null, now: number): GuardRecord | null {
  try {
    const value = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<GuardRecord> | null;
    return typeof value?.until === 'number' && value.until > now ? (value as GuardRecord) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, record: GuardRecord) {
  try {
    storage?.setItem(KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the page's own state still allows one call at a time.
  }
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export type CallGuard = ReturnType<typeof createCallGuard>;

export function createCallGuard(storage = defaultStorage(), clock = Date.now) {
  let mine = false;
  return {
    begin(holdMs: number): CallGuardRefusal | null {
      const now = clock();
      const record = read(storage, now);
      if (record?.state === 'busy') return { reason: 'busy' };
      if (record?.state === 'cooling')
        return { reason: 'cooling', seconds: Math.ceil((record.until - now) / 1000) };
      write(storage, { state: 'busy', until: now + holdMs });
      mine = true;
      return null;
    },
    /** Only a call that connected (`coolDown`) starts the pause; else the record is left expired. */
    finish(coolDown = true): void {
      if (!mine) return;
      mine = false;
      write(storage, { state: 'cooling', until: coolDown ? clock() + COOL_DOWN_MS : 0 });
    },
  };
}
