/** Order statistics over timing samples. Medians, not means: a GC pause or another process must not move the figure. */
export interface Summary {
  samples: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
  /** Interquartile range divided by the median: 0.05 means the middle half of the runs lies within ±2.5 %. */
  spread: number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  return {
    samples: sorted.length,
    median,
    p10: quantile(sorted, 0.1),
    p90: quantile(sorted, 0.9),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    spread: median > 0 ? (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / median : NaN,
  };
}

/** Linear interpolation between the closest ranks (the usual "type 7" quantile). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
