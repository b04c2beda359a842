import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { shellPaths } from '../../../config/paths';
import { InvoiceTextForm } from '../components/invoice-text-form';
import '../invoices.css';

const BREADCRUMB = [{ label: 'Invoice texts', to: shellPaths.invoiceTextsManage.getHref() }];

/** /invoice_texts/create (SPEC 2, can_create_invoices). */
export default function InvoiceTextCreatePage() {
  const navigate = useNavigate();
  return (
    <div className="invoices-page">
      <PageHeader title="New invoice text" breadcrumb={BREADCRUMB} />
      <InvoiceTextForm text={null} onDone={() => void navigate(shellPaths.invoiceTextsManage.getHref())} />
    </div>
  );
}
