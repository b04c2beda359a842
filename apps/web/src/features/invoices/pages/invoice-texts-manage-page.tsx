import { useState } from 'react';
import { Link } from 'react-router';
import { hasPermission } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toasts';
import { useDeleteInvoiceText, useInvoiceTexts } from '../api/invoice-texts';
import type { InvoiceTextView } from '../api/invoice-views';
import { ConfirmDialog } from '../components/confirm-dialog';
import '../invoices.css';

/** /invoice_texts/manage (SPEC 2, can_view_invoices): the firm's reusable invoice narratives. */
export default function InvoiceTextsManagePage() {
  const { user } = useSession();
  const texts = useInvoiceTexts();
  const remove = useDeleteInvoiceText();
  const [deleting, setDeleting] = useState<InvoiceTextView | null>(null);
  const canCreate = hasPermission(user?.full_role, 'can_create_invoices');
  const canEdit = hasPermission(user?.full_role, 'can_edit_invoices');
  const items = texts.data ?? [];
  const newText = canCreate && (
    <Link className="button button-primary" to={shellPaths.invoiceTextCreate.getHref()}>
      New invoice text
    </Link>
  );

  return (
    <div className="invoices-page">
      <PageHeader
        title="Invoice texts"
        breadcrumb={[{ label: 'Invoices', to: shellPaths.invoicesManage.getHref() }]}
        actions={newText}
      />
      <section className="card" aria-label="Invoice texts">
        {texts.isPending && <SkeletonRows label="Loading invoice texts" />}
        {texts.isError && (
          <p className="form-error" role="alert">
            {texts.error.message}
          </p>
        )}
        {texts.data && items.length === 0 && (
          <EmptyState title="No invoice texts yet">
            {canCreate && (
              <Link className="button" to={shellPaths.invoiceTextCreate.getHref()}>
                Write the first one
              </Link>
            )}
          </EmptyState>
        )}
        {items.length > 0 && (
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Invoice texts</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="wrap hide-narrow">
                    Text
                  </th>
                  {canEdit && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {items.map((text) => (
                  <tr key={text.id}>
                    <td>
                      {canEdit ? <Link to={shellPaths.invoiceTextEdit.getHref(text.id)}>{text.name}</Link> : text.name}
                    </td>
                    <td className="wrap hide-narrow">
                      <div className="text-excerpt">{text.body}</div>
                    </td>
                    {canEdit && (
                      <td>
                        <button type="button" className="button button-small" onClick={() => setDeleting(text)}>
                          Delete
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this invoice text?"
        confirmLabel="Delete"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) {
            await remove.mutateAsync(deleting.id);
            toast.success(`Invoice text ${deleting.name} deleted.`);
          }
          setDeleting(null);
        }}
      >
        <p>{deleting?.name} will no longer be offered; invoices that used it keep their narrative.</p>
      </ConfirmDialog>
    </div>
  );
}
