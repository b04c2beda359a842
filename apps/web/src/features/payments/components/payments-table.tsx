import { Link } from 'react-router';
import { formatDate, formatMoney } from '@practice/shared';
import { StatusBadge } from '../../../components/status-badge';
import { TableFrame } from '../../../components/table-frame';
import { shellPaths } from '../../../config/paths';
import { METHOD_LABELS, type Payment } from '../api/payment-views';

const money = (cents: number) => formatMoney(cents, { decimals: true });

type PaymentsTableProps = {
  payments: Payment[];
  /** Null: the user cannot change payments, so no actions are shown. */
  actions: {
    /** Null while there is nothing to apply or nothing to apply it to (no credit left, no open invoice). */
    applyCredit: ((payment: Payment) => void) | null;
    voidPayment: (payment: Payment) => void;
  } | null;
};

/** The client's payments, newest first: what each applies to which invoice, and what stays unapplied. */
export function PaymentsTable({ payments, actions }: PaymentsTableProps) {
  return (
    <TableFrame>
      <table className="data-table payments-table">
        <caption className="visually-hidden">Payments of this client</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Method</th>
            <th scope="col">Status</th>
            <th scope="col" className="wrap">
              Applied to
            </th>
            <th scope="col" className="num">
              Applied
            </th>
            <th scope="col" className="num">
              Unapplied
            </th>
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const active = payment.status === 'active';
            const label = `payment of ${money(payment.amount_cents)} on ${formatDate(payment.payment_date)}`;
            return (
              <tr key={payment.id}>
                <td>{formatDate(payment.payment_date)}</td>
                <td className="num">{money(payment.amount_cents)}</td>
                <td className="wrap">
                  {METHOD_LABELS[payment.method]}
                  {payment.reference && <span className="muted"> {payment.reference}</span>}
                </td>
                <td className="wrap">
                  <StatusBadge status={payment.status} />
                  {payment.void_reason && <span className="muted"> {payment.void_reason}</span>}
                </td>
                <td className="wrap">
                  {payment.applications.length === 0
                    ? '—'
                    : payment.applications.map((row, index) => (
                        <span key={row.invoice_id}>
                          {index > 0 && ', '}
                          <Link to={shellPaths.invoiceDetail.getHref(row.invoice_id)}>
                            {row.invoice_number ?? `#${row.invoice_id}`}
                          </Link>{' '}
                          {money(row.amount_cents)}
                        </span>
                      ))}
                </td>
                <td className="num">{money(payment.applied_cents)}</td>
                <td className="num">{money(payment.unapplied_cents)}</td>
                {actions && (
                  <td className="row-actions">
                    {active && (
                      <div className="row-actions-list">
                        <Link
                          className="button button-small"
                          to={shellPaths.paymentEdit.getHref(payment.id)}
                          aria-label={`Edit ${label}`}
                        >
                          Edit
                        </Link>
                        {payment.unapplied_cents > 0 && actions.applyCredit && (
                          <button
                            type="button"
                            className="button button-small"
                            aria-label={`Apply credit of ${label}`}
                            onClick={() => actions.applyCredit?.(payment)}
                          >
                            Apply credit
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={`Void ${label}`}
                          onClick={() => actions.voidPayment(payment)}
                        >
                          Void
                        </button>
                      </div>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
