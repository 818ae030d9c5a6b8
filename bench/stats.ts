// The few statistics the bench reports: medians of per-round results and percentiles of samples.

/** The p-th percentile (0-100) of `values` by nearest rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The median: the middle value, or the mean of the two middle ones; NaN when there are none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface Latency { p50: number; p99: number; samples: number }

export function latency(samples: readonly number[]): Latency {
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), samples: samples.length };
}
