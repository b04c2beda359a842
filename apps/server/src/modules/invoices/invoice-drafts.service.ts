import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  spreadCents,
  WRITE_DOWN_REASON_REQUIRED,
  type InvoiceDraftInput,
  type InvoiceLayout,
  type InvoiceUpdateInput,
  type InvoiceView,
} from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { clients, expenses, invoiceLines, invoices, timeEntries, writeReasons } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { refuseAfterToday } from '../organizations/firm-today';
import { writeAudit } from '../audit/audit';
import { invalidField, notFoundField, staleVersion } from '../records/field-errors';
import { addDays, readBillingSettings, type BillingSettings } from './billing-settings';
import { expenseLineOf, insertLines, lockExpenseItems, lockTimeItems, timeLineOf, type NewLine } from './invoice-items';
import { findInvoiceText, INVOICE_TEXT_NOT_FOUND, narrativeFrom } from './invoice-texts.service';
import { INVOICE_NOT_FOUND, invoiceSnapshot, invoiceViewFrom, loadInvoiceView, type InvoiceRow } from './invoice-view';

export const ONLY_DRAFTS_CHANGE = 'Only a draft invoice can be changed; void it or issue a credit memo';
export const BILL_WITHOUT_TIME = 'A bill amount needs selected time entries';

export type InvoiceCaller = { actor: SessionUser; publicUrl: string };

/** Tax in cents, rounded half up, in BigInt so no product is inexact. */
export function taxOf(subtotalCents: number, taxRateBp: number): number {
  return Number((BigInt(subtotalCents) * BigInt(taxRateBp) + 5000n) / 10_000n);
}

type WriteInput = { bill_cents?: number; write_reason?: string; write_reason_id?: number | null };

async function checkedReasonId(tx: Tx, organizationId: number, id: number | null | undefined) {
  if (id === undefined || id === null) return null;
  const [row] = await tx
    .select({ id: writeReasons.id })
    .from(writeReasons)
    .where(and(eq(writeReasons.organizationId, organizationId), eq(writeReasons.id, id)));
  if (!row) throw notFoundField('write_reason_id', 'Reason not found');
  return row.id;
}

/**
 * The billed amount of each time line: the bill spread in proportion to standard value or to
 * minutes (the firm's rule), or each line's standard value when no bill amount is given.
 * A write-down needs a reason; the reason is kept on every line that differs.
 */
async function writtenTimeLines(
  tx: Tx,
  organizationId: number,
  settings: BillingSettings,
  lines: NewLine[],
  input: WriteInput,
): Promise<NewLine[]> {
  if (input.bill_cents === undefined) return lines;
  if (lines.length === 0) throw invalidField('bill_cents', BILL_WITHOUT_TIME);
  const standard = lines.reduce((sum, line) => sum + line.standardCents, 0);
  const reasonId = await checkedReasonId(tx, organizationId, input.write_reason_id);
  const reason = input.write_reason?.trim() ?? '';
  if (input.bill_cents < standard && !reason && reasonId === null) {
    throw invalidField('write_reason', WRITE_DOWN_REASON_REQUIRED);
  }
  const weights = lines.map((line) => (settings.writeSpread === 'hours' ? (line.minutes ?? 0) : line.standardCents));
  const amounts = spreadCents(input.bill_cents, weights);
  return lines.map((line, index) => {
    const amountCents = amounts[index]!;
    const differs = amountCents !== line.standardCents;
    return {
      ...line,
      amountCents,
      writeReason: differs && reason ? reason : null,
      writeReasonId: differs ? reasonId : null,
    };
  });
}

function periodOf(lines: NewLine[]): { start: string | null; end: string | null } {
  const dates = lines.map((line) => line.itemDate).filter((date): date is string => Boolean(date));
  dates.sort();
  return { start: dates[0] ?? null, end: dates[dates.length - 1] ?? null };
}

type Totals = { subtotalCents: number; taxCents: number; totalCents: number };

function totalsOf(lines: { amountCents: number }[], taxRateBp: number): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = taxOf(subtotalCents, taxRateBp);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

async function narrativeOf(
  tx: Tx,
  organizationId: number,
  textId: number,
  facts: Parameters<typeof narrativeFrom>[1],
): Promise<string> {
  const text = await findInvoiceText(tx, organizationId, textId);
  if (!text) throw notFoundField('invoice_text_id', INVOICE_TEXT_NOT_FOUND);
  return narrativeFrom(text.body, facts);
}

