// Small statistics helpers (nearest-rank percentiles over a copy of the samples).

export function percentile(samples, p) {
  if (samples.length === 0) return undefined;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function median(samples) {
  if (samples.length === 0) return undefined;
  const sorted = Float64Array.from(samples).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function mean(samples) {
  if (samples.length === 0) return undefined;
  let sum = 0;
  for (const s of samples) sum += s;
  return sum / samples.length;
}

export function summarize(samples) {
  return { n: samples.length, median: median(samples), p90: percentile(samples, 90), mean: mean(samples) };
}

export function round(value, digits = 3) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** `value` / `base`, to three decimals: how the bench writes every ratio. */
export function ratio(value, base) {
  return round(value / base, 3);
}
