import { sql, type SQL } from 'drizzle-orm';
import { isoDate, recordIdText } from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Db, type Tx } from '../../db/client';
import { LEDGER_KINDS, type LedgerKind } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { offsetOf, pageOf, pageQuery, type Page } from '../records/pagination';
import { rowsOf } from './rows';

export const ledgerQuery = z.object({
  ...pageQuery,
  client_id: z.optional(recordIdText('Client must be a client id')),
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
  kind: z
    .enum(LEDGER_KINDS, {
      error: 'Kind must be invoice, payment, credit_memo, write_off, invoice_void, payment_void or refund',
    })
    .optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuery>;

export type LedgerEntryView = {
  id: number;
  entry_date: string;
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  kind: LedgerKind;
  document: string;
  invoice_id: number | null;
  payment_id: number | null;
  adjustment_id: number | null;
  refund_id: number | null;
  debit_cents: number;
  credit_cents: number;
  /** The client's balance after this row: every row of the client up to it, whatever the filters. */
  balance_cents: number;
  memo: string;
  created_at: string;
};

type Totals = { debit_cents: number; credit_cents: number; balance_cents: number };

type Row = {
  id: string;
  entry_date: string;
  client_id: number;
  code: string;
  legal_name: string;
  kind: LedgerKind;
  document: string;
  invoice_id: number | null;
  payment_id: number | null;
  adjustment_id: number | null;
  refund_id: number | null;
  debit_cents: string;
  credit_cents: string;
  balance_cents: string;
  memo: string;
  created_at: string;
};

export function filtersOf(organizationId: number, query: Pick<LedgerQuery, 'client_id' | 'from' | 'to' | 'kind'>): SQL {
  const parts: SQL[] = [sql`l.organization_id = ${organizationId}`];
  if (query.client_id) parts.push(sql`l.client_id = ${query.client_id}`);
  if (query.from) parts.push(sql`l.entry_date >= ${query.from}`);
  if (query.to) parts.push(sql`l.entry_date <= ${query.to}`);
  if (query.kind) parts.push(sql`l.kind = ${query.kind}`);
  return sql.join(parts, sql` and `);
}

/** A slice of the journal, oldest first, each row with its client's running balance. */
export async function ledgerEntries(tx: Tx, where: SQL, limit: number, offset: number): Promise<LedgerEntryView[]> {
  const page = await tx.execute(sql`
      select l.id::text as id, to_char(l.entry_date, 'YYYY-MM-DD') as entry_date, l.client_id, c.code,
        c.legal_name, l.kind, l.document, l.invoice_id, l.payment_id, l.adjustment_id, l.refund_id,
        l.debit_cents::text as debit_cents, l.credit_cents::text as credit_cents, l.memo,
        to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        (select sum(r.debit_cents - r.credit_cents) from ar_ledger r
          where r.organization_id = l.organization_id and r.client_id = l.client_id
            and (r.entry_date, r.id) <= (l.entry_date, l.id))::text as balance_cents
      from ar_ledger l
      join clients c on c.organization_id = l.organization_id and c.id = l.client_id
      where ${where}
      order by l.entry_date, l.id
      limit ${limit} offset ${offset}`);
  return rowsOf<Row>(page).map((row) => ({
    id: Number(row.id),
    entry_date: row.entry_date,
    client_id: row.client_id,
    client: { id: row.client_id, client_id: row.code, legal_name: row.legal_name },
    kind: row.kind,
    document: row.document,
    invoice_id: row.invoice_id,
    payment_id: row.payment_id,
    adjustment_id: row.adjustment_id,
    refund_id: row.refund_id,
    debit_cents: Number(row.debit_cents),
    credit_cents: Number(row.credit_cents),
    balance_cents: Number(row.balance_cents),
    memo: row.memo,
    created_at: row.created_at,
  }));
}

/**
 * GET /ledger: the AR journal oldest first (entry date, then id), each row with its client's
 * running balance, and `totals` of the filtered rows: debits, credits and their net
 * (`balance_cents`). `opening_balance_cents` is the balance before `from` of the chosen client
 * (or the firm), so opening + net is the closing balance when no kind is filtered.
 */
export async function readLedger(
  db: Db,
  actor: SessionUser,
  query: LedgerQuery,
): Promise<Page<LedgerEntryView> & { totals: Totals; opening_balance_cents: number }> {
  const organizationId = actor.organizationId;
  const where = filtersOf(organizationId, query);
  return withTenant(db, organizationId, async (tx) => {
    const items = await ledgerEntries(tx, where, query.page_size, offsetOf(query));
    const [summed] = rowsOf<{ total: number; debit: string; credit: string }>(
      await tx.execute(sql`
        select count(*)::int as total, coalesce(sum(l.debit_cents), 0)::text as debit,
          coalesce(sum(l.credit_cents), 0)::text as credit
        from ar_ledger l where ${where}`),
    );
    let opening = 0;
    if (query.from) {
      const before = rowsOf<{ cents: string }>(
        await tx.execute(sql`
          select coalesce(sum(l.debit_cents - l.credit_cents), 0)::text as cents from ar_ledger l
          where l.organization_id = ${organizationId} and l.entry_date < ${query.from}
            ${query.client_id ? sql`and l.client_id = ${query.client_id}` : sql``}`),
      );
      opening = Number(before[0]?.cents ?? 0);
    }
    const debit = Number(summed?.debit ?? 0);
    const credit = Number(summed?.credit ?? 0);
    return {
      ...pageOf(items, summed?.total ?? 0, query),
      totals: { debit_cents: debit, credit_cents: credit, balance_cents: debit - credit },
      opening_balance_cents: opening,
    };
  });
}
