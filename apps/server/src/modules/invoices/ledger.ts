import type { Tx } from '../../db/client';
import { arLedger, type LedgerKind } from '../../db/schema/index';

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

/** Appends one AR journal row in the caller's transaction: it stands or falls with the change it records. */
export async function appendLedger(tx: Tx, row: LedgerRow): Promise<void> {
  await tx.insert(arLedger).values({
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
}
