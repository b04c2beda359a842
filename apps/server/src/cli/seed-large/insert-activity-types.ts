import type pg from 'pg';
import { ACTIVITY_CATALOG, rateSteps } from './activity-catalog';

export type RateChangeDays = { first: string; second: string };

/**
 * The firm's service codes, and for each rated one two dated rises (activity_type_rates):
 * default_rate_cents is the rate before the first change, as the rates module reads it.
 */
export async function insertActivityTypes(
  client: pg.ClientBase,
  organizationId: number,
  changes: RateChangeDays,
  createdAt: string,
): Promise<Map<string, number>> {
  const inserted = await client.query<{ id: number; code: string }>(
    `insert into activity_types (organization_id, name, code, default_rate_cents, billable, active, created_at, updated_at)
     select $1, a.name, a.code, a.rate, a.billable, a.active, $2::timestamptz, $2::timestamptz
     from unnest($3::text[], $4::text[], $5::int[], $6::boolean[], $7::boolean[]) as a(name, code, rate, billable, active)
     returning id, code`,
    [
      organizationId,
      createdAt,
      ACTIVITY_CATALOG.map((activity) => activity.name),
      ACTIVITY_CATALOG.map((activity) => activity.code),
      ACTIVITY_CATALOG.map((activity) => activity.rateCents),
      ACTIVITY_CATALOG.map((activity) => activity.billable),
      ACTIVITY_CATALOG.map((activity) => activity.active),
    ],
  );
  const ids = new Map(inserted.rows.map((row) => [row.code, row.id]));
  const rated = ACTIVITY_CATALOG.filter((activity) => activity.rateCents !== null);
  const rows = rated.flatMap((activity) => {
    const [, second, third] = rateSteps(activity.rateCents!);
    return [
      { id: ids.get(activity.code)!, day: changes.first, rate: second },
      { id: ids.get(activity.code)!, day: changes.second, rate: third },
    ];
  });
  await client.query(
    `insert into activity_type_rates (organization_id, activity_type_id, effective_from, rate_cents, created_at)
     select $1, r.id, r.day, r.rate, r.day::timestamptz from unnest($2::int[], $3::date[], $4::int[]) as r(id, day, rate)`,
    [organizationId, rows.map((row) => row.id), rows.map((row) => row.day), rows.map((row) => row.rate)],
  );
  return ids;
}
