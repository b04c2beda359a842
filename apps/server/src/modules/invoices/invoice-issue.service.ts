import { and, eq } from 'drizzle-orm';
import {
  formatMoney,
  UNAPPLY_PAYMENTS_FIRST,
  type InvoiceAdjustmentInput,
  type InvoiceAdjustmentView,
  type InvoiceView,
} from '@practice/shared';
import { withTenant, withTenantClosing, type Db } from '../../db/client';
import { invoiceAdjustments, invoiceLines, invoices } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { refuseAfterToday } from '../organizations/firm-today';
import { writeAudit } from '../audit/audit';
import { accessCodeDigest, newAccessCode } from './access-code';
import { readBillingSettings } from './billing-settings';
import { releaseItems, type InvoiceCaller } from './invoice-drafts.service';
import { lockClientThenInvoice } from './invoice-money-lock';
import { startIssue } from './invoice-issue-start';
import { numberedIssue, type IssueFields } from './invoice-numbering';
import {
  firmHeaderOf,
  invoiceSnapshot,
  invoiceViewOf,
  loadInvoiceView,
  readFirmOfView,
  statusForBalance,
  type InvoiceRow,
} from './invoice-view';
import { appendLedger } from './ledger';

export const ALREADY_ISSUED = 'This invoice is already issued';
export const ALREADY_VOID = 'This invoice is void';
export const NOTHING_TO_ISSUE = 'An invoice of $0.00 cannot be issued';
export const DRAFT_NOT_VOIDED = 'A draft is deleted, not voided';
export const NOT_ISSUED = 'Only an issued invoice can be credited or written off';

/** Today, or the invoice's date when that is later: a credit is never dated before the debit it answers, so no "as of" date sees it alone. */
function laterOf(today: string, issueDate: string | null): string {
  return issueDate && issueDate > today ? issueDate : today;
}

/**
 * POST /invoices/{id}/issue: number, access code, items billed, ledger debit and audit row, in one transaction.
 * The number's row lock queues every issue of the firm until commit, so everything that does not
 * need the number (items billed, the client and lines for the answer) is done before taking it,
 * and the answer is built from what is at hand rather than read again (ADR 0112).
 */
export async function issueInvoice(db: Db, caller: InvoiceCaller, invoiceId: number): Promise<InvoiceView> {
  const { actor } = caller;
  const organizationId = actor.organizationId;
  return withTenantClosing(db, organizationId, async (tx) => {
    const { client, invoice: current, billed } = await startIssue(tx, invoiceId);
    if (current.status === 'void') throw new AppError(409, ALREADY_VOID);
    if (current.status !== 'draft') throw new AppError(409, ALREADY_ISSUED);
    if (!billed) throw new AppError(409, NOTHING_TO_ISSUE);
    const { items, firm } = billed;
    // A draft dated ahead (saved before ADR 0200 refused that) is issued on its day, not before.
    if (current.issueDate) refuseAfterToday(current.issueDate, firm.today, 'Invoice date', 'issue_date');
    // Read before the number is taken, so the sequence's lock is not held for it; the answer
    // carries the firm's header like every invoice answer (a screen showing this answer
    // showed the invoice without it).
    const header = firmHeaderOf(await readFirmOfView(tx, organizationId));
    const accessCode = newAccessCode();
    const issuedAt = new Date();
    const fields: IssueFields = {
      issueDate: current.issueDate ?? firm.today,
      accessCode,
      accessCodeDigest: accessCodeDigest(accessCode),
      issuedAt,
      issuedBy: actor.id,
      version: current.version + 1,
      updatedAt: issuedAt,
    };
    return {
      statement: numberedIssue(current, firm.invoicePrefix, fields),
      answer: ([row]) => {
        const issued: InvoiceRow = {
          ...current,
          ...fields,
          status: 'pending',
          number: String(row!.number),
          numberSeq: Number(row!.number_seq),
        };
        return invoiceViewOf(issued, client, items, {
          publicUrl: caller.publicUrl,
          subdomain: firm.subdomain,
          firm: header,
          history: [],
        });
      },
    };
  });
}

/**
 * POST /invoices/{id}/void: a reversing ledger credit of what was still owed (total less
 * credit memos and write-offs), the lines released and the items back in WIP.
 */
