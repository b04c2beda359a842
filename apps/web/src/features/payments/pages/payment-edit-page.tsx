import { useNavigate } from 'react-router';
import { formatMoney } from '@practice/shared';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { flashNotice } from '../../../lib/flash-notice';
import { useIdParam } from '../../../lib/use-id-param';
import { useOpenInvoices, usePayment } from '../api/payment-queries';
import { PaymentEditForm } from '../components/payment-edit-form';
import '../payments.css';

const TITLE = 'Edit payment';

/**
 * /payments/{id}/edit (SPEC 2, can_edit_payments): a payment's fields and applications, saved
 * with the version it was opened with; back to the client's payments with what was saved.
 */
export default function PaymentEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const payment = usePayment(id);
  const openInvoices = useOpenInvoices(payment.data?.client_id ?? 0);

  if (!payment.data || !openInvoices.data) {
    const error = payment.error ?? openInvoices.error;
    return (
      <>
        <PageHeader title={TITLE} />
        {error ? <QueryError error={error} /> : <SkeletonRows label="Loading the payment" />}
      </>
    );
  }
  const current = payment.data;
  const paymentsHref = shellPaths.clientPayments.getHref(current.client_id);
  const breadcrumb = [
    { label: current.client.legal_name, to: shellPaths.clientDetail.getHref(current.client_id) },
    { label: 'Payments', to: paymentsHref },
  ];
  return (
    <div className="payments-page narrow-payments-page">
      <PageHeader title={TITLE} breadcrumb={breadcrumb} />
      {current.status === 'void' ? (
        <p className="form-error" role="alert">
          This payment is void and can no longer be changed.
        </p>
      ) : (
        <PaymentEditForm
          key={current.version}
          payment={current}
          openInvoices={openInvoices.data}
          onCancel={() => void navigate(paymentsHref)}
          onSaved={(saved) => {
            flashNotice(
              `Payment saved: ${formatMoney(saved.amount_cents, { decimals: true })}, ${formatMoney(saved.applied_cents, { decimals: true })} applied, ${formatMoney(saved.unapplied_cents, { decimals: true })} unapplied.`,
            );
            void navigate(paymentsHref);
          }}
        />
      )}
    </div>
  );
}
