import { and, asc, eq } from 'drizzle-orm';
import {
  invoiceBalanceCents,
  invoiceDisplayStatus,
  type InvoiceFirmHeader,
  type InvoiceHistoryEntry,
  type InvoiceItem,
  type InvoiceLayout,
  type InvoiceLine,
  type InvoiceStatus,
  type InvoiceView,
} from '@practice/shared';
import type { Tx } from '../../db/client';
import { clients, invoiceLines, invoiceNumberSequences, invoices, organizations, users } from '../../db/schema/index';
import { logoUrlOf } from '../organization-settings/settings.service';
import { notFound } from '../../lib/errors';
import { displayName } from '../records/user-lookup';
import { creditsOf, loadInvoiceHistory } from './invoice-history';

export const INVOICE_NOT_FOUND = 'Invoice not found';

export type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLines.$inferSelect;
export type LineWithUser = { line: LineRow; user: { firstName: string; lastName: string; username: string } | null };

/** The portal address printed with the access code (issue 14 serves it). */
export function portalUrl(publicUrl: string, subdomain: string, accessCode: string): string {
  return `${publicUrl.replace('{org}', subdomain).replace(/\/$/, '')}/client-portal/${accessCode}`;
}

export function itemOf({ line, user }: LineWithUser): InvoiceItem {
  return {
    kind: line.kind as InvoiceItem['kind'],
    time_entry_id: line.timeEntryId,
    expense_id: line.expenseId,
    item_date: line.itemDate,
    description: line.description,
    activity: line.kind === 'time' ? line.groupLabel : null,
    user: user && line.userId ? { id: line.userId, name: displayName(user) } : null,
    minutes: line.minutes,
    rate_cents: line.rateCents,
    standard_cents: line.standardCents,
    amount_cents: line.amountCents,
    write_cents: line.amountCents - line.standardCents,
    write_reason: line.writeReason,
    write_reason_id: line.writeReasonId,
  };
}

/** Detail: one line per item. Summary: one line per activity for time, expenses and fees as they are. */
export function linesOf(items: InvoiceItem[], layout: InvoiceLayout, taxRateBp: number, taxCents: number) {
  const lines: InvoiceLine[] = [];
  if (layout === 'summary') {
    const byActivity = new Map<string, InvoiceLine>();
    for (const item of items.filter((candidate) => candidate.kind === 'time')) {
      const key = item.activity ?? '';
      const line = byActivity.get(key) ?? {
        kind: 'time' as const,
        description: key,
        minutes: 0,
        standard_cents: 0,
        amount_cents: 0,
        write_cents: 0,
      };
      line.minutes = (line.minutes ?? 0) + (item.minutes ?? 0);
      line.standard_cents = (line.standard_cents ?? 0) + item.standard_cents;
      line.amount_cents += item.amount_cents;
      line.write_cents = (line.write_cents ?? 0) + item.write_cents;
      byActivity.set(key, line);
    }
    lines.push(...byActivity.values());
  } else {
    for (const item of items.filter((candidate) => candidate.kind === 'time')) {
      lines.push({
        kind: 'time',
        description: item.description ? `${item.activity}: ${item.description}` : (item.activity ?? ''),
        minutes: item.minutes ?? 0,
        standard_cents: item.standard_cents,
        amount_cents: item.amount_cents,
        write_cents: item.write_cents,
        time_entry_id: item.time_entry_id ?? undefined,
        item_date: item.item_date ?? undefined,
        user: item.user ?? undefined,
        write_reason: item.write_reason,
      });
    }
  }
  for (const item of items.filter((candidate) => candidate.kind !== 'time')) {
    lines.push({
      kind: item.kind,
      description: item.description,
      amount_cents: item.amount_cents,
      ...(item.kind === 'expense'
        ? { expense_id: item.expense_id ?? undefined, item_date: item.item_date ?? undefined }
        : {}),
    });
  }
  if (taxRateBp > 0) {
    lines.push({ kind: 'tax', description: `Tax ${(taxRateBp / 100).toFixed(2)}%`, amount_cents: taxCents });
  }
  return lines;
}

async function loadInvoiceLines(tx: Tx, organizationId: number, invoiceId: number): Promise<InvoiceItem[]> {
  const rows = await tx
    .select({
      line: invoiceLines,
      user: { firstName: users.firstName, lastName: users.lastName, username: users.username },
    })
    .from(invoiceLines)
    .leftJoin(users, and(eq(users.organizationId, invoiceLines.organizationId), eq(users.id, invoiceLines.userId)))
    .where(and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.position));
  return rows.map(itemOf);
}

