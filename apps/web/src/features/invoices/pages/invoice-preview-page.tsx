import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { formatMoney, hasPermission } from '@practice/shared';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { toast } from '../../../lib/toasts';
import { useSession } from '../../../lib/session-store';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useInvoice } from '../api/get-invoice';
import { useIssueInvoice } from '../api/issue-invoice';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DraftForm } from '../components/draft-form';
import { InvoiceDocument } from '../components/invoice-document';
import '../invoices.css';

function idOf(value: string | null): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * /invoices/preview?id={draft} (SPEC 2, can_create_invoices): the draft as the client will
 * see it, with its details beside it to edit and save, and Delete and Issue. Issuing asks
 * first, naming the number, the client and the amount.
 */
export default function InvoicePreviewPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const navigate = useNavigate();
  const { user } = useSession();
  const invoice = useInvoice(id);
  const issue = useIssueInvoice(id);
  const remove = useDeleteInvoice(id);
  const [asking, setAsking] = useState<'issue' | 'delete' | null>(null);
  const canEdit = hasPermission(user?.full_role, 'can_edit_invoices');
  const title = 'Invoice preview';

  if (!invoice.data) {
    return (
      <>
        <PageHeader title={title} />
        {id === 0 && (
          <p className="form-error" role="alert">
            No draft chosen. Bill from a client's work in progress to make one.
          </p>
        )}
        {invoice.isError && <QueryError error={invoice.error} />}
        {id > 0 && invoice.isPending && <SkeletonRows label="Loading the draft" />}
      </>
    );
  }

  const draft = invoice.data;
  if (draft.status !== 'draft') return <Navigate to={shellPaths.invoiceDetail.getHref(draft.id)} replace />;
  const breadcrumb = [
    { label: draft.client.legal_name, to: shellPaths.clientDetail.getHref(draft.client_id) },
    { label: 'Work in progress', to: shellPaths.clientWip.getHref(draft.client_id) },
  ];
  const nextNumber = draft.next_number ?? null;
  const actions = (
    <>
      {canEdit && (
        <button type="button" className="button button-danger" onClick={() => setAsking('delete')}>
          Delete draft
        </button>
      )}
      <button type="button" className="button button-primary" onClick={() => setAsking('issue')}>
        Issue invoice
      </button>
    </>
  );

  return (
    <div className="invoices-page">
      <PageHeader title={title} breadcrumb={breadcrumb} actions={actions} />
      <div className="invoice-layout">
        <InvoiceDocument invoice={draft} />
        {canEdit ? (
          <DraftForm key={draft.version} invoice={draft} />
        ) : (
          <p className="muted">Changing a draft needs the right to edit invoices.</p>
        )}
      </div>
      <ConfirmDialog
        open={asking === 'issue'}
        title="Issue this invoice?"
        confirmLabel={nextNumber ? `Issue as ${nextNumber}` : 'Issue invoice'}
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          const issued = await issue.mutateAsync();
          toast.success(`Invoice ${issued.number} issued.`);
          await navigate(shellPaths.invoiceDetail.getHref(issued.id));
        }}
      >
        <p>
          {nextNumber ? (
            <>
              It takes number <strong>{nextNumber}</strong>
            </>
          ) : (
            'It takes the next number of the firm'
          )}
          , bills {draft.client.legal_name} <strong>{formatMoney(draft.total_cents, { decimals: true })}</strong> and
          locks its items. An issued invoice is never edited: corrections are a void or a credit memo.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title="Delete this draft?"
        confirmLabel="Delete draft"
        danger
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          await remove.mutateAsync();
          toast.success(`Draft invoice for ${draft.client.legal_name} deleted; its work is back in progress.`);
          await navigate(shellPaths.clientWip.getHref(draft.client_id));
        }}
      >
        <p>Its items go back to the work in progress of {draft.client.legal_name}.</p>
      </ConfirmDialog>
      <p>
        <Link to={shellPaths.clientWip.getHref(draft.client_id)}>Back to the work in progress</Link>
      </p>
    </div>
  );
}
