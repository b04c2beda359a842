import { parseMoneyToCents } from '@practice/shared';

/** Integer cents as a form input shows them: 12500 -> "125.00"; null -> "". */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * What a money input holds, as the API takes it: "" -> null, "125.5" -> 12550. Text that is
 * not an amount goes on as NaN, so the entity's schema reports the field ("... must be whole cents").
 */
export function inputToCents(text: string): number | null {
  if (text.trim() === '') return null;
  return parseMoneyToCents(text) ?? Number.NaN;
}
