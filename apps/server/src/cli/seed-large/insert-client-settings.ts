import type pg from 'pg';
import { ACTIVITY_CATALOG } from './activity-catalog';
import type { Bookmark, RateOverride, StoredClient } from './assignments';

/** Service codes a tax-only client may not be charged for (PRODUCT.md: a client enables a subset). */
const CODES_OUTSIDE_TAX = ACTIVITY_CATALOG.filter(
  (activity) => activity.line !== 'tax' && activity.line !== 'general',
).map((activity) => activity.code);

/** Tax-only clients get a disabled row for every service code outside the tax and general lines. */
export async function insertTaxOnlySubsets(
  client: pg.ClientBase,
  organizationId: number,
  clients: StoredClient[],
): Promise<number> {
  const result = await client.query(
    `insert into client_activity_types (organization_id, client_id, activity_type_id, enabled)
     select $1, c.id, a.id, false
     from unnest($2::int[]) as c(id)
     cross join activity_types a
     where a.organization_id = $1 and a.code = any($3::text[])`,
    [organizationId, clients.filter((entry) => entry.taxOnly).map((entry) => entry.id), CODES_OUTSIDE_TAX],
  );
  return result.rowCount ?? 0;
}

export async function insertRateOverrides(
  client: pg.ClientBase,
  organizationId: number,
  overrides: RateOverride[],
): Promise<number> {
  const result = await client.query(
    `insert into client_activity_rates (organization_id, client_id, activity_type_id, effective_from, rate_cents, created_at)
     select $1, o.client_id, a.id, o.effective_from, o.rate, o.effective_from::timestamptz
     from unnest($2::int[], $3::text[], $4::date[], $5::int[]) as o(client_id, code, effective_from, rate)
     join activity_types a on a.organization_id = $1 and a.code = o.code`,
    [
      organizationId,
      overrides.map((override) => override.clientId),
      overrides.map((override) => override.activityCode),
      overrides.map((override) => override.effectiveFrom),
      overrides.map((override) => override.rateCents),
    ],
  );
  return result.rowCount ?? 0;
}

export async function insertBookmarks(
  client: pg.ClientBase,
  organizationId: number,
  bookmarks: Bookmark[],
): Promise<number> {
  const result = await client.query(
    `insert into client_bookmarks (organization_id, user_id, client_id, created_at)
     select $1, b.user_id, b.client_id, b.created_at from unnest($2::int[], $3::int[], $4::timestamptz[])
       as b(user_id, client_id, created_at)`,
    [
      organizationId,
      bookmarks.map((bookmark) => bookmark.userId),
      bookmarks.map((bookmark) => bookmark.clientId),
      bookmarks.map((bookmark) => bookmark.createdAt),
    ],
  );
  return result.rowCount ?? 0;
}
