import { z } from 'zod';
import { pageFields } from '@practice/shared';
import type { RateChange } from '../rates/rate-history';
import type { ActivityTypeDetail } from './activity-types.service';
import type { ActivityTypeView } from './activity-type-view';
import type { ClientActivityTypesView } from './client-activity-types.service';

/** The answers of the activity type routes (their OpenAPI response schemas). */

export const rateChangeAnswer: z.ZodType<RateChange> = z.object({
  effective_from: z.string(),
  rate_cents: z.int().nullable(),
});

const activityTypeFields = {
  id: z.int(),
  name: z.string(),
  code: z.string(),
  default_rate_cents: z.int().nullable().describe("The rate in force today; null: the user's standard rate applies"),
  billable: z.boolean(),
  active: z.boolean(),
  version: z.int(),
  created_at: z.date(),
  updated_at: z.date(),
} satisfies Record<keyof ActivityTypeView, z.ZodType>;

export const activityTypeListAnswer = z.object({ ...pageFields, items: z.array(z.object(activityTypeFields)) });

export const activityTypeAnswer: z.ZodType<ActivityTypeDetail> = z.object({
  ...activityTypeFields,
  base_rate_cents: z.int().nullable(),
  rate_changes: z.array(rateChangeAnswer),
});

export const clientActivityTypesAnswer: z.ZodType<ClientActivityTypesView> = z.object({
  client_id: z.int(),
  as_of: z.string(),
  items: z.array(
    z.object({
      activity_type_id: z.int(),
      name: z.string(),
      code: z.string(),
      billable: z.boolean(),
      active: z.boolean(),
      enabled: z.boolean(),
      default_rate_cents: z.int().nullable(),
      override_rate_cents: z.int().nullable(),
      rate_cents: z.int().nullable(),
      override_changes: z.array(rateChangeAnswer),
    }),
  ),
});
