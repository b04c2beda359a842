import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isoDate, recordIdText } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { offsetOf, pageOf, pageQuery, type Page } from '../records/pagination';
import { displayName } from '../records/user-lookup';
import { loadTimeSettings } from '../time-entries/organization-settings';
import { auditNames, recordKey, rowKeys } from './audit-names';

export const auditTrailQuery = z
  .object({
    ...pageQuery,
    entity: z.string().trim().max(50, 'Entity must be at most 50 characters').optional(),
    entity_id: z.string().trim().max(50, 'Entity id must be at most 50 characters').optional(),
    user_id: z.optional(recordIdText('User must be a user id')),
    from: z.optional(isoDate('From')),
    to: z.optional(isoDate('To')),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'From must be on or before To',
    path: ['from'],
  });
export type AuditTrailQuery = z.infer<typeof auditTrailQuery>;

export type AuditRow = {
  id: number;
  at: string;
  user: { id: number; name: string } | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  /** The record's number or name ("INV-55", "Acme Ltd (ACME)"), when the firm still has it. */
  record: string | null;
  /** The names of the records the row's ids point to, by "kind:id" ("client:25"). */
  names: Record<string, string>;
};

/** A trail that has grown large is counted up to this many rows; the pages still reach every row. */
const COUNT_CAP = 10_000;

/**
 * GET /audit-log: who changed what, newest first. Dates are whole days of the firm's time
 * zone. Rows are only read here: the database refuses to change or delete one (migration 0001).
 */
export async function listAuditTrail(
  db: Db,
  actor: SessionUser,
  query: AuditTrailQuery,
): Promise<Page<AuditRow> & { total_capped: boolean }> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const { timeZone } = await loadTimeSettings(tx, organizationId);
    const dayStart = (date: string) => sql`(${date}::date)::timestamp at time zone ${timeZone}`;
    const conditions: (SQL | undefined)[] = [
      eq(auditLog.organizationId, organizationId),
      query.entity ? eq(auditLog.entity, query.entity) : undefined,
      query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
      query.user_id ? eq(auditLog.userId, query.user_id) : undefined,
      query.from ? gte(auditLog.createdAt, dayStart(query.from)) : undefined,
      query.to ? lt(auditLog.createdAt, sql`${dayStart(query.to)} + interval '1 day'`) : undefined,
    ];
    const where = and(...conditions);
    const rows = await tx
      .select({ row: auditLog, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(auditLog)
      .leftJoin(users, and(eq(users.organizationId, auditLog.organizationId), eq(users.id, auditLog.userId)))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const capped = tx
      .select({ one: sql`1` })
      .from(auditLog)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('capped');
    const [counted] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(capped);
    const total = counted?.total ?? 0;
    const names = await auditNames(
      tx,
      organizationId,
      rows.map(({ row }) => row),
    );
    const items = rows.map(({ row, ...person }) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      user:
        row.userId !== null && person.username !== null
          ? { id: row.userId, name: displayName(person as { firstName: string; lastName: string; username: string }) }
          : null,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      before: row.before,
      after: row.after,
      record: names.get(recordKey(row) ?? '') ?? null,
      names: Object.fromEntries([...rowKeys(row)].flatMap((key) => (names.has(key) ? [[key, names.get(key)!]] : []))),
    }));
    return { ...pageOf(items, Math.min(total, COUNT_CAP), query), total_capped: total > COUNT_CAP };
  });
}
