import { and, asc, eq, sql } from 'drizzle-orm';
import {
  fillInvoiceText,
  formatDate,
  formatMoney,
  type InvoiceTextInput,
  type InvoiceTextUpdateInput,
  type InvoiceTextView,
} from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { invoiceTexts } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflictField, staleVersion } from '../records/field-errors';

export const INVOICE_TEXT_NOT_FOUND = 'Invoice text not found';
export const INVOICE_TEXT_NAME_TAKEN = 'Another invoice text has this name';

type TextRow = typeof invoiceTexts.$inferSelect;

function viewOf(row: TextRow): InvoiceTextView {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const snapshot = (row: TextRow) => ({ name: row.name, body: row.body, version: row.version });

export async function findInvoiceText(tx: Tx, organizationId: number, id: number): Promise<TextRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoiceTexts)
    .where(and(eq(invoiceTexts.organizationId, organizationId), eq(invoiceTexts.id, id)));
  return row;
}

export async function listInvoiceTexts(db: Db, actor: SessionUser) {
  return withTenant(db, actor.organizationId, async (tx) => {
    const rows = await tx
      .select()
      .from(invoiceTexts)
      .where(eq(invoiceTexts.organizationId, actor.organizationId))
      .orderBy(asc(sql`lower(${invoiceTexts.name})`), asc(invoiceTexts.id));
    const items = rows.map(viewOf);
    return { items, total: items.length, page: 1, page_size: items.length };
  });
}

export async function getInvoiceText(db: Db, actor: SessionUser, id: number): Promise<InvoiceTextView> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const row = await findInvoiceText(tx, actor.organizationId, id);
    if (!row) throw notFound(INVOICE_TEXT_NOT_FOUND);
    return viewOf(row);
  });
}

/** Runs a write whose unique name may clash; the clash answers 409 on the name field. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictField('name', INVOICE_TEXT_NAME_TAKEN);
    throw error;
  }
}

export async function createInvoiceText(db: Db, actor: SessionUser, input: InvoiceTextInput) {
  const organizationId = actor.organizationId;
  return withUniqueName(() =>
    withTenant(db, organizationId, async (tx) => {
      const [row] = await tx
        .insert(invoiceTexts)
        .values({ organizationId, name: input.name, body: input.body, createdBy: actor.id })
        .returning();
      await writeAudit(tx, {
        organizationId,
        userId: actor.id,
        action: 'create',
        entity: 'invoice_text',
        entityId: row!.id,
        after: snapshot(row!),
      });
      return viewOf(row!);
    }),
  );
}

export async function updateInvoiceText(db: Db, actor: SessionUser, id: number, input: InvoiceTextUpdateInput) {
  const organizationId = actor.organizationId;
  return withUniqueName(() =>
    withTenant(db, organizationId, async (tx) => {
      const [current] = await tx
        .select()
        .from(invoiceTexts)
        .where(and(eq(invoiceTexts.organizationId, organizationId), eq(invoiceTexts.id, id)))
        .for('update');
      if (!current) throw notFound(INVOICE_TEXT_NOT_FOUND);
      if (current.version !== input.version) throw staleVersion('invoice text');
      const [row] = await tx
        .update(invoiceTexts)
        .set({ name: input.name, body: input.body, version: current.version + 1, updatedAt: new Date() })
        .where(and(eq(invoiceTexts.organizationId, organizationId), eq(invoiceTexts.id, id)))
        .returning();
      await writeAudit(tx, {
        organizationId,
        userId: actor.id,
        action: 'update',
        entity: 'invoice_text',
        entityId: id,
        before: snapshot(current),
        after: snapshot(row!),
      });
      return viewOf(row!);
    }),
  );
}

/** Deletes a text; invoices that used it keep their narrative (the link is set null). */
export async function deleteInvoiceText(db: Db, actor: SessionUser, id: number): Promise<void> {
  const organizationId = actor.organizationId;
  await withTenant(db, organizationId, async (tx) => {
    const [deleted] = await tx
      .delete(invoiceTexts)
      .where(and(eq(invoiceTexts.organizationId, organizationId), eq(invoiceTexts.id, id)))
      .returning();
    if (!deleted) throw notFound(INVOICE_TEXT_NOT_FOUND);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'delete',
      entity: 'invoice_text',
      entityId: id,
      before: snapshot(deleted),
    });
  });
}

export type NarrativeFacts = {
  clientName: string;
  clientCode: string;
  periodStart: string | null;
  periodEnd: string | null;
  issueDate: string;
  dueDate: string;
  totalCents: number;
  firmName: string;
};

/** The text's placeholders filled with the invoice's facts, as plain text. */
export function narrativeFrom(body: string, facts: NarrativeFacts): string {
  const long = { long: true };
  const period =
    facts.periodStart && facts.periodEnd
      ? facts.periodStart === facts.periodEnd
        ? formatDate(facts.periodStart, long)
        : `${formatDate(facts.periodStart, long)} to ${formatDate(facts.periodEnd, long)}`
      : '';
  return fillInvoiceText(body, {
    client_name: facts.clientName,
    client_id: facts.clientCode,
    period,
    invoice_date: formatDate(facts.issueDate, long),
    due_date: formatDate(facts.dueDate, long),
    total: formatMoney(facts.totalCents, { decimals: true }),
    firm_name: facts.firmName,
  });
}
