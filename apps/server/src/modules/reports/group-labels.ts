import { sql, type SQL } from 'drizzle-orm';
import type { ReportGroup, ReportRow } from '@practice/shared';
import type { Tx } from '../../db/client';
import { rowsOf } from '../ledger/rows';

export const NO_ACTIVITY_LABEL = 'Expenses and fixed fees';
export const NO_PARTNER_LABEL = 'No responsible partner';
export const NO_STAFF_LABEL = 'No staff (fixed fees)';

/** A person's name as the pickers show it (ADR 0051): first and last name, else the username. */
export const personName = (alias: string): SQL =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`);

/**
 * The label of each group id the figures name, read once for the ids of the answer: a client's
 * code and name, a person's name, an activity's name; id 0 is "none".
 */
export async function labelRows(
  tx: Tx,
  organizationId: number,
  group: ReportGroup,
  ids: number[],
): Promise<Map<number, { label: string; code?: string }>> {
  const labels = new Map<number, { label: string; code?: string }>();
  const known = ids.filter((id) => id !== 0);
  if (group === 'partner') labels.set(0, { label: NO_PARTNER_LABEL });
  if (group === 'staff') labels.set(0, { label: NO_STAFF_LABEL });
  if (group === 'activity') labels.set(0, { label: NO_ACTIVITY_LABEL });
  if (known.length === 0) return labels;
  const idList = sql`(select unnest(${`{${known.join(',')}}`}::int[]))`;
  const statement =
    group === 'client'
      ? sql`select id, legal_name as label, code from clients where organization_id = ${organizationId} and id in ${idList}`
      : group === 'activity'
        ? sql`select id, name as label, null as code from activity_types where organization_id = ${organizationId} and id in ${idList}`
        : sql`select u.id, ${personName('u')} as label, null as code from users u where u.organization_id = ${organizationId} and u.id in ${idList}`;
  for (const row of rowsOf<{ id: number; label: string; code: string | null }>(await tx.execute(statement))) {
    labels.set(Number(row.id), { label: row.label, ...(row.code ? { code: row.code } : {}) });
  }
  return labels;
}

/** Rows from grouped figures computed in full here: labelled, numbers as numbers (report-page.ts sorts them). */
export async function labelled(
  tx: Tx,
  organizationId: number,
  group: ReportGroup,
  figures: Array<Record<string, unknown> & { group_id: number | string }>,
): Promise<ReportRow[]> {
  const labels = await labelRows(
    tx,
    organizationId,
    group,
    figures.map((row) => Number(row.group_id)),
  );
  return figures.map((row) => {
    const id = Number(row.group_id);
    const label = labels.get(id) ?? { label: `#${id}` };
    const values: Record<string, number | null> = {};
    for (const [name, value] of Object.entries(row)) {
      if (name !== 'group_id') values[name] = value === null ? null : Number(value);
    }
    return { group, id, ...label, ...values } as ReportRow;
  });
}
