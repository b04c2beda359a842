/** Nearest-rank percentile of latencies in milliseconds. */
export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const rank = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[rank]!;
}
