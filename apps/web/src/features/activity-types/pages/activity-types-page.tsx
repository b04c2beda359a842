import { useState } from 'react';
import { formatMoney, SEARCH_DEBOUNCE_MS } from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { EmptyState } from '../../../components/empty-state';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { StatusBadge } from '../../../components/status-badge';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchState } from '../../../lib/use-search-state';
import type { ActivityTypeView } from '../api/activity-type-views';
import { useActivityTypes } from '../api/list-activity-types';
import { ActivityTypeForm } from '../components/activity-type-form';
import { TableFrame } from '../../../components/table-frame';

/** null: closed; 'new': creating; else the type being edited. */
type Editing = null | 'new' | ActivityTypeView;

/** /activity-types (SPEC 2, can_edit_clients): the firm's service codes with their default rates. */
export default function ActivityTypesPage() {
  const [params, setParams] = useSearchState();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const includeInactive = params.get('inactive') === 'true';
  const types = useActivityTypes({ q, includeInactive });
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function typeSearch(value: string): void {
    setSearch(value);
    setParams({ q: value.trim() || null });
  }

  const items = types.data?.items ?? [];
  const addButton = (
    <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
      New activity type
    </button>
  );
  return (
    <div>
      <PageHeader title="Activity types" actions={addButton} />
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <section className="card" aria-label="Activity types">
        <div className="filter-bar" role="search">
          <div className="form-field-grow">
            <FormField
              label="Search activity types"
              type="search"
              placeholder="Name or code"
              value={search}
              onChange={(event) => typeSearch(event.target.value)}
            />
          </div>
          <CheckboxField
            label="Show inactive"
            checked={includeInactive}
            onChange={(event) => setParams({ inactive: event.target.checked ? 'true' : null })}
          />
        </div>
        {types.isPending && <SkeletonRows label="Loading activity types" />}
        {types.isError && <QueryError error={types.error} />}
        {types.data && items.length === 0 && (
          <EmptyState title={q ? 'No activity types match this search' : 'No activity types yet'}>
            {!q && addButton}
          </EmptyState>
        )}
        {items.length > 0 && (
          <TableFrame>
            <table className="data-table">
              <caption className="visually-hidden">Activity types</caption>
              <thead>
                <tr>
                  <th scope="col" className="wrap">
                    Name
                  </th>
                  <th scope="col">Code</th>
                  <th scope="col" className="num">
                    Default rate
                  </th>
                  <th scope="col">Billable</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((type) => (
                  <tr key={type.id}>
                    <td className="wrap">{type.name}</td>
                    <td>{type.code}</td>
                    <td className="num">
                      {type.default_rate_cents === null ? (
                        <span className="muted">Staff rate</span>
                      ) : (
                        formatMoney(type.default_rate_cents, { decimals: true })
                      )}
                    </td>
                    <td>{type.billable ? 'Billable' : 'Non-billable'}</td>
                    <td>
                      <StatusBadge status={type.active ? 'active' : 'inactive'} />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Edit ${type.name}`}
                        onClick={() => setEditing(type)}
                      >
                        Edit
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'New activity type' : 'Edit activity type'}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <ActivityTypeForm
            key={editing === 'new' ? 'new' : editing.id}
            type={editing === 'new' ? null : editing}
            onDone={(savedName) => {
              setEditing(null);
              setNotice(savedName === null ? null : `Activity type ${savedName} saved.`);
            }}
          />
        )}
      </Modal>
    </div>
  );
}