export async function voidInvoice(db: Db, caller: InvoiceCaller, invoiceId: number, reason: string) {
  const { actor } = caller;
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const { invoice: current } = await lockClientThenInvoice(tx, organizationId, invoiceId);
    if (current.status === 'draft') throw new AppError(409, DRAFT_NOT_VOIDED);
    if (current.status === 'void') throw new AppError(409, ALREADY_VOID);
    if (current.appliedCents > 0) throw new AppError(409, UNAPPLY_PAYMENTS_FIRST);
    const settings = await readBillingSettings(tx, organizationId);
    // Items first, as an issue takes them (time entries' WIP lock of the client, then the
    // invoice's rollups): the other order let a void and an issue of one client deadlock.
    await releaseItems(tx, organizationId, invoiceId);
    const [voided] = await tx
      .update(invoices)
      .set({
        status: 'void',
        voidReason: reason,
        voidedAt: new Date(),
        voidedBy: actor.id,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
      .returning();
    await tx
      .update(invoiceLines)
      .set({ released: true })
      .where(and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, invoiceId)));
    const owed = current.totalCents - current.creditedCents;
    const voidDate = laterOf(settings.today, current.issueDate);
    if (owed > 0) {
      await appendLedger(tx, {
        organizationId,
        clientId: current.clientId,
        entryDate: voidDate,
        kind: 'invoice_void',
        invoiceId,
        document: current.number ?? '',
        creditCents: owed,
        memo: reason,
        createdBy: actor.id,
      });
    }
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'void',
      entity: 'invoice',
      entityId: invoiceId,
      before: invoiceSnapshot(current),
      after: invoiceSnapshot(voided!),
    });
    return loadInvoiceView(tx, organizationId, invoiceId, {
      publicUrl: caller.publicUrl,
      subdomain: settings.subdomain,
    });
  });
}

/** POST /invoices/{id}/credit-memo and /write-off: a ledger credit of at most the balance. */
export async function adjustInvoice(
  db: Db,
  caller: InvoiceCaller,
  invoiceId: number,
  kind: 'credit_memo' | 'write_off',
  input: InvoiceAdjustmentInput,
): Promise<InvoiceAdjustmentView> {
  const { actor } = caller;
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const { invoice: current } = await lockClientThenInvoice(tx, organizationId, invoiceId);
    if (current.status === 'draft' || current.status === 'void') throw new AppError(409, NOT_ISSUED);
    const balance = current.totalCents - current.appliedCents - current.creditedCents;
    if (input.amount_cents > balance) {
      const message = `The amount is more than the balance of ${formatMoney(balance, { decimals: true })}`;
      throw new AppError(422, message, { amount_cents: message });
    }
    const settings = await readBillingSettings(tx, organizationId);
    const adjustmentDate = laterOf(settings.today, current.issueDate);
    const [adjustment] = await tx
      .insert(invoiceAdjustments)
      .values({
        organizationId,
        invoiceId,
        clientId: current.clientId,
        kind,
        adjustmentDate,
        amountCents: input.amount_cents,
        reason: input.reason,
        createdBy: actor.id,
      })
      .returning();
    const creditedCents = current.creditedCents + input.amount_cents;
    const [updated] = await tx
      .update(invoices)
      .set({
        creditedCents,
        status: statusForBalance(current.totalCents, current.appliedCents, creditedCents),
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
      .returning();
    await appendLedger(tx, {
      organizationId,
      clientId: current.clientId,
      entryDate: adjustmentDate,
      kind,
      invoiceId,
      adjustmentId: adjustment!.id,
      document: current.number ?? '',
      creditCents: input.amount_cents,
      memo: input.reason,
      createdBy: actor.id,
    });
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: kind,
      entity: 'invoice',
      entityId: invoiceId,
      before: invoiceSnapshot(current),
      after: { ...invoiceSnapshot(updated!), adjustment_id: adjustment!.id, reason: input.reason },
    });
    return {
      id: adjustment!.id,
      invoice_id: invoiceId,
      kind,
      adjustment_date: adjustment!.adjustmentDate,
      amount_cents: adjustment!.amountCents,
      reason: adjustment!.reason,
      invoice: await loadInvoiceView(tx, organizationId, invoiceId, {
        publicUrl: caller.publicUrl,
        subdomain: settings.subdomain,
      }),
    };
  });
}
