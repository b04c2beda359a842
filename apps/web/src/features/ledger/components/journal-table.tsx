import { Link } from 'react-router';
import { formatDate, formatMoney, hasPermission } from '@practice/shared';
import { TableFrame } from '../../../components/table-frame';
import { shellPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import type { LedgerEntry, LedgerPage } from '../api/ledger-views';
import { KIND_LABELS } from './ledger-labels';

const money = (cents: number) => formatMoney(cents, { decimals: true });
const blankZero = (cents: number) => (cents === 0 ? '' : money(cents));

/** Where a row's document is read: the invoice, else the payment (edited by those who may), else the client's payments. */
function useDocumentHref(): (row: LedgerEntry) => string | null {
  const { user } = useSession();
  const canEditPayments = hasPermission(user?.full_role, 'can_edit_payments');
  const canViewPayments = hasPermission(user?.full_role, 'can_view_payments');
  const canViewInvoices = hasPermission(user?.full_role, 'can_view_invoices');
  return (row) => {
    if (row.invoice_id !== null && canViewInvoices) return shellPaths.invoiceDetail.getHref(row.invoice_id);
    if (row.payment_id !== null && canEditPayments) return shellPaths.paymentEdit.getHref(row.payment_id);
    if ((row.payment_id !== null || row.kind === 'refund') && canViewPayments)
      return shellPaths.clientPayments.getHref(row.client_id);
    return null;
  };
}

type JournalTableProps = {
  journal: LedgerPage;
  /** One client chosen: the client column goes and the balance is that client's running balance. */
  oneClient: boolean;
  onClient: (client: LedgerEntry['client']) => void;
};

/** The journal rows, oldest first, with their debits, credits and the client's running balance; totals below. */
export function JournalTable({ journal, oneClient, onClient }: JournalTableProps) {
  const hrefOf = useDocumentHref();
  return (
    <TableFrame>
      <table className="data-table ledger-table">
        <caption className="visually-hidden">AR journal</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {!oneClient && (
              <th scope="col" className="wrap">
                Client
              </th>
            )}
            <th scope="col">Kind</th>
            <th scope="col">Document</th>
            <th scope="col" className="num">
              Debit
            </th>
            <th scope="col" className="num">
              Credit
            </th>
            <th scope="col" className="num">
              {oneClient ? 'Balance' : 'Client balance'}
            </th>
            <th scope="col" className="wrap hide-narrow">
              Memo
            </th>
          </tr>
        </thead>
        <tbody>
          {journal.items.map((row) => {
            const href = hrefOf(row);
            return (
              <tr key={row.id}>
                <td>{formatDate(row.entry_date)}</td>
                {!oneClient && (
                  <td className="wrap">
                    <button
                      type="button"
                      className="link-button"
                      title="Show this client's ledger"
                      onClick={() => onClient(row.client)}
                    >
                      {row.client.legal_name}
                    </button>
                  </td>
                )}
                <td>{KIND_LABELS[row.kind]}</td>
                <td>{href ? <Link to={href}>{row.document || KIND_LABELS[row.kind]}</Link> : row.document}</td>
                <td className="num">{blankZero(row.debit_cents)}</td>
                <td className="num">{blankZero(row.credit_cents)}</td>
                <td className="num">{money(row.balance_cents)}</td>
                <td className="wrap hide-narrow">{row.memo}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={oneClient ? 3 : 4}>
              Totals ({journal.total} {journal.total === 1 ? 'row' : 'rows'})
            </th>
            <td className="num">{money(journal.totals.debit_cents)}</td>
            <td className="num">{money(journal.totals.credit_cents)}</td>
            <td className="num">{money(journal.totals.balance_cents)}</td>
            <td className="hide-narrow" />
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}
