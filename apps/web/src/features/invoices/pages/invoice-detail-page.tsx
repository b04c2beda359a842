import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { formatMoney, hasPermission, INVOICE_DISPLAY_LABELS } from '@practice/shared';
import { EmailDialog } from '../../../components/email-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { StatusBadge } from '../../../components/status-badge';
import { apiBaseUrl } from '../../../config/runtime';
import { shellPaths } from '../../../config/paths';
import { useIdParam } from '../../../lib/use-id-param';
import { useSession } from '../../../lib/session-store';
import { useEmailInvoice } from '../api/email-invoice';
import { useInvoice } from '../api/get-invoice';
import { AdjustDialog, type AdjustKind } from '../components/adjust-dialog';
import { InvoiceDocument } from '../components/invoice-document';
import { InvoicePaymentHistory } from '../components/invoice-payment-history';
import '../invoices.css';

/**
 * /invoices/{id} (SPEC 2, can_view_invoices): the issued invoice with its status, balance and
 * payment history; PDF, e-mail to the client, (can_edit_payments) record a payment on the
 * client's payment form with this invoice chosen, and (can_edit_invoices) void, credit memo and
 * write-off.
 */
export default function InvoiceDetailPage() {
  const id = useIdParam();
  const { user } = useSession();
  const invoice = useInvoice(id);
  const emailInvoice = useEmailInvoice(id);
  const [emailing, setEmailing] = useState(false);
  const [adjusting, setAdjusting] = useState<AdjustKind | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const canEdit = hasPermission(user?.full_role, 'can_edit_invoices');
  const canPay = hasPermission(user?.full_role, 'can_edit_payments');
  const breadcrumbRoot = { label: 'Invoices', to: shellPaths.invoicesManage.getHref() };

  if (!invoice.data) {
    return (
      <>
        <PageHeader title="Invoice" breadcrumb={[breadcrumbRoot]} />
        {invoice.isError ? <QueryError error={invoice.error} /> : <SkeletonRows label="Loading the invoice" />}
      </>
    );
  }
  const current = invoice.data;
  if (current.status === 'draft') {
    return <Navigate to={`${shellPaths.invoicePreview.getHref()}?id=${current.id}`} replace />;
  }
  const open = current.status === 'pending' || current.status === 'partial';
  const actions = (
    <>
      {canPay && open && current.balance_cents > 0 && (
        <Link
          className="button button-primary"
          to={`${shellPaths.clientPayments.getHref(current.client_id)}?pay=${current.id}`}
        >
          Record payment
        </Link>
      )}
      <a
        className="button"
        href={`${apiBaseUrl()}/invoices/${current.id}/pdf`}
        download={`${current.number ?? 'invoice'}.pdf`}
      >
        Download PDF
      </a>
      {canEdit && current.status !== 'void' && (
        <button type="button" className="button" onClick={() => setEmailing(true)}>
          E-mail to client
        </button>
      )}
      {canEdit && open && (
        <>
          <button type="button" className="button" onClick={() => setAdjusting('credit-memo')}>
            Credit memo
          </button>
          <button type="button" className="button" onClick={() => setAdjusting('write-off')}>
            Write off
          </button>
          <button type="button" className="button button-danger" onClick={() => setAdjusting('void')}>
            Void
          </button>
        </>
      )}
    </>
  );

  return (
    <div className="invoices-page">
      <PageHeader
        title={`Invoice ${current.number ?? ''}`}
        breadcrumb={[
          breadcrumbRoot,
          { label: current.client.legal_name, to: shellPaths.clientDetail.getHref(current.client_id) },
        ]}
        actions={actions}
      >
        <p className="invoice-status-line">
          <StatusBadge status={current.display_status} label={INVOICE_DISPLAY_LABELS[current.display_status]} />{' '}
          <span>
            Balance <strong>{formatMoney(current.balance_cents, { decimals: true })}</strong> of{' '}
            {formatMoney(current.total_cents, { decimals: true })}
          </span>
          {current.status === 'void' && current.void_reason && (
            <span className="muted"> Void: {current.void_reason}</span>
          )}
        </p>
      </PageHeader>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <InvoiceDocument invoice={current} />
      {(current.status !== 'void' || current.payment_history.length > 0) && (
        <InvoicePaymentHistory history={current.payment_history} totalCents={current.total_cents} />
      )}
      {emailing && (
        <EmailDialog
          title={`E-mail invoice ${current.number ?? ''}`}
          defaultTo={current.client.invoice_email}
          send={async (input) => (await emailInvoice.mutateAsync(input)).to}
          onClose={() => setEmailing(false)}
          onSent={(to) => {
            setEmailing(false);
            setNotice(`Invoice e-mailed to ${to.join(', ')}.`);
          }}
        />
      )}
      {adjusting && (
        <AdjustDialog
          invoice={current}
          kind={adjusting}
          onClose={() => setAdjusting(null)}
          onDone={(message) => {
            setAdjusting(null);
            setNotice(message);
          }}
        />
      )}
    </div>
  );
}
