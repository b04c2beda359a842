/**
 * Mileage expenses (docs/decisions/0106): a distance in tenths of a mile times the firm's
 * rate per mile in mills (tenths of a cent, so the IRS's half-cent rates such as 65.5 cents
 * fit), kept with the expense. Integers only: no float ever touches the amount.
 */

/** The IRS standard business mileage rate for 2025, 70 cents a mile, until the firm sets its own. */
export const DEFAULT_MILEAGE_RATE_MILLS = 700;
/** $10 a mile: far above any published rate, low enough that a typo is caught. */
export const MILEAGE_RATE_MILLS_MAX = 10_000;
/** 10,000 miles on one expense. */
export const MILES_MAX = 10_000;

/** amount = tenths x mills / 100 cents, rounded half up: floor((tenths x mills + 50) / 100). */
export function mileageAmountCents(distanceTenths: number, rateMills: number): number {
  return Math.floor((distanceTenths * rateMills + 50) / 100);
}

/** Miles as typed or sent (at most one decimal) to whole tenths; NaN when it has more decimals. */
export function milesToTenths(miles: number): number {
  const tenths = Math.round(miles * 10);
  return Math.abs(tenths - miles * 10) < 1e-6 ? tenths : Number.NaN;
}

/** Tenths of a mile as people read them: 125 -> "12.5", 120 -> "12". */
export function formatMiles(distanceTenths: number): string {
  const whole = Math.floor(distanceTenths / 10);
  const tenth = distanceTenths % 10;
  return tenth === 0 ? String(whole) : `${whole}.${tenth}`;
}

/** A rate in mills as dollars per mile: 700 -> "$0.70", 655 -> "$0.655". */
export function formatMileageRate(rateMills: number): string {
  const dollars = Math.floor(rateMills / 1000);
  const rest = rateMills % 1000;
  const fraction = rest % 10 === 0 ? String(rest / 10).padStart(2, '0') : String(rest).padStart(3, '0');
  return `$${dollars}.${fraction}`;
}
