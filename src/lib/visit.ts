/**
 * What this visit has shown about the visitor, shared between parts of the page that may not
 * import each other (features): the campaign that brought them, the calculator's estimate, and
 * whether they tried the voice demo. It goes out with a lead, and into the demo call, so the
 * owner knows where a lead came from and the agent can talk about the visitor's own numbers.
 * Nothing here leaves the browser except inside a lead the visitor sends or a call they start.
 */

import type { EstimateVariables } from '@shared/contracts/origin.ts';
import {
  charactersOver,
  cleanUtm,
  LEAD_MAX_BYTES,
  looksPersonal,
  utmKeyOf,
} from '@shared/lead-rules.ts';

/** The calculator's inputs and estimate (whole dollars), when it shows one. */
export type VisitEstimate = Required<EstimateVariables>;

export type Utm = Record<string, string>;

const UTM_KEY = 'visit:utm';
const VISIT_ID_KEY = 'visit:id';
const DEMO_KEY = 'visit:demo-call';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked (some private modes): the visit is then remembered in memory
  }
}

/*
 * Module state, and who owns it: this module alone. `memory` backs sessionStorage when it is
 * blocked, `estimate` is the calculator's latest and `prefillListeners` are the contact forms
 * listening for a prefilled message. They live as long as the page (one visit) and are written
 * only through the functions below; tests start from a clean visit with resetVisit()
 * (src/test/setup.ts).
 */
const memory = new Map<string, string>();
function read(key: string): string | null {
  return storage()?.getItem(key) ?? memory.get(key) ?? null;
}
function write(key: string, value: string): void {
  memory.set(key, value);
  try {
    storage()?.setItem(key, value);
  } catch {
    // full or blocked: memory keeps it for this page
  }
}

/**
 * The five `utm_*` parameters of a query string (the first of each), each cut to what a lead
 * keeps (lead-rules.ts), or null when there are none. Other parameters, and a value that looks
 * like an e-mail address or a phone number, are not kept.
 */
export function utmFrom(search: string): Utm | null {
  const utm: Utm = {};
  for (const [name, raw] of new URLSearchParams(search)) {
    const key = utmKeyOf(name);
    if (!key || key in utm) continue;
    const value = raw.trim();
    // Judged whole: an address cut to the byte limit may no longer look like one.
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

/**
 * Remembers the campaign the visit landed with (the first page's `utm_*` parameters), for the
 * rest of the visit (this tab's session). Later pages of the visit do not replace it.
 */
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

/** The calculator reports what it shows (null when it shows no estimate). */
export function setVisitEstimate(next: VisitEstimate | null): void {
  estimate = next;
}

export function visitEstimate(): VisitEstimate | null {
  return estimate;
}

/** The voice demo reports that a call got through. */
export function markDemoCall(): void {
  write(DEMO_KEY, 'true');
}

export function triedDemoCall(): boolean {
  return read(DEMO_KEY) === 'true';
}

type Listener = (message: string) => void;
const prefillListeners = new Set<Listener>();

/** Asks the contact form to start the message with `message` (it does only if the box is empty). */
export function requestMessagePrefill(message: string): void {
  prefillListeners.forEach((listener) => listener(message));
}

export function onMessagePrefill(listener: Listener): () => void {
  prefillListeners.add(listener);
  return () => prefillListeners.delete(listener);
}

/**
 * This visit's id (a UUID kept for the tab's session): a lead, a callback and a demo call carry
 * it, so the owner can join them.
 */
export function visitId(): string {
  const known = read(VISIT_ID_KEY);
  if (known) return known;
  const id = crypto.randomUUID();
  write(VISIT_ID_KEY, id);
  return id;
}

/** For tests: forgets the visit. */
export function resetVisit(): void {
  memory.clear();
  estimate = null;
  prefillListeners.clear();
  for (const key of [UTM_KEY, VISIT_ID_KEY, DEMO_KEY]) storage()?.removeItem(key);
}
