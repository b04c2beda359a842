import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useIdParam } from '../../../lib/use-id-param';
import { useClientActivityTypes } from '../api/client-activity-types';
import { useClient } from '../api/get-client';
import { ClientActivityTypesForm } from '../components/client-activity-types-form';
import '../clients.css';

/** /clients/{id}/activity-types (SPEC 2, can_edit_clients): the client's activity types and rate overrides. */
export default function ClientActivityTypesPage() {
  const id = useIdParam();
  const client = useClient(id);
  const types = useClientActivityTypes(id);
  const breadcrumb = [
    { label: 'Clients', to: shellPaths.clientsManage.getHref() },
    ...(client.data ? [{ label: client.data.legal_name, to: shellPaths.clientDetail.getHref(id) }] : []),
  ];
  return (
    <div className="clients-page">
      <PageHeader title="Activity types and rates" breadcrumb={breadcrumb}>
        <p className="muted">
          Time for this client can be recorded only for enabled activity types. A client rate replaces the firm rate;
          without either, each person&apos;s standard rate applies.
        </p>
      </PageHeader>
      <section className="card" aria-label="Activity types for this client">
        {types.isPending && <SkeletonRows label="Loading activity types" />}
        {types.isError && <QueryError error={types.error} />}
        {types.data && types.data.items.length === 0 && (
          <p className="muted">
            The firm has no activity types yet. Add them under{' '}
            <Link to={shellPaths.activityTypes.getHref()}>Activity types</Link> first.
          </p>
        )}
        {types.data && types.data.items.length > 0 && (
          <ClientActivityTypesForm clientId={id} types={types.data.items} />
        )}
      </section>
    </div>
  );
}
