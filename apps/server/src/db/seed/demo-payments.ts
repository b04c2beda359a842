import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { emptyFullRole, type PaymentMethod } from '@practice/shared';
import { withTenant, type Db } from '../client';
import { invoices, organizations, payments, users } from '../schema/index';
import { addDays } from '../../modules/invoices/billing-settings';
import { createPayment } from '../../modules/payments/payments.service';
import { createRefund } from '../../modules/payments/refunds.service';
import { dateInZone } from '../../modules/time-entries/calendar';
import { DEMO_ACTIVITY } from './demo-activity-plan';
import { FIXED_FEE_CLIENTS } from './demo-billing';

export type SeededPayments = { subdomain: string; payments: number };

const METHODS: PaymentMethod[] = ['check', 'ach', 'wire', 'card'];
export const DEMO_CREDIT_CENTS = 25_000;
/** Returned from the first client's overpayment two days after it came, leaving DEMO_CREDIT_CENTS. */
export const DEMO_REFUND_CENTS = 5_000;

/**
 * Payments against part of the demo invoices (issue 13), made through the payment service so
 * each has its ledger credit, applications and audit row. Of the bookkeeping clients, every
 * third pays each invoice in full ten days after it is issued (the first also overpays and
 * gets part of it refunded, leaving an unapplied credit), the next pays half of its oldest invoice (partial), the next pays
 * nothing (late in every bucket); the other clients' invoices stay open. A firm with payments
 * is left as it is.
 */
export async function seedDemoPayments(db: Db, options: { now: Date }): Promise<SeededPayments[]> {
  const seeded: SeededPayments[] = [];
  for (const plan of DEMO_ACTIVITY) {
    const [firm] = await db
      .select({ id: organizations.id, timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.subdomain, plan.subdomain));
    if (!firm) continue;
    const biller = plan.partners[0]!;
    const state = await withTenant(db, firm.id, async (tx) => {
      const [existing] = await tx.select({ count: count() }).from(payments).where(eq(payments.organizationId, firm.id));
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, firm.id), eq(users.username, biller)));
      const open = await tx
        .select({
          id: invoices.id,
          clientId: invoices.clientId,
          issueDate: invoices.issueDate,
          balance: invoices.balanceCents,
        })
        .from(invoices)
        .where(and(eq(invoices.organizationId, firm.id), inArray(invoices.status, ['pending', 'partial'])))
        .orderBy(asc(invoices.clientId), asc(invoices.issueDate), asc(invoices.id));
      return { hasPayments: (existing?.count ?? 0) > 0, userId: user?.id, open };
    });
    if (state.hasPayments || !state.userId || state.open.length === 0) continue;
    const actor = { id: state.userId, organizationId: firm.id, username: biller, csrf: '', fullRole: emptyFullRole() };
    const today = dateInZone(options.now, firm.timeZone);
    const clientIds = [...new Set(state.open.map((invoice) => invoice.clientId))].slice(0, FIXED_FEE_CLIENTS);
    let made = 0;
    for (const [index, clientId] of clientIds.entries()) {
      const theirs = state.open.filter((invoice) => invoice.clientId === clientId);
      const pay = async (paymentDate: string, amountCents: number, invoiceId?: number) => {
        await createPayment(
          db,
          actor,
          {
            client_id: clientId,
            payment_date: paymentDate,
            amount_cents: amountCents,
            method: METHODS[made % METHODS.length]!,
            reference: `${1000 + made}`,
            memo: '',
            applications: invoiceId === undefined ? [] : [{ invoice_id: invoiceId, amount_cents: amountCents }],
          },
          undefined,
        );
        made += 1;
      };
      if (index % 3 === 0) {
        for (const invoice of theirs) {
          const paidOn = addDays(invoice.issueDate!, 10);
          if (paidOn <= today && invoice.balance) await pay(paidOn, invoice.balance, invoice.id);
        }
        if (index === 0) {
          await pay(addDays(today, -3), DEMO_CREDIT_CENTS + DEMO_REFUND_CENTS);
          await createRefund(db, actor, clientId, {
            refund_date: addDays(today, -1),
            amount_cents: DEMO_REFUND_CENTS,
            method: 'check',
            reference: 'R-1',
            memo: 'Overpayment returned',
          });
        }
      } else if (index % 3 === 1) {
        const oldest = theirs[0]!;
        const half = Math.floor((oldest.balance ?? 0) / 2);
        const paidOn = addDays(oldest.issueDate!, 20);
        if (half > 0 && paidOn <= today) await pay(paidOn, half, oldest.id);
      }
    }
    seeded.push({ subdomain: plan.subdomain, payments: made });
  }
  return seeded;
}
