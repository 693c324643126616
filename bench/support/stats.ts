/** Summaries of repeated measurements: pure. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

export function range(values: readonly number[]): { min: number; max: number } {
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** The nearest-rank percentile (p in 0–100): the smallest value with p% of samples at or below. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/**
 * The median of per-round ratios ours[i] / baseline[i], for figures measured in interleaved
 * rounds: a round whose baseline reads 0 (under the clock's resolution) gives no ratio.
 */
export function medianOfRatios(ours: readonly number[], baseline: readonly number[]): number {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(ours.length, baseline.length); i++) {
    const base = baseline[i] as number;
    if (base !== 0) ratios.push((ours[i] as number) / base);
  }
  return median(ratios);
}