function fixedFeeLines(fees: { description: string; amount_cents: number }[]): NewLine[] {
  return fees.map((fee) => ({
    kind: 'fixed_fee',
    description: fee.description,
    standardCents: fee.amount_cents,
    amountCents: fee.amount_cents,
  }));
}

/** POST /invoices: a draft from WIP items; the items leave WIP (invoice_id set) until it is deleted or voided. */
export async function createDraft(db: Db, caller: InvoiceCaller, input: InvoiceDraftInput): Promise<InvoiceView> {
  const { actor } = caller;
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const [client] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, input.client_id)));
    if (!client) throw notFoundField('client_id', 'Client not found');
    const settings = await readBillingSettings(tx, organizationId);
    if (input.issue_date) refuseAfterToday(input.issue_date, settings.today, 'Invoice date', 'issue_date');
    const timeItems = await lockTimeItems(tx, organizationId, client.id, input.time_entry_ids);
    const expenseItems = await lockExpenseItems(tx, organizationId, client.id, input.expense_ids);
    const timeLines = await writtenTimeLines(
      tx,
      organizationId,
      settings,
      timeItems.map((item) => timeLineOf(item, item.entry.amountCents)),
      input,
    );
    const lines = [...timeLines, ...expenseItems.map(expenseLineOf), ...fixedFeeLines(input.fixed_fees ?? [])];
    const taxRateBp = input.tax_rate_bp ?? 0;
    const totals = totalsOf(lines, taxRateBp);
    const issueDate = input.issue_date ?? settings.today;
    const termsDays = client.paymentTermsDays;
    const dueDate = input.due_date ?? addDays(issueDate, termsDays);
    const period = periodOf(lines);
    const textId = input.invoice_text_id ?? null;
    const narrative =
      input.narrative ??
      (textId === null
        ? ''
        : await narrativeOf(tx, organizationId, textId, {
            clientName: client.legalName,
            clientCode: client.code,
            periodStart: period.start,
            periodEnd: period.end,
            issueDate,
            dueDate,
            totalCents: totals.totalCents,
            firmName: settings.name,
          }));
    const [invoice] = await tx
      .insert(invoices)
      .values({
        organizationId,
        clientId: client.id,
        status: 'draft',
        issueDate,
        dueDate,
        termsDays,
        periodStart: period.start,
        periodEnd: period.end,
        layout: input.layout ?? 'summary',
        invoiceTextId: textId,
        narrative,
        taxRateBp,
        ...totals,
        createdBy: actor.id,
      })
      .returning();
    await insertLines(tx, organizationId, invoice!.id, lines);
    await markItems(
      tx,
      organizationId,
      invoice!.id,
      timeItems.map((item) => item.entry.id),
      expenseItems.map((item) => item.id),
    );
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'create',
      entity: 'invoice',
      entityId: invoice!.id,
      after: { ...invoiceSnapshot(invoice!), time_entry_ids: input.time_entry_ids, expense_ids: input.expense_ids },
    });
    return invoiceViewFrom(tx, invoice!, client, settings, {
      publicUrl: caller.publicUrl,
      subdomain: settings.subdomain,
    });
  });
}

/** Links the items to the draft, so WIP, time edits and other drafts see them taken. */
async function markItems(tx: Tx, organizationId: number, invoiceId: number, timeIds: number[], expenseIds: number[]) {
  if (timeIds.length > 0) {
    await tx
      .update(timeEntries)
      .set({ invoiceId })
      .where(and(eq(timeEntries.organizationId, organizationId), inArray(timeEntries.id, timeIds)));
  }
  if (expenseIds.length > 0) {
    await tx
      .update(expenses)
      .set({ invoiceId })
      .where(and(eq(expenses.organizationId, organizationId), inArray(expenses.id, expenseIds)));
  }
}

/** Gives a draft's or a voided invoice's items back to WIP: completed, on no invoice. */
export async function releaseItems(tx: Tx, organizationId: number, invoiceId: number): Promise<void> {
  await tx
    .update(timeEntries)
    .set({ invoiceId: null, status: 'completed' })
    .where(and(eq(timeEntries.organizationId, organizationId), eq(timeEntries.invoiceId, invoiceId)));
  await tx
    .update(expenses)
    .set({ invoiceId: null, status: 'completed' })
    .where(and(eq(expenses.organizationId, organizationId), eq(expenses.invoiceId, invoiceId)));
}

/** The invoice locked for this transaction; another firm's is not found. */
export async function lockInvoice(tx: Tx, organizationId: number, invoiceId: number): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
    .for('update');
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

