import { and, eq } from 'drizzle-orm';
import { mileageAmountCents, milesToTenths, type ExpenseInput, type ExpenseUpdateInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { expenses } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { requireClient } from '../clients/client-lookup';
import { staleVersion } from '../records/field-errors';
import { requireOrganizationUser } from '../records/user-lookup';
import { assertMayChange, assertMaySee } from '../time-entries/entry-access';
import { expenseSnapshot, expenseViewOf, selectExpenses, type ExpenseView } from './expense-view';
import { loadMileageRate } from './mileage-settings';

export const EXPENSE_BILLED_LOCKED = 'This expense is billed and locked';
export const EXPENSE_ON_DRAFT = 'This expense is on a draft invoice; delete the draft to change it';

/** Markup in integer cents, rounded half up: floor((amount x basis points + 5000) / 10000). */
export function markupCents(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5000) / 10_000);
}

export async function loadExpense(tx: Tx, organizationId: number, expenseId: number): Promise<ExpenseView> {
  const [row] = await selectExpenses(tx, organizationId, eq(expenses.id, expenseId));
  if (!row) throw notFound('Expense not found');
  return expenseViewOf(row);
}

async function ownerOf(tx: Tx, actor: SessionUser, userId: number | undefined): Promise<number> {
  const ownerId = userId ?? actor.id;
  assertMayChange(actor, ownerId);
  if (ownerId !== actor.id) await requireOrganizationUser(tx, actor.organizationId, ownerId, 'user_id');
  return ownerId;
}

/**
 * What an expense costs: a mileage expense is its distance times a rate per mile (the rate
 * it already carries, else the firm's rate now: docs/decisions/0106); any other is its amount.
 */
type Pricing = { amountCents: number; distanceTenths: number | null; mileageRateMills: number | null };

async function pricingOf(
  tx: Tx,
  organizationId: number,
  input: ExpenseInput,
  keptRateMills: number | null,
): Promise<Pricing> {
  if (input.category !== 'mileage') {
    return { amountCents: input.amount_cents!, distanceTenths: null, mileageRateMills: null };
  }
  const distanceTenths = milesToTenths(input.miles!);
  const rateMills = keptRateMills ?? (await loadMileageRate(tx, organizationId));
  return { amountCents: mileageAmountCents(distanceTenths, rateMills), distanceTenths, mileageRateMills: rateMills };
}

function columnsOf(input: ExpenseInput, pricing: Pricing) {
  return {
    clientId: input.client_id,
    expenseDate: input.expense_date,
    category: input.category,
    description: input.description,
    amountCents: pricing.amountCents,
    distanceTenths: pricing.distanceTenths,
    mileageRateMills: pricing.mileageRateMills,
    billable: input.billable,
    markupBasisPoints: input.markup_basis_points,
    totalCents: pricing.amountCents + markupCents(pricing.amountCents, input.markup_basis_points),
    status: input.status,
  };
}

export async function createExpense(db: Db, actor: SessionUser, input: ExpenseInput): Promise<ExpenseView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const userId = await ownerOf(tx, actor, input.user_id);
    await requireClient(tx, organizationId, input.client_id, { forNewWork: true });
    const pricing = await pricingOf(tx, organizationId, input, null);
    const [created] = await tx
      .insert(expenses)
      .values({ organizationId, userId, ...columnsOf(input, pricing), createdBy: actor.id })
      .returning();
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'create',
      entity: 'expense',
      entityId: created!.id,
      after: expenseSnapshot(created!),
    });
    return loadExpense(tx, organizationId, created!.id);
  });
}

export async function getExpense(db: Db, actor: SessionUser, expenseId: number): Promise<ExpenseView> {
  return withTenant(db, actor.organizationId, async (tx) => {
    const view = await loadExpense(tx, actor.organizationId, expenseId);
    assertMaySee(actor, view.user_id);
    return view;
  });
}

/** The expense locked for this transaction, after the checks every change needs. */
export async function lockExpenseForChange(tx: Tx, actor: SessionUser, expenseId: number) {
  const [current] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.organizationId, actor.organizationId), eq(expenses.id, expenseId)))
    .for('update');
  if (!current) throw notFound('Expense not found');
  assertMayChange(actor, current.userId);
  if (current.status === 'billed') throw conflict(EXPENSE_BILLED_LOCKED);
  if (current.invoiceId !== null) throw conflict(EXPENSE_ON_DRAFT);
  return current;
}

/** Replaces an unbilled expense; a stale `version` answers 409. The receipt and a mileage rate already used are kept. */
export async function updateExpense(
  db: Db,
  actor: SessionUser,
  expenseId: number,
  input: ExpenseUpdateInput,
): Promise<ExpenseView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const current = await lockExpenseForChange(tx, actor, expenseId);
    if (current.version !== input.version) throw staleVersion('expense');
    const userId = input.user_id === undefined ? current.userId : await ownerOf(tx, actor, input.user_id);
    await requireClient(tx, organizationId, input.client_id, { forNewWork: input.client_id !== current.clientId });
    const pricing = await pricingOf(tx, organizationId, input, current.mileageRateMills);
    const [updated] = await tx
      .update(expenses)
      .set({ userId, ...columnsOf(input, pricing), version: current.version + 1, updatedAt: new Date() })
      .where(and(eq(expenses.organizationId, organizationId), eq(expenses.id, expenseId)))
      .returning();
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'expense',
      entityId: expenseId,
      before: expenseSnapshot(current),
      after: expenseSnapshot(updated!),
    });
    return loadExpense(tx, organizationId, expenseId);
  });
}

/** Deletes an unbilled expense; answers the stored receipt's name so the caller removes the file after commit. */
export async function deleteExpense(db: Db, actor: SessionUser, expenseId: number): Promise<string | null> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const current = await lockExpenseForChange(tx, actor, expenseId);
    await tx.delete(expenses).where(and(eq(expenses.organizationId, organizationId), eq(expenses.id, expenseId)));
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'delete',
      entity: 'expense',
      entityId: expenseId,
      before: expenseSnapshot(current),
    });
    return current.receiptFile;
  });
}
