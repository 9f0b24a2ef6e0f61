// Plain data, so the local stack's stand-in and the tests read it too.
import type { TradeSlug } from '@shared/contracts/origin.ts';

/** Names are the owner's Plausible goals; props are fixed words and buckets, never what a visitor typed or a dollar figure. */
export const FUNNEL_EVENTS = [
  'Estimate shown',
  'Demo call started',
  'Demo call ended',
  'Chat started',
  'Callback requested',
  'Lead sent',
] as const;
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];

export interface FunnelProps {
  /** `none` off the trade pages. */
  trade: TradeSlug | 'none';
  minutes?: MinutesBucket;
  ended?: 'normal' | 'error';
  rang?: RingBucket;
  with_estimate?: 'yes' | 'no';
  after_demo?: 'yes' | 'no';
}

export const MINUTES_BUCKETS = ['0-1', '1-2', '2-3', '3-5', '5+'] as const;
export type MinutesBucket = (typeof MINUTES_BUCKETS)[number];

/** `none`: it never rang. */
export const RING_BUCKETS = ['0-10', '10-20', '20-30', '30-60', '60+', 'none'] as const;
export type RingBucket = (typeof RING_BUCKETS)[number];

/** The bucket of the first bound `value` is under, else the one after the last bound. */
function bucketOf<B>(value: number, bounds: readonly number[], buckets: readonly B[]): B {
  const index = bounds.findIndex((bound) => value < bound);
  return buckets[index === -1 ? bounds.length : index]!;
}

export const minutesBucket = (seconds: number): MinutesBucket =>
  bucketOf(seconds, [60, 120, 180, 300], MINUTES_BUCKETS);

export const ringBucket = (milliseconds: number | null): RingBucket =>
  milliseconds === null
    ? 'none'
    : bucketOf(milliseconds, [10_000, 20_000, 30_000, 60_000], RING_BUCKETS);
