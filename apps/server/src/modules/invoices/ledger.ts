import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arLedger, type LedgerKind } from '../../db/schema/index';
import { auditInsert, type AuditEntry } from '../audit/audit';

export type LedgerRow = {
  organizationId: number;
  clientId: number;
  entryDate: string;
  kind: LedgerKind;
  invoiceId?: number | null;
  adjustmentId?: number | null;
  paymentId?: number | null;
  refundId?: number | null;
  document: string;
  debitCents?: number;
  creditCents?: number;
  memo?: string;
  createdBy: number | null;
};

/**
 * Appends one AR journal row in the caller's transaction: it stands or falls with the change it
 * records. With an audit entry, the audit row goes in the same statement: one round trip, and
 * neither table has a trigger that the other's write must follow.
 */
export async function appendLedger(tx: Tx, row: LedgerRow, audit?: AuditEntry): Promise<void> {
  const ledgerInsert = tx.insert(arLedger).values({
    organizationId: row.organizationId,
    clientId: row.clientId,
    entryDate: row.entryDate,
    kind: row.kind,
    invoiceId: row.invoiceId ?? null,
    adjustmentId: row.adjustmentId ?? null,
    paymentId: row.paymentId ?? null,
    refundId: row.refundId ?? null,
    document: row.document,
    debitCents: row.debitCents ?? 0,
    creditCents: row.creditCents ?? 0,
    memo: row.memo ?? '',
    createdBy: row.createdBy,
  });
  if (!audit) {
    await ledgerInsert;
    return;
  }
  // As SQL, not as query builders: drizzle puts a builder in parentheses, where an INSERT may not stand.
  const statement = (query: SQLWrapper) => query.getSQL();
  await tx.execute(sql`with ledger_row as (${statement(ledgerInsert)}) ${statement(auditInsert(tx, audit))}`);
}