export async function getInvoice(db: Db, caller: InvoiceCaller, invoiceId: number): Promise<InvoiceView> {
  const organizationId = caller.actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const settings = await readBillingSettings(tx, organizationId);
    return loadInvoiceView(tx, organizationId, invoiceId, {
      publicUrl: caller.publicUrl,
      subdomain: settings.subdomain,
    });
  });
}

/** PUT /invoices/{id}: the draft's dates, text, fees, tax, layout and bill amount; a stale version is 409. */
export async function updateDraft(
  db: Db,
  caller: InvoiceCaller,
  invoiceId: number,
  input: InvoiceUpdateInput,
): Promise<InvoiceView> {
  const { actor } = caller;
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const current = await lockInvoice(tx, organizationId, invoiceId);
    if (current.status !== 'draft') throw new AppError(409, ONLY_DRAFTS_CHANGE);
    if (current.version !== input.version) throw staleVersion('invoice');
    const settings = await readBillingSettings(tx, organizationId);
    if (input.issue_date) refuseAfterToday(input.issue_date, settings.today, 'Invoice date', 'issue_date');
    const [client] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, current.clientId)));
    const existing = await tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, invoiceId)))
      .orderBy(asc(invoiceLines.position));
    const asNew = (line: typeof invoiceLines.$inferSelect): NewLine => {
      const {
        organizationId: _org,
        invoiceId: _invoice,
        id: _id,
        position: _position,
        writeCents: _write,
        ...rest
      } = line;
      return rest;
    };
    const existingTime = existing.filter((line) => line.kind === 'time').map(asNew);
    const timeLines =
      input.bill_cents === undefined
        ? existingTime
        : await writtenTimeLines(tx, organizationId, settings, existingTime, input);
    const expenseLines = existing.filter((line) => line.kind === 'expense').map(asNew);
    const feeLines =
      input.fixed_fees === undefined
        ? existing.filter((line) => line.kind === 'fixed_fee').map(asNew)
        : fixedFeeLines(input.fixed_fees);
    const lines = [...timeLines, ...expenseLines, ...feeLines];
    const taxRateBp = input.tax_rate_bp ?? current.taxRateBp;
    const totals = totalsOf(lines, taxRateBp);
    const issueDate = input.issue_date ?? current.issueDate ?? settings.today;
    const dueDate = input.due_date ?? (input.issue_date ? addDays(issueDate, current.termsDays) : current.dueDate)!;
    const textId = input.invoice_text_id === undefined ? current.invoiceTextId : input.invoice_text_id;
    const narrative =
      input.narrative ??
      (input.invoice_text_id
        ? await narrativeOf(tx, organizationId, input.invoice_text_id, {
            clientName: client!.legalName,
            clientCode: client!.code,
            periodStart: current.periodStart,
            periodEnd: current.periodEnd,
            issueDate,
            dueDate,
            totalCents: totals.totalCents,
            firmName: settings.name,
          })
        : current.narrative);
    // Lines of a draft are rewritten whole: simpler than diffing, and the items stay linked.
    await tx
      .delete(invoiceLines)
      .where(and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, invoiceId)));
    await insertLines(tx, organizationId, invoiceId, lines);
    const [updated] = await tx
      .update(invoices)
      .set({
        issueDate,
        dueDate,
        layout: (input.layout ?? current.layout) as InvoiceLayout,
        invoiceTextId: textId,
        narrative,
        taxRateBp,
        ...totals,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
      .returning();
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'invoice',
      entityId: invoiceId,
      before: invoiceSnapshot(current),
      after: invoiceSnapshot(updated!),
    });
    return invoiceViewFrom(tx, updated!, client!, settings, {
      publicUrl: caller.publicUrl,
      subdomain: settings.subdomain,
    });
  });
}

/** DELETE /invoices/{id}: drafts only; the items go back to WIP. */
export async function deleteDraft(db: Db, actor: SessionUser, invoiceId: number): Promise<void> {
  const organizationId = actor.organizationId;
  await withTenant(db, organizationId, async (tx) => {
    const current = await lockInvoice(tx, organizationId, invoiceId);
    if (current.status !== 'draft') throw new AppError(409, 'Only a draft invoice can be deleted; void it instead');
    await releaseItems(tx, organizationId, invoiceId);
    await tx.delete(invoices).where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)));
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'delete',
      entity: 'invoice',
      entityId: invoiceId,
      before: invoiceSnapshot(current),
    });
  });
}
