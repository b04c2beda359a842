import { and, asc, count, eq, isNull, lt } from 'drizzle-orm';
import { emptyFullRole } from '@practice/shared';
import { withTenant, type Db } from '../client';
import { clients, expenses, invoices, organizations, timeEntries, users } from '../schema/index';
import { addDays } from '../../modules/invoices/billing-settings';
import { createDraft, type InvoiceCaller } from '../../modules/invoices/invoice-drafts.service';
import { issueInvoice } from '../../modules/invoices/invoice-issue.service';
import { createInvoiceText } from '../../modules/invoices/invoice-texts.service';
import { dateInZone } from '../../modules/time-entries/calendar';
import { DEMO_ACTIVITY } from './demo-activity-plan';

export const DEMO_INVOICE_TEXTS = [
  {
    name: 'Standard services',
    body: 'Professional services rendered for {client_name} ({client_id}) during {period}. Thank you for your business.\n{firm_name}',
  },
  {
    name: 'Tax season',
    body: 'Preparation of your tax returns and related advice, {period}. The balance of {total} is due by {due_date}.',
  },
  { name: 'Monthly bookkeeping', body: 'Monthly bookkeeping and reconciliation for {client_name}, {period}.' },
];

/** Months of fixed-fee bookkeeping bills before the six weeks of recorded time. */
export const FIXED_FEE_MONTHS = 4;
export const FIXED_FEE_CLIENTS = 6;

export type SeededBilling = { subdomain: string; invoiceTexts: number; invoices: number };

/**
 * The demo firms' invoice texts and a history of issued invoices (issue 12), made through the
 * billing services so every invoice has its lines, number, ledger debit and audit row:
 * monthly fixed-fee bookkeeping bills for the months before the recorded time, then each
 * client's completed work older than two weeks billed in two fortnightly runs. Newer work
 * stays in WIP. A firm that already has invoices is left as it is.
 */
export async function seedDemoBilling(db: Db, options: { now: Date; publicUrl: string }): Promise<SeededBilling[]> {
  const seeded: SeededBilling[] = [];
  for (const plan of DEMO_ACTIVITY) {
    const [firm] = await db
      .select({ id: organizations.id, timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.subdomain, plan.subdomain));
    if (!firm) continue;
    const biller = plan.partners[0]!;
    const state = await withTenant(db, firm.id, async (tx) => {
      const [existing] = await tx.select({ count: count() }).from(invoices).where(eq(invoices.organizationId, firm.id));
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, firm.id), eq(users.username, biller)));
      const book = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.organizationId, firm.id), eq(clients.status, 'active')))
        .orderBy(asc(clients.id));
      return { hasInvoices: (existing?.count ?? 0) > 0, userId: user?.id, clientIds: book.map((row) => row.id) };
    });
    if (state.hasInvoices || !state.userId || state.clientIds.length === 0) continue;
    const caller: InvoiceCaller = {
      actor: { id: state.userId, organizationId: firm.id, username: biller, csrf: '', fullRole: emptyFullRole() },
      publicUrl: options.publicUrl,
    };
    const texts = [];
    for (const text of DEMO_INVOICE_TEXTS) texts.push(await createInvoiceText(db, caller.actor, text));
    const today = dateInZone(options.now, firm.timeZone);
    let made = 0;

    const bookkeeping = state.clientIds.slice(0, FIXED_FEE_CLIENTS);
    for (let month = FIXED_FEE_MONTHS + 1; month >= 2; month -= 1) {
      const issueDate = `${addMonths(today, -month).slice(0, 7)}-28`;
      for (const [index, clientId] of bookkeeping.entries()) {
        const draft = await createDraft(db, caller, {
          client_id: clientId,
          time_entry_ids: [],
          expense_ids: [],
          issue_date: issueDate,
          fixed_fees: [{ description: 'Monthly bookkeeping', amount_cents: 45_000 + index * 5_000 }],
          invoice_text_id: texts[2]!.id,
        });
        await issueInvoice(db, caller, draft.id);
        made += 1;
      }
    }

    // Two fortnightly billing runs over the work older than two weeks.
    const cutoff = addDays(today, -14);
    for (const runEnd of [addDays(cutoff, -14), cutoff]) {
      for (const [index, clientId] of state.clientIds.entries()) {
        const work = await withTenant(db, firm.id, async (tx) => {
          const entries = await tx
            .select({ id: timeEntries.id, amountCents: timeEntries.amountCents })
            .from(timeEntries)
            .where(
              and(
                eq(timeEntries.organizationId, firm.id),
                eq(timeEntries.clientId, clientId),
                eq(timeEntries.status, 'completed'),
                eq(timeEntries.billable, true),
                isNull(timeEntries.invoiceId),
                lt(timeEntries.entryDate, runEnd),
              ),
            );
          const spent = await tx
            .select({ id: expenses.id })
            .from(expenses)
            .where(
              and(
                eq(expenses.organizationId, firm.id),
                eq(expenses.clientId, clientId),
                eq(expenses.status, 'completed'),
                eq(expenses.billable, true),
                isNull(expenses.invoiceId),
                lt(expenses.expenseDate, runEnd),
              ),
            );
          return { entries, spent };
        });
        if (work.entries.length === 0 && work.spent.length === 0) continue;
        const standard = work.entries.reduce((sum, entry) => sum + entry.amountCents, 0);
        // Every fifth bill is written down 10% as a courtesy, every seventh up 5%: realization worth reading.
        const bill =
          work.entries.length === 0
            ? undefined
            : index % 5 === 0
              ? Math.round(standard * 0.9)
              : index % 7 === 0
                ? Math.round(standard * 1.05)
                : undefined;
        const draft = await createDraft(db, caller, {
          client_id: clientId,
          time_entry_ids: work.entries.map((entry) => entry.id),
          expense_ids: work.spent.map((expense) => expense.id),
          issue_date: runEnd,
          bill_cents: bill,
          write_reason: bill !== undefined && bill < standard ? 'Courtesy discount' : undefined,
          invoice_text_id: texts[index % 2]!.id,
          layout: index % 3 === 0 ? 'detail' : 'summary',
        });
        await issueInvoice(db, caller, draft.id);
        made += 1;
      }
    }
    seeded.push({ subdomain: plan.subdomain, invoiceTexts: texts.length, invoices: made });
  }
  return seeded;
}

function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const total = year * 12 + (month - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}
