import { MINUTES_PER_DAY } from '@practice/shared';
import type { RoundingRule } from './organization-settings';

/**
 * Applies the organization's rounding rule to a duration. `up` rounds to the next multiple
 * of the increment; `nearest` rounds half up (7.5 of 15 goes up). The result is never below
 * one increment, so a short entry does not vanish, and never above a day.
 */
export function roundMinutes(minutes: number, rule: RoundingRule): number {
  if (rule.minutes === 0) return minutes;
  const increment = rule.minutes;
  const rounded =
    rule.mode === 'up'
      ? Math.ceil(minutes / increment) * increment
      : Math.floor((2 * minutes + increment) / (2 * increment)) * increment;
  return Math.min(MINUTES_PER_DAY, Math.max(increment, rounded));
}

/**
 * amount = rate x minutes / 60 in integer cents, rounded half up to the cent:
 * floor((rate x minutes + 30) / 60). Both factors are non-negative integers.
 */
export function amountCents(rateCents: number, minutes: number): number {
  return Math.floor((rateCents * minutes + 30) / 60);
}

/** Hours for display and the SPEC 3 `hours` field; minutes stay the exact figure. */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}
