import { formatDate, formatMoney, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { TableFrame } from '../../../components/table-frame';
import type { InvoiceHistoryEntry } from '../api/invoice-views';

const money = (cents: number) => formatMoney(cents, { decimals: true });

const KIND_LABELS: Record<InvoiceHistoryEntry['kind'], string> = {
  payment: 'Payment',
  credit_memo: 'Credit memo',
  write_off: 'Write-off',
};

/** A payment by its method and reference ("Check 1044"); a credit by its kind and reason. */
function howOf(entry: InvoiceHistoryEntry): string {
  if (entry.kind !== 'payment') return [KIND_LABELS[entry.kind], entry.reason].filter(Boolean).join(': ');
  const method = PAYMENT_METHOD_LABELS[entry.method as PaymentMethod] ?? entry.method ?? '';
  return [method, entry.reference].filter(Boolean).join(' ');
}

/** What reduced the invoice's balance, oldest first: the payments applied to it now, its credit memos and write-offs. */
export function InvoicePaymentHistory({ history, totalCents }: { history: InvoiceHistoryEntry[]; totalCents: number }) {
  const settled = history.reduce((sum, entry) => sum + entry.amount_cents, 0);
  return (
    <section className="card" aria-labelledby="payment-history-heading">
      <h2 id="payment-history-heading">Payment history</h2>
      {history.length === 0 ? (
        <EmptyState title="No payments or credits yet" />
      ) : (
        <TableFrame>
          <table className="data-table">
            <caption className="visually-hidden">Payments and credits on this invoice</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="wrap">
                  Method
                </th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry, index) => (
                <tr key={`${entry.kind}-${entry.payment_id ?? index}-${index}`}>
                  <td>{formatDate(entry.entry_date)}</td>
                  <td className="wrap">{howOf(entry)}</td>
                  <td className="num">{money(entry.amount_cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Paid and credited of {money(totalCents)}
                </th>
                <td className="num">{money(settled)}</td>
              </tr>
            </tfoot>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
