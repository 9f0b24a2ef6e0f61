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

export function minutesBucket(seconds: number): MinutesBucket {
  if (seconds < 60) return '0-1';
  if (seconds < 120) return '1-2';
  if (seconds < 180) return '2-3';
  if (seconds < 300) return '3-5';
  return '5+';
}

/** `none`: it never rang. */
export const RING_BUCKETS = ['0-10', '10-20', '20-30', '30-60', '60+', 'none'] as const;
export type RingBucket = (typeof RING_BUCKETS)[number];

export function ringBucket(milliseconds: number | null): RingBucket {
  if (milliseconds === null) return 'none';
  const seconds = milliseconds / 1000;
  if (seconds < 10) return '0-10';
  if (seconds < 20) return '10-20';
  if (seconds < 30) return '20-30';
  if (seconds < 60) return '30-60';
  return '60+';
}
