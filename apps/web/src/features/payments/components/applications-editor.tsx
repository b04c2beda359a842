import { Link } from 'react-router';
import { formatDate, formatMoney } from '@practice/shared';
import { TableFrame } from '../../../components/table-frame';
import { shellPaths } from '../../../config/paths';
import { allocate, type ApplicableInvoice } from './allocation';

const money = (cents: number) => formatMoney(cents, { decimals: true });

type ApplicationsEditorProps = {
  invoices: ApplicableInvoice[];
  /** The payment's amount in cents (null: blank or not an amount yet). */
  amountCents: number | null;
  typed: Record<string, string>;
  /** Null: the amounts are shown, not typed (oldest-first, computed by the caller into `typed`). */
  onType: ((invoiceId: number, text: string) => void) | null;
  caption: string;
};

/**
 * The client's open invoices with what the payment gives each: the balance before, the amount
 * (typed by hand, or shown as oldest-first would apply it), the balance left after, and under
 * the table what the payment applies and what stays unapplied credit, all as the biller types.
 */
export function ApplicationsEditor({ invoices, amountCents, typed, onType, caption }: ApplicationsEditorProps) {
  const result = allocate(amountCents, invoices, typed);
  if (invoices.length === 0) {
    return <p className="muted">No open invoices: the whole payment stays unapplied credit.</p>;
  }
  const unapplied = result.unapplied_cents;
  return (
    <>
      <TableFrame>
        <table className="data-table applications-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Due</th>
              <th scope="col" className="num">
                Balance
              </th>
              <th scope="col" className="num">
                Apply
              </th>
              <th scope="col" className="num">
                Remaining
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map(({ invoice, apply_cents, remaining_cents }) => {
              const label = invoice.number ?? `#${invoice.id}`;
              return (
                <tr key={invoice.id}>
                  <td>
                    <Link to={shellPaths.invoiceDetail.getHref(invoice.id)}>{label}</Link>
                  </td>
                  <td>{invoice.due_date ? formatDate(invoice.due_date) : '—'}</td>
                  <td className="num">{money(invoice.balance_cents + invoice.current_cents)}</td>
                  <td className="num">
                    {onType ? (
                      <input
                        className="apply-input"
                        inputMode="decimal"
                        aria-label={`Apply to ${label} ($)`}
                        value={typed[invoice.id] ?? ''}
                        onChange={(event) => onType(invoice.id, event.target.value)}
                      />
                    ) : (
                      money(apply_cents !== null && Number.isInteger(apply_cents) ? apply_cents : 0)
                    )}
                  </td>
                  <td className={`num${remaining_cents < 0 ? ' over-applied' : ''}`}>
                    {money(remaining_cents)}
                    {remaining_cents < 0 && <span className="visually-hidden"> (more than the balance)</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      <dl className="money-totals allocation-totals" aria-live="polite">
        <dt>Applied to invoices</dt>
        <dd>{money(result.applied_cents)}</dd>
        <dt className="total">Unapplied credit</dt>
        <dd className={`total${unapplied !== null && unapplied < 0 ? ' over-applied' : ''}`}>
          {unapplied === null ? '—' : money(unapplied)}
        </dd>
      </dl>
      {unapplied !== null && unapplied < 0 && (
        <p className="field-error">The applications are {money(-unapplied)} more than the payment.</p>
      )}
    </>
  );
}
