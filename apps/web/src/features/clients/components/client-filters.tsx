import { CLIENT_STATUSES } from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { useUrlSearchBox } from '../../../lib/use-url-search-box';
import type { ClientListQuery } from '../api/list-clients';
import { STATUS_LABELS } from './client-labels';

type ClientFiltersProps = {
  query: ClientListQuery;
  partnerName: string | null;
  onChange: (change: Partial<ClientListQuery>) => void;
};

/** Search, status, bookmarked and the partner chosen from the table, above the client table. */
export function ClientFilters({ query, partnerName, onChange }: ClientFiltersProps) {
  const { search, type } = useUrlSearchBox(query.q, (q) => onChange({ q }));

  return (
    <div className="filter-bar" role="search">
      <div className="form-field-grow">
        <FormField
          label="Search clients"
          type="search"
          placeholder="Client ID, legal name or DBA"
          value={search}
          onChange={(event) => type(event.target.value)}
        />
      </div>
      <SelectField
        label="Status"
        value={query.status ?? ''}
        onChange={(event) =>
          onChange({ status: CLIENT_STATUSES.find((status) => status === event.target.value) ?? null })
        }
      >
        <option value="">All statuses</option>
        {CLIENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        label="Bookmarked only"
        checked={query.bookmarked}
        onChange={(event) => onChange({ bookmarked: event.target.checked })}
      />
      {query.partnerId && (
        <span className="filter-chip">
          Partner: {partnerName ?? 'the chosen partner'}
          <button type="button" aria-label="Clear the partner filter" onClick={() => onChange({ partnerId: null })}>
            ×
          </button>
        </span>
      )}
    </div>
  );
}
