import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  PAYMENT_IS_VOID,
  isoDate,
  recordIdText,
  type PaymentInput,
  type PaymentApplicationsInput,
  type PaymentUpdateInput,
  type PaymentView,
} from '@practice/shared';
import { z } from 'zod';
import { withTenant, type Db, type Tx } from '../../db/client';
import { clients, paymentApplications, payments, type PaymentRow } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { firmToday, refuseAfterToday } from '../organizations/firm-today';
import { writeAudit } from '../audit/audit';
import { appendLedger } from '../invoices/ledger';
import { staleVersion } from '../records/field-errors';
import { offsetOf, pageOf, pageQuery, type Page } from '../records/pagination';
import { onceForKey, requestDigest } from './idempotency';
import {
  appliedTotal,
  assertCreditKept,
  lockClient,
  oldestFirst,
  replaceApplications,
  type Allocation,
  type ClientReference,
} from './payment-allocation';
import {
  PAYMENT_NOT_FOUND,
  clientOfPayment,
  loadPaymentView,
  paymentSnapshot,
  paymentViews,
  paymentWithClient,
  writtenPaymentView,
} from './payment-view';

export const APPLIED_ABOVE_AMOUNT = 'The payment is less than what it applies; change its applications too';

/** What the ledger shows as the payment's document: its reference, or its method. */
function documentOf(payment: { reference: string; method: string }): string {
  return payment.reference === '' ? payment.method : payment.reference;
}

const allocationsOf = (applications: { invoice_id: number; amount_cents: number }[]): Allocation[] =>
  applications.map((row) => ({ invoiceId: row.invoice_id, amountCents: row.amount_cents }));

async function currentApplications(tx: Tx, organizationId: number, paymentId: number) {
  return tx
    .select({ invoiceId: paymentApplications.invoiceId, amountCents: paymentApplications.amountCents })
    .from(paymentApplications)
    .where(and(eq(paymentApplications.organizationId, organizationId), eq(paymentApplications.paymentId, paymentId)));
}

/** The payment's row, read without a lock: only to learn its client, whose lock comes first. */
async function clientOf(tx: Tx, organizationId: number, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ clientId: payments.clientId })
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)));
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  return row.clientId;
}

/** Locks the client, then the payment (the order of docs/decisions/0130). A payment never changes client. */
async function lockPayment(tx: Tx, organizationId: number, paymentId: number): Promise<PaymentRow> {
  await lockClient(tx, organizationId, await clientOf(tx, organizationId, paymentId));
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)))
    .for('update');
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  return row;
}

/** What a payment is made of, whoever records it: staff (POST /payments) or a provider's event (the portal). */
export type NewPayment = {
  clientId: number;
  paymentDate: string;
  amountCents: number;
  method: PaymentInput['method'];
  reference: string;
  memo: string;
  /** Where it goes; undefined: the client's oldest open invoices first. */
  applications?: Allocation[];
  source?: 'staff' | 'portal';
  provider?: string;
  providerEventId?: string;
};

/**
 * The payment, its ledger credit, its applications and the invoices' applied amounts and
 * statuses, in the caller's transaction, which holds the client's lock (docs/decisions/0130).
 */
export async function insertPayment(
  tx: Tx,
  organizationId: number,
  actorId: number | null,
  client: ClientReference,
  input: NewPayment,
): Promise<PaymentView> {
  const wanted = input.applications ?? (await oldestFirst(tx, organizationId, input.clientId, input.amountCents));
  // Inserted with what it applies (replaceApplications below checks each invoice, and any
  // failure rolls the payment back), not updated after: one statement and its triggers fewer.
  const [created] = await tx
    .insert(payments)
    .values({
      organizationId,
      clientId: input.clientId,
      paymentDate: input.paymentDate,
      amountCents: input.amountCents,
      appliedCents: appliedTotal(input.amountCents, wanted),
      method: input.method,
      reference: input.reference,
      memo: input.memo,
      source: input.source ?? 'staff',
      provider: input.provider ?? null,
      providerEventId: input.providerEventId ?? null,
      createdBy: actorId,
    })
    .returning();
  const payment = created!;
  const { invoices: applied } = await replaceApplications(
    tx,
    {
      organizationId,
      clientId: payment.clientId,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      actorId,
    },
    [],
    wanted,
  );
  await appendLedger(tx, {
    organizationId,
    clientId: payment.clientId,
    entryDate: payment.paymentDate,
    kind: 'payment',
    paymentId: payment.id,
    document: documentOf(payment),
    creditCents: payment.amountCents,
    memo: payment.memo,
    createdBy: actorId,
  });
  await writeAudit(tx, {
    organizationId,
    userId: actorId,
    action: 'create',
    entity: 'payment',
    entityId: payment.id,
    after: paymentSnapshot(payment, wanted),
  });
  return writtenPaymentView(payment, client, wanted, applied);
}

