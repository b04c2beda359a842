import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useIdParam } from '../../../lib/use-id-param';
import { useInvoiceText } from '../api/invoice-texts';
import { InvoiceTextForm } from '../components/invoice-text-form';
import '../invoices.css';

const BREADCRUMB = [{ label: 'Invoice texts', to: shellPaths.invoiceTextsManage.getHref() }];

/** /invoice_texts/{id}/edit (SPEC 2, can_edit_invoices): saved with the version it was opened with. */
export default function InvoiceTextEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const text = useInvoiceText(id);
  return (
    <div className="invoices-page">
      <PageHeader title={text.data ? `Edit ${text.data.name}` : 'Edit invoice text'} breadcrumb={BREADCRUMB} />
      {text.isError && <QueryError error={text.error} />}
      {text.isPending && <SkeletonRows label="Loading the invoice text" />}
      {text.data && (
        <InvoiceTextForm
          key={text.data.version}
          text={text.data}
          onDone={() => void navigate(shellPaths.invoiceTextsManage.getHref())}
        />
      )}
    </div>
  );
}
