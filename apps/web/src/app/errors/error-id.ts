/** SPEC 8: a client-side error ID of the form error_{timestamp}_{random}. */
export function createErrorId(now: number = Date.now()): string {
  return `error_${now}_${Math.random().toString(36).slice(2, 11)}`;
}
