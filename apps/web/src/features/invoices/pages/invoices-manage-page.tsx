import { Link } from 'react-router';
import { formatDate, formatMoney, hasPermission, INVOICE_DISPLAY_LABELS } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { StatusBadge } from '../../../components/status-badge';
import { shellPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { INVOICES_PAGE_SIZE, useInvoices } from '../api/list-invoices';
import { InvoiceFilters } from '../components/invoice-filters';
import { useInvoiceListQuery } from '../components/use-invoice-list-query';
import '../invoices.css';

/** /invoices (can_view_invoices, ADR 0120): the firm's invoices, newest first, filtered and searched by number. */
export default function InvoicesManagePage() {
  const { user } = useSession();
  const [query, setQuery] = useInvoiceListQuery();
  const invoices = useInvoices(query);
  const items = invoices.data?.items ?? [];
  const filtered = Boolean(query.q || query.status || query.clientId || query.from || query.to);
  const clientName = items.find((invoice) => invoice.client.id === query.clientId)?.client.legal_name ?? null;
  const actions = hasPermission(user?.full_role, 'can_view_invoices') && (
    <Link className="button" to={shellPaths.invoiceTextsManage.getHref()}>
      Invoice texts
    </Link>
  );

  return (
    <div className="invoices-page">
      <PageHeader title="Invoices" actions={actions} />
      <section className="card" aria-label="Invoice list">
        <InvoiceFilters query={query} clientName={clientName} onChange={setQuery} />
        {invoices.isPending && <SkeletonRows label="Loading invoices" />}
        {invoices.isError && (
          <p className="form-error" role="alert">
            {invoices.error.message}
          </p>
        )}
        {invoices.data && items.length === 0 && (
          <EmptyState title={filtered ? 'No invoices match these filters' : 'No invoices yet'}>
            {filtered ? (
              <button
                type="button"
                className="button"
                onClick={() => setQuery({ q: '', status: null, clientId: null, from: '', to: '' })}
              >
                Clear filters
              </button>
            ) : (
              <p className="muted">Invoices are made from a client's work in progress.</p>
            )}
          </EmptyState>
        )}
        {items.length > 0 && invoices.data && (
          <>
            <div className="table-scroll">
              <table className="data-table">
                <caption className="visually-hidden">Invoices</caption>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col" className="wrap">
                      Client
                    </th>
                    <th scope="col" className="hide-narrow">
                      Status
                    </th>
                    <th scope="col" className="hide-narrow">
                      Issued
                    </th>
                    <th scope="col" className="hide-narrow">
                      Due
                    </th>
                    <th scope="col" className="num hide-narrow">
                      Total
                    </th>
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
                        <span className="show-narrow">
                          <StatusBadge
                            status={invoice.display_status}
                            label={INVOICE_DISPLAY_LABELS[invoice.display_status]}
                          />
                        </span>
                      </td>
                      <td className="wrap">
                        <button
                          type="button"
                          className="link-button"
                          title="Show this client's invoices"
                          onClick={() => setQuery({ clientId: invoice.client.id })}
                        >
                          {invoice.client.legal_name}
                        </button>
                      </td>
                      <td className="hide-narrow">
                        <StatusBadge
                          status={invoice.display_status}
                          label={INVOICE_DISPLAY_LABELS[invoice.display_status]}
                        />
                      </td>
                      <td className="hide-narrow">{formatDate(invoice.issue_date)}</td>
                      <td className="hide-narrow">{formatDate(invoice.due_date)}</td>
                      <td className="num hide-narrow">{formatMoney(invoice.total_cents, { decimals: true })}</td>
                      <td className="num">
                        {invoice.balance_cents === undefined
                          ? ''
                          : formatMoney(invoice.balance_cents, { decimals: true })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={invoices.data.page}
              pageSize={INVOICES_PAGE_SIZE}
              total={invoices.data.total}
              noun="invoices"
              onPage={(page) => setQuery({ page })}
            />
          </>
        )}
      </section>
    </div>
  );
}
