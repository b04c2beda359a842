import { sql } from 'drizzle-orm';
import { activityTypes } from '../../db/schema/index';

export type ActivityTypeView = {
  id: number;
  name: string;
  code: string;
  /** The activity's rate in force today (the firm's time zone); null: the user's standard rate applies. */
  default_rate_cents: number | null;
  billable: boolean;
  active: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
};

/**
 * The activity's own rate in force on a date: its base, changed by the latest dated change
 * on or before the date. A change may set null, hence the JSON wrapping that tells
 * "changed to null" from "no change".
 */
export function activityRateOn(date: string) {
  return sql<number | null>`((coalesce(
    (select jsonb_build_object('rate', r.rate_cents) from activity_type_rates r
      where r.organization_id = ${activityTypes.organizationId} and r.activity_type_id = ${activityTypes.id}
        and r.effective_from <= ${date}::date
      order by r.effective_from desc limit 1),
    jsonb_build_object('rate', ${activityTypes.defaultRateCents})) ->> 'rate')::int)`;
}

export function activityTypeViewOf(row: typeof activityTypes.$inferSelect, rateToday: number | null): ActivityTypeView {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    default_rate_cents: rateToday,
    billable: row.billable,
    active: row.active,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