/** The number the next issue would take, read without locking the sequence. */
async function nextNumberPreview(tx: Tx, organizationId: number): Promise<string> {
  const [row] = await tx
    .select({ prefix: organizations.invoicePrefix, next: invoiceNumberSequences.nextNumber })
    .from(organizations)
    .leftJoin(invoiceNumberSequences, eq(invoiceNumberSequences.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return `${row?.prefix ?? ''}${row?.next ?? 1}`;
}

export type ViewContext = { publicUrl: string; subdomain: string };
type ClientOfView = { code: string; legalName: string; invoiceEmail: string | null };
export type FirmOfView = {
  name: string;
  subdomain: string;
  logoFile: string | null;
  remitTo: string;
  invoiceFooter: string;
};

export const firmOfViewColumns = {
  name: organizations.name,
  subdomain: organizations.subdomain,
  logoFile: organizations.logoFile,
  remitTo: organizations.remitTo,
  invoiceFooter: organizations.invoiceFooter,
};

/** The firm's header every invoice answer carries (the issue's answer reads it apart: its start does not). */
export async function readFirmOfView(tx: Tx, organizationId: number): Promise<FirmOfView> {
  const [firm] = await tx.select(firmOfViewColumns).from(organizations).where(eq(organizations.id, organizationId));
  if (!firm) throw notFound(INVOICE_NOT_FOUND);
  return firm;
}

export function firmHeaderOf(firm: FirmOfView): InvoiceFirmHeader {
  return {
    name: firm.name,
    logo_url: logoUrlOf(firm.subdomain, firm.logoFile),
    remit_to: firm.remitTo,
    invoice_footer: firm.invoiceFooter,
  };
}

/**
 * The invoice as GET /invoices/{id} answers it, from its row, client and firm at hand (a call
 * that just wrote the row does not read it back): the lines, with their users' names, what
 * reduced its balance and a draft's next number are read.
 */
export async function invoiceViewFrom(
  tx: Tx,
  invoice: InvoiceRow,
  client: ClientOfView,
  firm: FirmOfView,
  context: ViewContext,
): Promise<InvoiceView> {
  const items = await loadInvoiceLines(tx, invoice.organizationId, invoice.id);
  const history = invoice.status === 'draft' ? [] : await loadInvoiceHistory(tx, invoice.organizationId, invoice.id);
  const view = invoiceViewOf(invoice, client, items, { ...context, firm: firmHeaderOf(firm), history });
  if (view.status === 'draft') view.next_number = await nextNumberPreview(tx, invoice.organizationId);
  return view;
}

export async function loadInvoiceView(
  tx: Tx,
  organizationId: number,
  invoiceId: number,
  context: ViewContext,
): Promise<InvoiceView> {
  const [row] = await tx
    .select({
      invoice: invoices,
      client: { code: clients.code, legalName: clients.legalName, invoiceEmail: clients.invoiceEmail },
      firm: firmOfViewColumns,
    })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.organizationId, invoices.organizationId), eq(clients.id, invoices.clientId)))
    .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return invoiceViewFrom(tx, row.invoice, row.client, row.firm, context);
}

/** What a view is built with beside the invoice's own rows: where the portal is, the firm's header, the balance's history. */
export type ViewParts = ViewContext & { firm: InvoiceFirmHeader; history: InvoiceHistoryEntry[] };

export function invoiceViewOf(
  invoice: InvoiceRow,
  client: { code: string; legalName: string; invoiceEmail: string | null },
  items: InvoiceItem[],
  context: ViewParts,
): InvoiceView {
  const layout = invoice.layout as InvoiceLayout;
  const accessCode = invoice.status === 'draft' ? null : invoice.accessCode;
  const status = invoice.status as InvoiceStatus;
  const money = {
    status,
    total_cents: invoice.totalCents,
    applied_cents: invoice.appliedCents,
    credited_cents: invoice.creditedCents,
  };
  return {
    id: invoice.id,
    number: invoice.number,
    client_id: invoice.clientId,
    client: {
      id: invoice.clientId,
      client_id: client.code,
      legal_name: client.legalName,
      invoice_email: client.invoiceEmail,
    },
    status,
    display_status: invoiceDisplayStatus({ ...money, ...creditsOf(context.history) }),
    issue_date: invoice.issueDate,
    due_date: invoice.dueDate,
    terms_days: invoice.termsDays,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    layout,
    lines: linesOf(items, layout, invoice.taxRateBp, invoice.taxCents),
    items,
    subtotal_cents: invoice.subtotalCents,
    tax_rate_bp: invoice.taxRateBp,
    tax_cents: invoice.taxCents,
    total_cents: invoice.totalCents,
    applied_cents: invoice.appliedCents,
    credited_cents: invoice.creditedCents,
    balance_cents: invoiceBalanceCents(money),
    payment_history: context.history,
    write_cents: items.reduce((sum, item) => sum + item.write_cents, 0),
    standard_cents: items.reduce((sum, item) => sum + item.standard_cents, 0),
    narrative: invoice.narrative,
    invoice_text_id: invoice.invoiceTextId,
    access_code: accessCode,
    portal_url: accessCode ? portalUrl(context.publicUrl, context.subdomain, accessCode) : null,
    next_number: null,
    organization: context.firm,
    void_reason: invoice.voidReason,
    issued_at: invoice.issuedAt?.toISOString() ?? null,
    voided_at: invoice.voidedAt?.toISOString() ?? null,
    version: invoice.version,
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}

/** The audit snapshot of an invoice's own fields. */
export function invoiceSnapshot(invoice: InvoiceRow) {
  return {
    number: invoice.number,
    client_id: invoice.clientId,
    status: invoice.status,
    issue_date: invoice.issueDate,
    due_date: invoice.dueDate,
    layout: invoice.layout,
    tax_rate_bp: invoice.taxRateBp,
    subtotal_cents: invoice.subtotalCents,
    tax_cents: invoice.taxCents,
    total_cents: invoice.totalCents,
    applied_cents: invoice.appliedCents,
    credited_cents: invoice.creditedCents,
    narrative: invoice.narrative,
    void_reason: invoice.voidReason,
    version: invoice.version,
  };
}

/** Status of an issued invoice from its balance (ADR 0110). */
export function statusForBalance(totalCents: number, appliedCents: number, creditedCents: number): InvoiceStatus {
  const balance = totalCents - appliedCents - creditedCents;
  if (balance === 0) return 'paid';
  return appliedCents + creditedCents > 0 ? 'partial' : 'pending';
}
