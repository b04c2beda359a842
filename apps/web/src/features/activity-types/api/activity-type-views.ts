import { z } from 'zod/mini';

/** An activity type as GET /activity-types lists it (apps/server/src/modules/activity-types). */
export const activityTypeViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  /** The rate in force today; null: the user's standard rate applies. */
  default_rate_cents: z.nullable(z.number()),
  billable: z.boolean(),
  active: z.boolean(),
  version: z.number(),
});
export type ActivityTypeView = z.infer<typeof activityTypeViewSchema>;

export const activityTypeKeys = {
  all: ['activity-types'] as const,
  list: (query: object) => [...activityTypeKeys.all, 'list', query] as const,
};
