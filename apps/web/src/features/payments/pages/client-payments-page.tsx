import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, hasPermission } from '@practice/shared';
import { ClientTabs } from '../../../components/client-tabs';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useFlashNotice } from '../../../lib/flash-notice';
import { useIdParam } from '../../../lib/use-id-param';
import { useSession } from '../../../lib/session-store';
import {
  CLIENT_PAYMENTS_SHOWN,
  useClientPayments,
  useClientRefunds,
  useOpenInvoices,
  usePaymentsClient,
} from '../api/payment-queries';
import type { Payment } from '../api/payment-views';
import { ApplyCreditDialog } from '../components/apply-credit-dialog';
import { PaymentsTable } from '../components/payments-table';
import { RecordPaymentForm } from '../components/record-payment-form';
import { RefundDialog } from '../components/refund-dialog';
import { RefundsTable } from '../components/refunds-table';
import { VoidPaymentDialog } from '../components/void-payment-dialog';
import '../payments.css';

const money = (cents: number) => formatMoney(cents, { decimals: true });

type Dialog = { kind: 'void' | 'apply'; payment: Payment } | { kind: 'refund' } | null;

/**
 * /clients/{id}/payments (SPEC 2, can_view_payments): the client's payments with what each
 * applies and leaves unapplied, its unapplied credit and refunds; with can_edit_payments,
 * record, edit, apply credit, refund and void. `?pay={invoiceId}` (an invoice's "Record
 * payment") opens the form with that invoice chosen.
 */
export default function ClientPaymentsPage() {
  const clientId = useIdParam('clientId');
  const { user } = useSession();
  const canEdit = hasPermission(user?.full_role, 'can_edit_payments');
  const client = usePaymentsClient(clientId);
  const payments = useClientPayments(clientId);
  const refunds = useClientRefunds(clientId);
  const openInvoices = useOpenInvoices(clientId, canEdit);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenInvoiceId = Number(searchParams.get('pay')) || null;
  const [recording, setRecording] = useState(canEdit && chosenInvoiceId !== null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(useFlashNotice());
  const breadcrumb = [{ label: 'Clients', to: shellPaths.clientsManage.getHref() }];

  if (!client.data) {
    return (
      <>
        <PageHeader title="Payments" breadcrumb={breadcrumb} />
        {client.isError ? <QueryError error={client.error} /> : <SkeletonRows label="Loading the client" />}
      </>
    );
  }
  const profile = client.data;
  const credit = refunds.data?.unapplied_cents ?? 0;
  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };
  const actions = canEdit && (
    <>
      {credit > 0 && (
        <button type="button" className="button" onClick={() => setDialog({ kind: 'refund' })}>
          Refund credit
        </button>
      )}
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          setNotice(null);
          setRecording(true);
        }}
        disabled={recording}
      >
        Record payment
      </button>
    </>
  );

  return (
    <div className="payments-page">
      <PageHeader
        title={`Payments: ${profile.legal_name}`}
        breadcrumb={[...breadcrumb, { label: profile.legal_name, to: shellPaths.clientDetail.getHref(clientId) }]}
        actions={actions}
      >
        <ClientTabs clientId={clientId} current="payments" />
      </PageHeader>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <section className="card" aria-labelledby="payments-summary-heading">
        <h2 id="payments-summary-heading">Summary</h2>
        {payments.data && refunds.data ? (
          <dl className="money-totals">
            <dt>Payments received</dt>
            <dd>{money(payments.data.totals.amount_cents)}</dd>
            <dt>Applied to invoices</dt>
            <dd>{money(payments.data.totals.applied_cents)}</dd>
            <dt>Refunded</dt>
            <dd>{money(refunds.data.items.reduce((sum, refund) => sum + refund.amount_cents, 0))}</dd>
            <dt className="total">Unapplied credit</dt>
            <dd className="total">{money(credit)}</dd>
          </dl>
        ) : (
          <SkeletonRows rows={2} label="Loading the totals" />
        )}
      </section>
      {recording &&
        (openInvoices.data ? (
          <RecordPaymentForm
            clientId={clientId}
            clientName={profile.legal_name}
            openInvoices={openInvoices.data}
            chosenInvoiceId={chosenInvoiceId}
            onCancel={() => {
              setRecording(false);
              setSearchParams({}, { replace: true });
            }}
            onRecorded={(payment) => {
              setRecording(false);
              setSearchParams({}, { replace: true });
              setNotice(
                `Payment of ${money(payment.amount_cents)} recorded: ${money(payment.applied_cents)} applied, ${money(payment.unapplied_cents)} unapplied.`,
              );
            }}
          />
        ) : openInvoices.isError ? (
          <QueryError error={openInvoices.error} />
        ) : (
          <SkeletonRows label="Loading the open invoices" />
        ))}
      <section className="card" aria-labelledby="payments-heading">
        <div className="card-header">
          <h2 id="payments-heading">Payments</h2>
          {payments.data && payments.data.total > CLIENT_PAYMENTS_SHOWN && (
            <span className="muted">
              The latest {CLIENT_PAYMENTS_SHOWN} of {payments.data.total}
            </span>
          )}
        </div>
        {payments.isPending && <SkeletonRows rows={3} label="Loading the payments" />}
        {payments.isError && <QueryError error={payments.error} />}
        {payments.data && payments.data.items.length === 0 && <EmptyState title="No payments yet" />}
        {payments.data && payments.data.items.length > 0 && (
          <PaymentsTable
            payments={payments.data.items}
            actions={
              canEdit
                ? {
                    applyCredit:
                      credit > 0 && (openInvoices.data?.length ?? 0) > 0
                        ? (payment) => setDialog({ kind: 'apply', payment })
                        : null,
                    voidPayment: (payment) => setDialog({ kind: 'void', payment }),
                  }
                : null
            }
          />
        )}
      </section>
      {refunds.data && refunds.data.items.length > 0 && (
        <section className="card" aria-labelledby="refunds-heading">
          <h2 id="refunds-heading">Refunds</h2>
          <RefundsTable refunds={refunds.data.items} />
        </section>
      )}
      {dialog?.kind === 'void' && (
        <VoidPaymentDialog payment={dialog.payment} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'apply' && openInvoices.data && (
        <ApplyCreditDialog
          payment={dialog.payment}
          clientCreditCents={credit}
          openInvoices={openInvoices.data}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
      {dialog?.kind === 'refund' && (
        <RefundDialog clientId={clientId} creditCents={credit} onClose={() => setDialog(null)} onDone={done} />
      )}
    </div>
  );
}
