import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients, expenses, users } from '../../db/schema/index';
import { displayName } from '../records/user-lookup';

export type ReceiptView = { content_type: string; size: number; name: string };

export type ExpenseView = {
  id: number;
  user_id: number;
  user: { id: number; name: string };
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  expense_date: string;
  category: string;
  description: string;
  amount_cents: number;
  /** Mileage: the distance (one decimal) and the rate per mile in mills it was priced at; null otherwise. */
  miles: number | null;
  mileage_rate_mills: number | null;
  billable: boolean;
  markup_basis_points: number;
  markup_cents: number;
  total_cents: number;
  status: string;
  invoice_id: number | null;
  receipt: ReceiptView | null;
  version: number;
  created_at: Date;
  updated_at: Date;
};

export function selectExpenses(tx: Tx, organizationId: number, condition: SQL | undefined) {
  return tx
    .select({
      expense: expenses,
      user: { firstName: users.firstName, lastName: users.lastName, username: users.username },
      client: { code: clients.code, legalName: clients.legalName },
    })
    .from(expenses)
    .innerJoin(users, and(eq(users.organizationId, expenses.organizationId), eq(users.id, expenses.userId)))
    .innerJoin(clients, and(eq(clients.organizationId, expenses.organizationId), eq(clients.id, expenses.clientId)))
    .where(and(eq(expenses.organizationId, organizationId), condition));
}

type ExpenseRow = Awaited<ReturnType<typeof selectExpenses>>[number];

function receiptOf(expense: typeof expenses.$inferSelect): ReceiptView | null {
  if (!expense.receiptFile) return null;
  return {
    content_type: expense.receiptContentType ?? 'application/octet-stream',
    size: expense.receiptSize ?? 0,
    name: expense.receiptName ?? 'receipt',
  };
}

export function expenseViewOf({ expense, user, client }: ExpenseRow): ExpenseView {
  return {
    id: expense.id,
    user_id: expense.userId,
    user: { id: expense.userId, name: displayName(user) },
    client_id: expense.clientId,
    client: { id: expense.clientId, client_id: client.code, legal_name: client.legalName },
    expense_date: expense.expenseDate,
    category: expense.category,
    description: expense.description,
    amount_cents: expense.amountCents,
    miles: expense.distanceTenths === null ? null : expense.distanceTenths / 10,
    mileage_rate_mills: expense.mileageRateMills,
    billable: expense.billable,
    markup_basis_points: expense.markupBasisPoints,
    markup_cents: expense.totalCents - expense.amountCents,
    total_cents: expense.totalCents,
    status: expense.status,
    invoice_id: expense.invoiceId,
    receipt: receiptOf(expense),
    version: expense.version,
    created_at: expense.createdAt,
    updated_at: expense.updatedAt,
  };
}

export function expenseSnapshot(expense: typeof expenses.$inferSelect) {
  return {
    user_id: expense.userId,
    client_id: expense.clientId,
    expense_date: expense.expenseDate,
    category: expense.category,
    description: expense.description,
    amount_cents: expense.amountCents,
    distance_tenths: expense.distanceTenths,
    mileage_rate_mills: expense.mileageRateMills,
    billable: expense.billable,
    markup_basis_points: expense.markupBasisPoints,
    total_cents: expense.totalCents,
    status: expense.status,
    invoice_id: expense.invoiceId,
    receipt_file: expense.receiptFile,
    version: expense.version,
  };
}
