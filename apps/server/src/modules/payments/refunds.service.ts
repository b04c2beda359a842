import { formatMoney, type RefundInput, type RefundView } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { refunds } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { firmToday, refuseAfterToday } from '../organizations/firm-today';
import { writeAudit } from '../audit/audit';
import { appendLedger } from '../invoices/ledger';
import { lowestDatedCredit } from './dated-credit';
import { lockClient, unappliedCredit } from './payment-allocation';

const money = (cents: number) => formatMoney(cents, { decimals: true });

/** A refund dated before the payment that funded the credit it returns (docs/decisions/0132). */
export function refundBeforeCredit(date: string, creditCents: number): string {
  return `On ${date} the client's unapplied credit was ${money(creditCents)}: date the refund on or after the payment it returns`;
}

/**
 * POST /clients/{id}/refunds: returns unapplied credit to the client, a ledger debit. The
 * client's lock (taken by every payment change) keeps two refunds from spending one credit.
 */
export async function createRefund(
  db: Db,
  actor: SessionUser,
  clientId: number,
  input: RefundInput,
  now: Date = new Date(),
): Promise<RefundView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await lockClient(tx, organizationId, clientId, 'client');
    refuseAfterToday(input.refund_date, await firmToday(tx, organizationId, now), 'Refund date', 'refund_date');
    const credit = await unappliedCredit(tx, organizationId, clientId);
    if (input.amount_cents > credit) {
      const message = `The refund is more than the unapplied credit of ${money(credit)}`;
      throw new AppError(422, message, { amount_cents: message });
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        organizationId,
        clientId,
        refundDate: input.refund_date,
        amountCents: input.amount_cents,
        method: input.method,
        reference: input.reference ?? '',
        memo: input.memo ?? '',
        createdBy: actor.id,
      })
      .returning();
    const row = refund!;
    // Checked with the refund in place, so its own date and every later one are covered;
    // the throw rolls the refund back.
    const lowest = await lowestDatedCredit(tx, organizationId, clientId);
    if (lowest && lowest.cents < 0) {
      const message = refundBeforeCredit(lowest.date, lowest.cents + row.amountCents);
      throw new AppError(422, message, { refund_date: message });
    }
    await appendLedger(tx, {
      organizationId,
      clientId,
      entryDate: row.refundDate,
      kind: 'refund',
      refundId: row.id,
      document: row.reference === '' ? 'refund' : row.reference,
      debitCents: row.amountCents,
      memo: row.memo,
      createdBy: actor.id,
    });
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'refund',
      entity: 'client',
      entityId: clientId,
      after: {
        refund_id: row.id,
        refund_date: row.refundDate,
        amount_cents: row.amountCents,
        method: row.method,
        reference: row.reference,
      },
    });
    return {
      id: row.id,
      client_id: clientId,
      refund_date: row.refundDate,
      amount_cents: row.amountCents,
      method: row.method,
      reference: row.reference,
      memo: row.memo,
      client_unapplied_cents: credit - row.amountCents,
    };
  });
}
