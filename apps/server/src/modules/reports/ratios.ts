/** part / whole in basis points (8125 = 81.25 %), rounded half up; null when whole is 0. */
export function basisPoints(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 10000) / whole);
}

/** Sums each numeric figure of the rows (integers: cents and minutes). */
export function sumFigures(rows: Array<Record<string, unknown>>, names: readonly string[]): Record<string, number> {
  const totals = Object.fromEntries(names.map((name) => [name, 0])) as Record<string, number>;
  for (const row of rows) for (const name of names) totals[name]! += Number(row[name] ?? 0);
  return totals;
}
