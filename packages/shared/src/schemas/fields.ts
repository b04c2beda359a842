import { z } from 'zod/mini';

/** Field builders shared by the entity schemas, so that every form says the same thing about the same kind of field. */

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );
}

export function optionalText(label: string, max: number) {
  return z
    .string(`${label} must be text`)
    .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`));
}

/** An id the browser picked from a list; a missing one reads as "X is required". */
export function idOf(label: string) {
  return z
    .int({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be chosen from the list`),
    })
    .check(z.positive(`${label} must be chosen from the list`));
}

export function isoDate(label: string) {
  return z.iso.date({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a date (YYYY-MM-DD)`),
  });
}

/** An e-mail address or nothing; an empty string means nothing, as an empty form input sends it. */
export function optionalEmail(label: string) {
  return z.optional(
    z.nullable(
      z.union([
        z.literal(''),
        z.email(`${label} must be a valid e-mail address`).check(z.maxLength(254, `${label} is too long`)),
      ]),
    ),
  );
}

/** Integer cents, never a float: $0 to $100,000 an hour. */
export const RATE_CENTS_MAX = 10_000_000;

export function rateCents(label: string) {
  return z
    .int({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be whole cents`) })
    .check(z.gte(0, `${label} cannot be negative`), z.lte(RATE_CENTS_MAX, `${label} must be at most $100,000`));
}

export function versionField() {
  return z.int({
    error: (issue) => (issue.input === undefined ? 'Version is required' : 'Version must be a whole number'),
  });
}
