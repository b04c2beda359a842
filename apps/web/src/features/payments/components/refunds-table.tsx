import { formatDate, formatMoney } from '@practice/shared';
import { TableFrame } from '../../../components/table-frame';
import { METHOD_LABELS, type RefundList } from '../api/payment-views';

/** Unapplied credit returned to the client, newest first. */
export function RefundsTable({ refunds }: { refunds: RefundList['items'] }) {
  return (
    <TableFrame>
      <table className="data-table">
        <caption className="visually-hidden">Refunds to this client</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Method</th>
            <th scope="col" className="wrap">
              Memo
            </th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <td>{formatDate(refund.refund_date)}</td>
              <td className="num">{formatMoney(refund.amount_cents, { decimals: true })}</td>
              <td className="wrap">
                {METHOD_LABELS[refund.method]}
                {refund.reference && <span className="muted"> {refund.reference}</span>}
              </td>
              <td className="wrap">{refund.memo || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
