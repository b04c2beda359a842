import type pg from 'pg';
import { FIRM } from '../src/cli/seed-large/plan';
import { BENCH_PAYMENT_MEMO } from './ar-scenarios';
import type { SignedInSession } from './sign-in';

const WORKERS = 10;
export const BENCH_PAYMENT_VOID_REASON = 'Made by npm run bench';

/**
 * Gives back what the bench paid, through the API as a clerk would: each active payment with
 * the bench's memo is voided, so its applications return to the invoices' balances. The ledger
 * is append-only: each keeps its credit and the void's debit, dated as the payment (net 0).
 */
export async function voidBenchPayments(
  client: pg.ClientBase,
  baseUrl: string,
  session: SignedInSession,
): Promise<number> {
  const result = await client.query<{ id: number }>(
    `select id from payments
     where organization_id = (select id from organizations where subdomain = $2) and memo = $1 and status = 'active'
     order by id`,
    [BENCH_PAYMENT_MEMO, FIRM.subdomain],
  );
  const queue = result.rows.map((row) => row.id);
  let voided = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const response = await fetch(`${baseUrl}/payments/${id}/void`, {
          method: 'POST',
          headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: BENCH_PAYMENT_VOID_REASON }),
        });
        if (response.status !== 200) {
          throw new Error(
            `Voiding payment ${id} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
          );
        }
        voided += 1;
      }
    }),
  );
  return voided;
}
