import { Link } from 'react-router';
import { hasPermission } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { CLIENTS_PAGE_SIZE, useClients } from '../api/list-clients';
import { ClientFilters } from '../components/client-filters';
import { ClientTable } from '../components/client-table';
import { useClientListQuery } from '../components/use-client-list-query';
import { clientExportPath } from '../api/export-clients';
import '../clients.css';

/** /clients/manage (SPEC 2, can_view_clients): the firm's clients, searched, filtered, sorted and paged by the server. */
export default function ClientsManagePage() {
  const { user } = useSession();
  const [query, setQuery] = useClientListQuery();
  const clients = useClients(query);
  const canEdit = hasPermission(user?.full_role, 'can_edit_clients');
  const filtered = Boolean(query.q || query.status || query.partnerId || query.bookmarked);
  const items = clients.data?.items ?? [];
  const partnerName =
    items.find((client) => client.responsible_partner?.id === query.partnerId)?.responsible_partner?.name ?? null;

  const addClient = canEdit && (
    <Link className="button button-primary" to={shellPaths.clientCreate.getHref()}>
      New client
    </Link>
  );
  const exportButton = <ExportCsvButton path={clientExportPath(query)} fileName="clients.csv" />;
  const actions = canEdit ? (
    <>
      {exportButton}
      <Link className="button" to={shellPaths.activityTypes.getHref()}>
        Activity types
      </Link>
      {addClient}
    </>
  ) : (
    exportButton
  );

  return (
    <div className="clients-page">
      <PageHeader title="Clients" actions={actions} />
      <section className="card" aria-label="Client list">
        <ClientFilters query={query} partnerName={partnerName} onChange={setQuery} />
        {clients.isPending && <SkeletonRows label="Loading clients" />}
        {clients.isError && (
          <p className="form-error" role="alert">
            {clients.error.message}
          </p>
        )}
        {clients.data && items.length === 0 && (
          <EmptyState title={filtered ? 'No clients match these filters' : 'No clients yet'}>
            {filtered ? (
              <button
                type="button"
                className="button"
                onClick={() => setQuery({ q: '', status: null, partnerId: null, bookmarked: false })}
              >
                Clear filters
              </button>
            ) : (
              canEdit && (
                <Link className="button" to={shellPaths.clientCreate.getHref()}>
                  Add the first client
                </Link>
              )
            )}
          </EmptyState>
        )}
        {clients.data && items.length > 0 && (
          <>
            <ClientTable clients={items} query={query} onChange={setQuery} />
            <Pagination
              page={clients.data.page}
              pageSize={CLIENTS_PAGE_SIZE}
              total={clients.data.total}
              noun="clients"
              onPage={(page) => {
                setQuery({ page });
                // The list scrolls with the page: the next page starts at its top, not at the pager.
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}
