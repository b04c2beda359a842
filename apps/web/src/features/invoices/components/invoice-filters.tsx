import { INVOICE_STATUSES } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { useUrlSearchBox } from '../../../lib/use-url-search-box';
import type { InvoiceListQuery } from '../api/list-invoices';
import { STATUS_LABELS } from './invoice-labels';

type InvoiceFiltersProps = {
  query: InvoiceListQuery;
  clientName: string | null;
  onChange: (change: Partial<InvoiceListQuery>) => void;
};

/** Number search, status, issue dates from and to, and the client chosen from the table. */
export function InvoiceFilters({ query, clientName, onChange }: InvoiceFiltersProps) {
  const { search, type } = useUrlSearchBox(query.q, (q) => onChange({ q }));

  return (
    <div className="filter-bar" role="search">
      <div className="form-field-grow">
        <FormField
          label="Invoice number"
          type="search"
          placeholder="Search by number"
          value={search}
          onChange={(event) => type(event.target.value)}
        />
      </div>
      <SelectField
        label="Status"
        value={query.status ?? ''}
        onChange={(event) =>
          onChange({ status: INVOICE_STATUSES.find((status) => status === event.target.value) ?? null })
        }
      >
        <option value="">All statuses</option>
        {INVOICE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Issued from"
        type="date"
        value={query.from}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <FormField
        label="Issued to"
        type="date"
        value={query.to}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      {query.clientId && (
        <span className="filter-chip">
          Client: {clientName ?? 'the chosen client'}
          <button type="button" aria-label="Clear the client filter" onClick={() => onChange({ clientId: null })}>
            ×
          </button>
        </span>
      )}
    </div>
  );
}
