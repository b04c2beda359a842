import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { shellPaths } from '../../../config/paths';
import { useNextClientId } from '../api/next-client-id';
import { ClientForm } from '../components/client-form';
import '../clients.css';

/** /clients/create (SPEC 2, can_edit_clients): the client form, with the next client ID suggested. */
export default function ClientCreatePage() {
  const navigate = useNavigate();
  const nextId = useNextClientId(true);
  return (
    <div className="clients-page">
      <PageHeader title="New client" breadcrumb={[{ label: 'Clients', to: shellPaths.clientsManage.getHref() }]} />
      <ClientForm
        client={null}
        suggestedClientId={nextId.data}
        onSaved={(id) => navigate(shellPaths.clientDetail.getHref(id), { state: { notice: 'Client created.' } })}
        onCancel={() => navigate(shellPaths.clientsManage.getHref())}
      />
    </div>
  );
}
