import { sql } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { offsetOf, pageOf, type Page } from '../records/pagination';
import { loadTimeSettings } from '../time-entries/organization-settings';
import {
  activityLogEntry,
  type ActivityLogBatch,
  type ActivityLogEntry,
  type ActivityLogQuery,
} from './activity-log-schema';

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * POST /api/activity-logs: each activity is checked on its own; the valid ones are stored for
 * the signed-in user's organization with the request's address, the others only counted
 * (a tracker's batch is not all or nothing: one malformed click must not lose the other four).
 */
export async function recordActivities(
  db: Db,
  actor: SessionUser,
  batch: ActivityLogBatch,
  ipAddress: string,
): Promise<{ logged_count: number; failed_count: number }> {
  const valid: ActivityLogEntry[] = [];
  for (const activity of batch.activities) {
    const parsed = activityLogEntry.safeParse(activity);
    if (parsed.success) valid.push(parsed.data);
  }
  if (valid.length > 0) {
    await withTenant(db, actor.organizationId, async (tx) => {
      const rows = valid.map(
        (entry) => sql`(
          ${actor.organizationId}, ${actor.id}, ${entry.session_id ?? batch.batch_info.session_id}, ${entry.activity_type},
          ${entry.activity_category ?? null}, ${entry.activity_name ?? null}, ${entry.page_url ?? null},
          ${entry.page_title ?? null}, ${entry.referrer_url ?? null}, ${entry.page_load_time ?? null},
          ${jsonOrNull(entry.browser_info)}::jsonb, ${jsonOrNull(entry.device_info)}::jsonb,
          ${entry.element_selector ?? null}, ${entry.element_text ?? null},
          ${jsonOrNull(entry.element_attributes)}::jsonb, ${jsonOrNull(entry.element_position)}::jsonb,
          ${jsonOrNull(entry.extra_data)}::jsonb, ${jsonOrNull(entry.error_details)}::jsonb,
          ${entry.response_time ?? null}, ${ipAddress}, ${entry.client_timestamp ?? null}::timestamptz
        )`,
      );
      await tx.execute(sql`
        insert into activity_logs (
          organization_id, user_id, session_id, activity_type, activity_category, activity_name, page_url,
          page_title, referrer_url, page_load_time, browser_info, device_info, element_selector, element_text,
          element_attributes, element_position, extra_data, error_details, response_time, ip_address,
          client_timestamp
        ) values ${sql.join(rows, sql`, `)}
      `);
    });
  }
  return { logged_count: valid.length, failed_count: batch.activities.length - valid.length };
}

type LogRow = Record<string, unknown> & { id: string | number; created_at: string | Date; total: string | number };

/** GET /api/activity-logs: the organization's log, newest first; from and to are days in the firm's zone. */
export async function listActivities(
  db: Db,
  actor: SessionUser,
  query: ActivityLogQuery,
): Promise<Page<Record<string, unknown>>> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const { timeZone } = await loadTimeSettings(tx, actor.organizationId);
    const conditions = [sql`a.organization_id = ${actor.organizationId}`];
    if (query.user_id !== undefined) conditions.push(sql`a.user_id = ${query.user_id}`);
    if (query.activity_type) conditions.push(sql`a.activity_type = ${query.activity_type}`);
    if (query.from) conditions.push(sql`a.created_at >= (${query.from}::date::timestamp at time zone ${timeZone})`);
    if (query.to) {
      conditions.push(sql`a.created_at < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
    }
    const result = (await tx.execute(sql`
      select a.*, u.username, trim(u.first_name || ' ' || u.last_name) as user_name, count(*) over () as total
      from activity_logs a
      join users u on u.organization_id = a.organization_id and u.id = a.user_id
      where ${sql.join(conditions, sql` and `)}
      order by a.created_at desc, a.id desc
      limit ${query.page_size} offset ${offsetOf(query)}
    `)) as unknown as { rows: LogRow[] };
    const items = result.rows.map(({ total: _total, ...row }) => ({
      ...row,
      id: Number(row.id),
      user: { id: row.user_id, username: row.username, name: row.user_name || row.username },
      created_at: new Date(row.created_at).toISOString(),
      client_timestamp: row.client_timestamp ? new Date(row.client_timestamp as string).toISOString() : null,
    }));
    const total = Number(result.rows[0]?.total ?? 0);
    return pageOf(items, total, query);
  });
}
