import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useIdParam } from '../../../lib/use-id-param';
import { useInvoice } from '../api/get-invoice';
import { DraftForm } from '../components/draft-form';
import '../invoices.css';

/** /invoices/{id}/edit (SPEC 2, can_edit_invoices): a draft's details; an issued invoice is never edited in place. */
export default function InvoiceEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const invoice = useInvoice(id);
  const title = 'Edit draft invoice';
  const previewHref = `${shellPaths.invoicePreview.getHref()}?id=${id}`;

  if (!invoice.data) {
    return (
      <>
        <PageHeader title={title} />
        {invoice.isError ? <QueryError error={invoice.error} /> : <SkeletonRows label="Loading the draft" />}
      </>
    );
  }
  const draft = invoice.data;
  const breadcrumb = [
    { label: draft.client.legal_name, to: shellPaths.clientDetail.getHref(draft.client_id) },
    { label: 'Invoice preview', to: previewHref },
  ];
  return (
    <div className="invoices-page narrow-page">
      <PageHeader title={title} breadcrumb={breadcrumb} />
      {draft.status === 'draft' ? (
        <DraftForm
          key={draft.version}
          invoice={draft}
          onSaved={() => void navigate(previewHref)}
          onCancel={() => void navigate(previewHref)}
        />
      ) : (
        <p className="form-error" role="alert">
          Invoice {draft.number} is issued and can no longer be edited: void it or give a credit memo.{' '}
          <Link to={shellPaths.invoiceDetail.getHref(draft.id)}>Open the invoice</Link>
        </p>
      )}
    </div>
  );
}
