import { isoDate, recordIdText } from '@practice/shared';
import { z } from 'zod';
import { pageQuery } from '../records/pagination';

export const ACTIVITY_TYPES = ['navigation', 'click', 'form_submit', 'api_call', 'system_event', 'scroll'] as const;
/** At most this many activities per call (the browser sends 5). */
export const ACTIVITY_BATCH_MAX = 50;
/** The whole call's body: 50 activities of a few hundred bytes each fit with room to spare. */
export const ACTIVITY_BODY_LIMIT = 64 * 1024;

const text = (max: number) => z.string().max(max);
/** A small object of plain values (browser, device, attributes, position, extra data, error details). */
const detail = z
  .record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 30, 'At most 30 fields');
const milliseconds = z.number().int().min(0).max(3_600_000);

/**
 * SPEC 3's activity log entry as the browser sends it. organization_id and ip_address are not
 * read from it: the session and the request say them.
 */
export const activityLogEntry = z.object({
  activity_type: z.enum(ACTIVITY_TYPES),
  activity_category: text(100).nullish(),
  activity_name: text(200).nullish(),
  page_url: text(2000).nullish(),
  page_title: text(300).nullish(),
  referrer_url: text(2000).nullish(),
  page_load_time: milliseconds.nullish(),
  browser_info: detail.nullish(),
  device_info: detail.nullish(),
  element_selector: text(500).nullish(),
  element_text: text(100).nullish(),
  element_attributes: detail.nullish(),
  element_position: detail.nullish(),
  extra_data: detail.nullish(),
  error_details: detail.nullish(),
  response_time: milliseconds.nullish(),
  session_id: text(100).min(1).nullish(),
  client_timestamp: z.iso.datetime({ offset: true }).nullish(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntry>;

/** SPEC 7: {activities:[...], batch_info:{batch_size, timestamp, session_id}}. */
export const activityLogBatch = z.object({
  activities: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, 'No activities')
    .max(ACTIVITY_BATCH_MAX, `At most ${ACTIVITY_BATCH_MAX} activities`),
  batch_info: z.object({
    batch_size: z.number().int().min(1).max(ACTIVITY_BATCH_MAX),
    timestamp: z.union([z.string().max(40), z.number()]),
    session_id: text(100).min(1, 'Session id is required'),
  }),
});
export type ActivityLogBatch = z.infer<typeof activityLogBatch>;

/** API.md: GET /api/activity-logs with user_id, activity_type, from and to. */
export const activityLogQuery = z.object({
  ...pageQuery,
  user_id: z.optional(recordIdText('User must be a user id')),
  activity_type: z
    .enum(ACTIVITY_TYPES, { error: `Activity type must be one of ${ACTIVITY_TYPES.join(', ')}` })
    .optional(),
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
});
export type ActivityLogQuery = z.infer<typeof activityLogQuery>;
