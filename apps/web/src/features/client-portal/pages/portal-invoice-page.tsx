import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@practice/shared';
import { QueryError } from '../../../components/query-error';
import { publicPaths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { fetchPortalInvoice, portalPdfHref, sessionEnded } from '../api/portal-api';
import { AccessCodeForm } from '../components/access-code-form';
import { PortalFrame } from '../components/portal-frame';
import { PortalInvoiceDocument } from '../components/portal-invoice-document';

const money = (cents: number) => formatMoney(cents, { decimals: true });
const METHOD_WORDS: Record<string, string> = {
  check: 'Check',
  ach: 'Bank transfer',
  card: 'Card',
  wire: 'Wire',
  cash: 'Cash',
};

export const PORTAL_INVOICE_KEY = ['client-portal', 'invoice'] as const;

/** /client-portal/invoice (SPEC 2, public): the invoice of the portal session, its PDF, payments made, and Pay. */
export default function PortalInvoicePage() {
  const query = useQuery({ queryKey: PORTAL_INVOICE_KEY, queryFn: fetchPortalInvoice, retry: false });
  useDocumentTitle(query.data ? `Invoice ${query.data.invoice.number}` : 'Client Portal');

  if (query.isPending) {
    return (
      <PortalFrame>
        <p className="loading-page" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading your invoice...
        </p>
      </PortalFrame>
    );
  }
  if (query.isError) {
    return (
      <PortalFrame>
        {sessionEnded(query.error) ? (
          <AccessCodeForm initialError={query.error.message} />
        ) : (
          <QueryError error={query.error} />
        )}
      </PortalFrame>
    );
  }
  const data = query.data;
  const { invoice } = data;
  return (
    <PortalFrame firm={data.firm}>
      <section className="portal-card portal-summary" aria-label="Amount due">
        <p className="portal-balance">
          <span className="muted">Balance due</span>
          <strong>{money(invoice.balance_cents)}</strong>
          {invoice.balance_cents > 0 && invoice.due_date && (
            <span className="muted">by {formatDate(invoice.due_date, { long: true })}</span>
          )}
        </p>
        {invoice.status === 'paid' && (
          <p className="form-success" role="status">
            This invoice is paid. Thank you.
          </p>
        )}
        <div className="button-row">
          {data.payable && (
            <Link className="button button-primary button-large" to={publicPaths.clientPortalPayment.getHref()}>
              Pay
            </Link>
          )}
          <a className="button" href={portalPdfHref()} download>
            Download PDF
          </a>
        </div>
      </section>
      <PortalInvoiceDocument data={data} />
      <section className="portal-card" aria-labelledby="portal-payments-title">
        <h2 id="portal-payments-title">Payments made</h2>
        {data.payments.length === 0 ? (
          <p className="muted">No payments yet.</p>
        ) : (
          <ul className="portal-payments">
            {data.payments.map((payment, index) => (
              <li key={index}>
                <span>{formatDate(payment.payment_date, { long: true })}</span>
                <span>{METHOD_WORDS[payment.method] ?? payment.method}</span>
                <strong>{money(payment.amount_cents)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PortalFrame>
  );
}
