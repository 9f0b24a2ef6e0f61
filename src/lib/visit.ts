/** Visit state shared by features that may not import each other; it leaves the browser only inside a lead or a call the visitor starts. */
import type { EstimateVariables } from '@shared/contracts/origin.ts';
import {
  charactersOver,
  cleanUtm,
  LEAD_MAX_BYTES,
  looksPersonal,
  utmKeyOf,
} from '@shared/lead-rules.ts';

export type VisitEstimate = Required<EstimateVariables>;

export type Utm = Record<string, string>;

const UTM_KEY = 'visit:utm';
const VISIT_ID_KEY = 'visit:id';
const DEMO_KEY = 'visit:demo-call';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // blocked in some private modes: memory stands in
  }
}

const memory = new Map<string, string>();
function read(key: string): string | null {
  return storage()?.getItem(key) ?? memory.get(key) ?? null;
}
function write(key: string, value: string): void {
  memory.set(key, value);
  try {
    storage()?.setItem(key, value);
  } catch {
    // full or blocked: memory keeps it
  }
}

/** Values that look like an e-mail address or a phone number are not kept. */
export function utmFrom(search: string): Utm | null {
  const utm: Utm = {};
  for (const [name, raw] of new URLSearchParams(search)) {
    const key = utmKeyOf(name);
    if (!key || key in utm) continue;
    const value = raw.trim();
    // Judged whole: an address cut to the byte limit may not look like one.
    if (looksPersonal(value)) continue;
    const chars = [...value];
    const kept = chars
      .slice(0, chars.length - charactersOver(value, LEAD_MAX_BYTES.utmValue))
      .join('');
    const clean = cleanUtm({ [key]: kept });
    if (clean) Object.assign(utm, clean);
  }
  return Object.keys(utm).length > 0 ? utm : null;
}

/** The first page's campaign stays for the tab's session. */
export function rememberLanding(search: string): void {
  if (read(UTM_KEY) !== null) return;
  const utm = utmFrom(search);
  write(UTM_KEY, utm ? JSON.stringify(utm) : 'null');
}

export function landingUtm(): Utm | null {
  try {
    const value: unknown = JSON.parse(read(UTM_KEY) ?? 'null');
    return value && typeof value === 'object' ? (value as Utm) : null;
  } catch {
    return null;
  }
}

let estimate: VisitEstimate | null = null;

export function setVisitEstimate(next: VisitEstimate | null): void {
  estimate = next;
}

export function visitEstimate(): VisitEstimate | null {
  return estimate;
}

export function markDemoCall(): void {
  write(DEMO_KEY, 'true');
}

export function triedDemoCall(): boolean {
  return read(DEMO_KEY) === 'true';
}

type Listener = (message: string) => void;
const prefillListeners = new Set<Listener>();

/** The contact form takes it only if its box is empty. */
export function requestMessagePrefill(message: string): void {
  prefillListeners.forEach((listener) => listener(message));
}

export function onMessagePrefill(listener: Listener): () => void {
  prefillListeners.add(listener);
  return () => prefillListeners.delete(listener);
}

export function visitId(): string {
  const known = read(VISIT_ID_KEY);
  if (known) return known;
  const id = crypto.randomUUID();
  write(VISIT_ID_KEY, id);
  return id;
}

export function resetVisit(): void {
  memory.clear();
  estimate = null;
  prefillListeners.clear();
  for (const key of [UTM_KEY, VISIT_ID_KEY, DEMO_KEY]) storage()?.removeItem(key);
}
