import { Link } from 'react-router';
import { SortHeader } from '../../../components/sort-header';
import { StatusBadge } from '../../../components/status-badge';
import { shellPaths } from '../../../config/paths';
import type { ClientListQuery, ClientSort } from '../api/list-clients';
import type { ClientListItem } from '../api/client-views';
import { BookmarkStar } from './bookmark-star';
import { entityTypeLabel, STATUS_LABELS } from './client-labels';
import { TableFrame } from '../../../components/table-frame';

type ClientTableProps = {
  clients: ClientListItem[];
  query: ClientListQuery;
  onChange: (change: Partial<ClientListQuery>) => void;
};

/** One page of clients: bookmark star, sortable columns, the partner as a filter link. */
export function ClientTable({ clients, query, onChange }: ClientTableProps) {
  const sortProps = {
    sort: query.sort,
    order: query.order,
    onSort: (sort: ClientSort, order: 'asc' | 'desc') => onChange({ sort, order }),
  };
  return (
    <TableFrame>
      <table className="data-table">
        <caption className="visually-hidden">Clients</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Bookmark</span>
            </th>
            <SortHeader label="Client ID" column="client_id" {...sortProps} />
            <SortHeader label="Legal name" column="legal_name" className="wrap" {...sortProps} />
            <th scope="col">Entity type</th>
            <SortHeader label="Status" column="status" {...sortProps} />
            <th scope="col">Partner</th>
            <th scope="col">Manager</th>
            <th scope="col" className="wrap">
              Tags
            </th>
          </tr>
        </thead>
        <tbody>
          {clients.map((client) => (
            <tr key={client.id}>
              <td>
                <BookmarkStar clientId={client.id} legalName={client.legal_name} bookmarked={client.bookmarked} />
              </td>
              <td className="numeric">{client.client_id}</td>
              <td className="wrap">
                <Link to={shellPaths.clientDetail.getHref(client.id)}>{client.legal_name}</Link>
                {client.dba && <span className="muted"> (DBA {client.dba})</span>}
              </td>
              <td>{entityTypeLabel(client.entity_type)}</td>
              <td>
                <StatusBadge status={client.status} label={STATUS_LABELS[client.status]} />
              </td>
              <td>
                {client.responsible_partner && (
                  <button
                    type="button"
                    className="link-button"
                    title="Show this partner's clients"
                    onClick={() => onChange({ partnerId: client.responsible_partner?.id ?? null })}
                  >
                    {client.responsible_partner.name}
                  </button>
                )}
              </td>
              <td>{client.responsible_manager?.name}</td>
              <td className="wrap">{client.tags.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