/**
 * POST /payments: the payment with its applications (given, or oldest open invoice first),
 * in one transaction; at most once per Idempotency-Key.
 */
export async function createPayment(
  db: Db,
  actor: SessionUser,
  input: PaymentInput,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<PaymentView> {
  const organizationId = actor.organizationId;
  const request = { key: idempotencyKey, digest: requestDigest('POST /payments', input) };
  return onceForKey(
    db,
    organizationId,
    request,
    (tx) => lockClient(tx, organizationId, input.client_id),
    async (tx, client) => {
      refuseAfterToday(input.payment_date, await firmToday(tx, organizationId, now), 'Payment date', 'payment_date');
      return insertPayment(tx, organizationId, actor.id, client, {
        clientId: input.client_id,
        paymentDate: input.payment_date,
        amountCents: input.amount_cents,
        method: input.method,
        reference: input.reference ?? '',
        memo: input.memo ?? '',
        ...(input.applications ? { applications: allocationsOf(input.applications) } : {}),
      });
    },
  );
}

export async function getPayment(db: Db, actor: SessionUser, paymentId: number): Promise<PaymentView> {
  return withTenant(db, actor.organizationId, (tx) => loadPaymentView(tx, actor.organizationId, paymentId));
}

export const paymentListQuery = z.object({
  ...pageQuery,
  client_id: z.optional(recordIdText('Client must be a client id')),
  from: z.optional(isoDate('From')),
  to: z.optional(isoDate('To')),
  status: z.enum(['active', 'void'], { error: 'Status must be active or void' }).optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

/** GET /payments: newest payment date first, with `totals` of the amounts, applied and unapplied of active payments. */
export async function listPayments(
  db: Db,
  actor: SessionUser,
  query: PaymentListQuery,
): Promise<Page<PaymentView> & { totals: { amount_cents: number; applied_cents: number; unapplied_cents: number } }> {
  const organizationId = actor.organizationId;
  const where = and(
    eq(payments.organizationId, organizationId),
    ...([
      query.client_id ? eq(payments.clientId, query.client_id) : undefined,
      query.from ? gte(payments.paymentDate, query.from) : undefined,
      query.to ? lte(payments.paymentDate, query.to) : undefined,
      query.status ? eq(payments.status, query.status) : undefined,
    ] satisfies (SQL | undefined)[]),
  );
  return withTenant(db, organizationId, async (tx) => {
    const rows = await tx
      .select(paymentWithClient())
      .from(payments)
      .innerJoin(clients, clientOfPayment)
      .where(where)
      .orderBy(desc(payments.paymentDate), desc(payments.id))
      .limit(query.page_size)
      .offset(offsetOf(query));
    const [summed] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'active'), 0)::text`,
        applied: sql<string>`coalesce(sum(${payments.appliedCents}) filter (where ${payments.status} = 'active'), 0)::text`,
      })
      .from(payments)
      .where(where);
    const amount = Number(summed?.amount ?? 0);
    const applied = Number(summed?.applied ?? 0);
    return {
      ...pageOf(await paymentViews(tx, organizationId, rows), summed?.total ?? 0, query),
      totals: { amount_cents: amount, applied_cents: applied, unapplied_cents: amount - applied },
    };
  });
}

/** A reversal of the payment as the ledger holds it, dated as it was (docs/decisions/0130). */
async function reverseInLedger(tx: Tx, payment: PaymentRow, actorId: number, memo: string) {
  await appendLedger(tx, {
    organizationId: payment.organizationId,
    clientId: payment.clientId,
    entryDate: payment.paymentDate,
    kind: 'payment_void',
    paymentId: payment.id,
    document: documentOf(payment),
    debitCents: payment.amountCents,
    memo,
    createdBy: actorId,
  });
}

/**
 * PUT /payments/{id}: a new amount or date reverses the payment's ledger row and writes a new
 * one; applications, when given, are replaced; without them they stay and must still fit.
 */
export async function updatePayment(
  db: Db,
  actor: SessionUser,
  paymentId: number,
  input: PaymentUpdateInput,
  now: Date = new Date(),
): Promise<PaymentView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const current = await lockPayment(tx, organizationId, paymentId);
    if (current.status === 'void') throw new AppError(409, PAYMENT_IS_VOID);
    if (current.version !== input.version) throw staleVersion('payment');
    refuseAfterToday(input.payment_date, await firmToday(tx, organizationId, now), 'Payment date', 'payment_date');
    const before = await currentApplications(tx, organizationId, paymentId);
    const wanted = input.applications ? allocationsOf(input.applications) : before;
    if (!input.applications && current.appliedCents > input.amount_cents) {
      throw new AppError(422, APPLIED_ABOVE_AMOUNT, { amount_cents: APPLIED_ABOVE_AMOUNT });
    }
    const { appliedCents } = await replaceApplications(
      tx,
      { organizationId, clientId: current.clientId, paymentId, amountCents: input.amount_cents, actorId: actor.id },
      before,
      wanted,
    );
    const [updated] = await tx
      .update(payments)
      .set({
        paymentDate: input.payment_date,
        amountCents: input.amount_cents,
        method: input.method,
        reference: input.reference ?? '',
        memo: input.memo ?? '',
        appliedCents,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)))
      .returning();
    const payment = updated!;
    if (payment.amountCents !== current.amountCents || payment.paymentDate !== current.paymentDate) {
      await reverseInLedger(tx, current, actor.id, 'Payment changed');
      await appendLedger(tx, {
        organizationId,
        clientId: payment.clientId,
        entryDate: payment.paymentDate,
        kind: 'payment',
        paymentId,
        document: documentOf(payment),
        creditCents: payment.amountCents,
        memo: payment.memo,
        createdBy: actor.id,
      });
    }
    await assertCreditKept(tx, organizationId, payment.clientId);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'payment',
      entityId: paymentId,
      before: paymentSnapshot(current, before),
      after: paymentSnapshot(payment, wanted),
    });
    return loadPaymentView(tx, organizationId, paymentId);
  });
}

/** PUT /payments/{id}/applications: the payment's applications replaced; its ledger row stays. */
export async function setApplications(
  db: Db,
  actor: SessionUser,
  paymentId: number,
  input: PaymentApplicationsInput,
): Promise<PaymentView> {
  const organizationId = actor.organizationId;
  const { applications } = input;
  return withTenant(db, organizationId, async (tx) => {
    const current = await lockPayment(tx, organizationId, paymentId);
    if (current.status === 'void') throw new AppError(409, PAYMENT_IS_VOID);
    if (current.version !== input.version) throw staleVersion('payment');
    const before = await currentApplications(tx, organizationId, paymentId);
    const wanted = allocationsOf(applications);
    const { appliedCents } = await replaceApplications(
      tx,
      { organizationId, clientId: current.clientId, paymentId, amountCents: current.amountCents, actorId: actor.id },
      before,
      wanted,
    );
    const [payment] = await tx
      .update(payments)
      .set({ appliedCents, version: current.version + 1, updatedAt: new Date() })
      .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)))
      .returning();
    await assertCreditKept(tx, organizationId, current.clientId);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'apply',
      entity: 'payment',
      entityId: paymentId,
      before: paymentSnapshot(current, before),
      after: paymentSnapshot(payment!, wanted),
    });
    return loadPaymentView(tx, organizationId, paymentId);
  });
}

/** POST /payments/{id}/void: applications reversed, a payment_void ledger debit, status void. */
export async function voidPayment(db: Db, actor: SessionUser, paymentId: number, reason: string): Promise<PaymentView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const current = await lockPayment(tx, organizationId, paymentId);
    if (current.status === 'void') throw new AppError(409, PAYMENT_IS_VOID);
    const before = await currentApplications(tx, organizationId, paymentId);
    await replaceApplications(
      tx,
      { organizationId, clientId: current.clientId, paymentId, amountCents: current.amountCents, actorId: actor.id },
      before,
      [],
    );
    const [payment] = await tx
      .update(payments)
      .set({
        status: 'void',
        voidReason: reason,
        appliedCents: 0,
        voidedAt: new Date(),
        voidedBy: actor.id,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)))
      .returning();
    await reverseInLedger(tx, current, actor.id, reason);
    await assertCreditKept(tx, organizationId, current.clientId);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'void',
      entity: 'payment',
      entityId: paymentId,
      before: paymentSnapshot(current, before),
      after: { ...paymentSnapshot(payment!, []), reason },
    });
    return loadPaymentView(tx, organizationId, paymentId);
  });
}
