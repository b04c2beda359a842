import { z } from 'zod/mini';

/** Field builders shared by the entity schemas, so that every form says the same thing about the same kind of field. */

/**
 * PostgreSQL refuses a NUL character in text; no person types one. The server refuses it in
 * any field before validation (its NUL guard); forms say it with the field's label.
 */
export function withoutNul(label: string) {
  return z.refine<string>((text) => !text.includes('\u0000'), `${label} cannot contain NUL characters`);
}

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      withoutNul(label),
    );
}

export function optionalText(label: string, max: number) {
  return z
    .string(`${label} must be text`)
    .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), withoutNul(label));
}

/** The largest id there is: ids are PostgreSQL integers (docs/decisions/0095). */
export const ID_MAX = 2_147_483_647;

function idRange(message: string) {
  return [z.positive(message), z.lte(ID_MAX, message)] as const;
}

/**
 * The one rule for a record id: a whole number from 1 to ID_MAX. Anything else names no
 * record, and `message` says so (404 "Not found" in a path, a field error in a body or query).
 */
export function recordId(message: string) {
  return z.int(message).check(...idRange(message));
}

/**
 * A record id written as text: a path segment or a query parameter. The checks sit on the
 * coerced number itself (not a pipe), so the OpenAPI document shows the range.
 */
export function recordIdText(message: string) {
  return z.coerce.number(message).check(z.multipleOf(1, message), ...idRange(message));
}

/** An id the browser picked from a list; a missing one reads as "X is required". */
export function idOf(label: string) {
  const notChosen = `${label} must be chosen from the list`;
  return z
    .int({ error: (issue) => (issue.input === undefined ? `${label} is required` : notChosen) })
    .check(...idRange(notChosen));
}

/**
 * Dates the firm's work can carry (docs/decisions/0096): PostgreSQL knows no year 0, and a
 * date far out is a typing slip, not a record.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2999-12-31';

/** A YYYY-MM-DD date from DATE_MIN to DATE_MAX, in a body or a query. */
export function isoDate(label: string) {
  const outOfRange = `${label} must be between ${DATE_MIN} and ${DATE_MAX}`;
  return z.iso
    .date({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a date (YYYY-MM-DD)`),
    })
    .check(z.refine<string>((date) => date >= DATE_MIN && date <= DATE_MAX, outOfRange));
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
