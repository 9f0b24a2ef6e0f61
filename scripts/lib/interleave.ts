/**
 * How the benches run and summarise their measurements: every target's run i before any
 * target's run i + 1, so a slower minute of the machine falls on every target alike and the
 * ratios between them hold, in reverse order every other run, so no target is always the one
 * measured first (a browser's or a server's first request after a pause is slower); and the
 * median of each target's runs.
 */

/** The median of the values that are numbers: a run without a figure (NaN) is left out. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Measures each target `runs` times, interleaved, one measurement at a time, the order reversed
 * on odd runs. Returns each target's results in run order.
 */
export async function measureInterleaved<Target, Result>(
  targets: readonly Target[],
  runs: number,
  measure: (target: Target, run: number) => Promise<Result>,
): Promise<Map<Target, Result[]>> {
  const results = new Map<Target, Result[]>(targets.map((target) => [target, []]));
  for (let run = 0; run < runs; run += 1) {
    const order = run % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) results.get(target)!.push(await measure(target, run));
  }
  return results;
}

/** The median of each of `keys` over the runs. */
export function medians<K extends string>(
  runs: readonly Record<K, number>[],
  keys: readonly K[],
): Record<K, number> {
  return Object.fromEntries(
    keys.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as Record<K, number>;
}

/**
 * A markdown table's header row and the row under it: the first `left` columns (the labels)
 * aligned left, the figures right.
 */
export function tableHead(header: string, left = 1): string {
  const columns = header.split(' | ').length;
  const rule = Array.from({ length: columns }, (_, i) => (i < left ? '---' : '---:'));
  return `${header}\n| ${rule.join(' | ')} |`;
}
