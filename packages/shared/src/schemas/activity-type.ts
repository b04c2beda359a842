import { z } from 'zod/mini';
import { idOf, isoDate, rateCents, requiredText, versionField } from './fields';

export const ACTIVITY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * A firm-wide service code. `default_rate_cents` null means the activity has no rate of its
 * own (the user's standard rate applies). A changed rate takes effect from
 * `rate_effective_from` (default: today in the firm's time zone); saved entries keep theirs.
 */
export const activityTypeSchema = z.object({
  name: requiredText('Name', 100),
  code: requiredText('Code', 20).check(
    z.regex(ACTIVITY_CODE_PATTERN, 'Code may contain letters, digits, dots, dashes and underscores'),
  ),
  default_rate_cents: z._default(z.nullable(rateCents('Default rate')), null),
  rate_effective_from: z.optional(isoDate('Effective date')),
  billable: z._default(z.boolean(), true),
  active: z._default(z.boolean(), true),
});
export type ActivityTypeInput = z.infer<typeof activityTypeSchema>;

/** An edit that leaves `default_rate_cents` out keeps the rate; null ends the activity's own rate. */
export const activityTypeUpdateSchema = z.extend(activityTypeSchema, {
  default_rate_cents: z.optional(z.nullable(rateCents('Default rate'))),
  version: versionField(),
});
export type ActivityTypeUpdateInput = z.infer<typeof activityTypeUpdateSchema>;

/** One activity type's setting for one client: enabled or not, and its rate override (null: none). */
export const clientActivityTypeSchema = z.object({
  activity_type_id: idOf('Activity type'),
  enabled: z.boolean('Enabled must be true or false'),
  override_rate_cents: z.nullable(rateCents('Override rate')),
});

/** PUT /clients/{id}/activity-types: settings of the listed types; rate changes take effect from `effective_from`. */
export const clientActivityTypesSchema = z.object({
  effective_from: z.optional(isoDate('Effective date')),
  items: z.array(clientActivityTypeSchema).check(
    z.maxLength(500, 'Too many activity types'),
    z.refine(
      (items) => new Set(items.map((item) => item.activity_type_id)).size === items.length,
      'Each activity type may appear once',
    ),
  ),
});
export type ClientActivityTypesInput = z.infer<typeof clientActivityTypesSchema>;

/** PUT /users/{id}/rate: a user's standard billing rate from a date on. */
export const userRateSchema = z.object({
  rate_cents: rateCents('Rate'),
  effective_from: isoDate('Effective date'),
});
export type UserRateInput = z.infer<typeof userRateSchema>;
