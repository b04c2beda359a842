import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useIdParam } from '../../../lib/use-id-param';
import { useClient } from '../api/get-client';
import { ClientForm } from '../components/client-form';
import '../clients.css';

/** /clients/{id}/edit (SPEC 2, can_edit_clients): the same form as create, holding the version it read. */
export default function ClientEditPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const client = useClient(id);
  // A new form only when the user asks for the stored client again, never under his typing.
  const [generation, setGeneration] = useState(0);
  const detailHref = shellPaths.clientDetail.getHref(id);
  const breadcrumb = [
    { label: 'Clients', to: shellPaths.clientsManage.getHref() },
    ...(client.data ? [{ label: client.data.legal_name, to: detailHref }] : []),
  ];
  return (
    <div className="clients-page">
      <PageHeader title="Edit client" breadcrumb={breadcrumb} />
      {client.isError && <QueryError error={client.error} />}
      {client.isPending && <SkeletonRows label="Loading the client" />}
      {client.data && (
        <ClientForm
          key={generation}
          client={client.data}
          onSaved={() => navigate(detailHref, { state: { notice: 'Client saved.' } })}
          onCancel={() => navigate(detailHref)}
          onReload={() => void client.refetch().then(() => setGeneration((current) => current + 1))}
        />
      )}
    </div>
  );
}
