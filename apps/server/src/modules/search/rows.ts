/** A date, or a timestamp as JSON writes it (with its offset), as the YYYY-MM-DD (UTC) the palette shows. */
export function dayOf(value: string | null): string | undefined {
  if (value === null) return undefined;
  return value.length <= 10 ? value : new Date(value).toISOString().slice(0, 10);
}
