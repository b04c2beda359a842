import { Link } from 'react-router';
import { formatDate, formatMoney, INVOICE_DISPLAY_LABELS } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { StatusBadge } from '../../../components/status-badge';
import { shellPaths } from '../../../config/paths';
import { CLIENT_INVOICES_SHOWN, useClientInvoices } from '../api/client-invoices';

/** The client's latest invoices with status and balance (a void one owes nothing); a draft opens in its preview. */
export function ClientInvoicesCard({ clientId }: { clientId: number }) {
  const invoices = useClientInvoices(clientId, true);
  const items = invoices.data?.items ?? [];
  const total = invoices.data?.total ?? 0;
  return (
    <section className="card" aria-labelledby="client-invoices-heading">
      <div className="card-header">
        <h2 id="client-invoices-heading">Invoices</h2>
        {total > CLIENT_INVOICES_SHOWN && (
          <Link to={`${shellPaths.invoicesManage.getHref()}?client_id=${clientId}`}>All {total} invoices</Link>
        )}
      </div>
      {invoices.isPending && <SkeletonRows rows={3} label="Loading the invoices" />}
      {invoices.isError && (
        <p className="form-error" role="alert">
          {invoices.error.message}
        </p>
      )}
      {invoices.data && items.length === 0 && <EmptyState title="No invoices yet" />}
      {items.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Invoices of this client</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col" className="hide-narrow">
                  Date
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    <Link
                      to={
                        invoice.status === 'draft'
                          ? `${shellPaths.invoicePreview.getHref()}?id=${invoice.id}`
                          : shellPaths.invoiceDetail.getHref(invoice.id)
                      }
                    >
                      {invoice.number ?? 'Draft'}
                    </Link>
                  </td>
                  <td className="hide-narrow">{formatDate(invoice.issue_date)}</td>
                  <td>
                    <StatusBadge
                      status={invoice.display_status}
                      label={INVOICE_DISPLAY_LABELS[invoice.display_status]}
                    />
                  </td>
                  <td className="num">
                    {formatMoney(invoice.balance_cents ?? invoice.total_cents, { decimals: true })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
