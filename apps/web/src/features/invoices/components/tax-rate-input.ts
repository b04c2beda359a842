/** A tax rate as typed ("8.25", "8.25%") in basis points (825); "" is 0; text that is no rate goes on as NaN for the schema to refuse. */
export function percentToBasisPoints(text: string): number {
  const cleaned = text.replace(/[%\s]/g, '');
  if (cleaned === '') return 0;
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 825 -> "8.25"; 0 -> "". */
export function basisPointsToPercent(basisPoints: number): string {
  if (basisPoints === 0) return '';
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}
