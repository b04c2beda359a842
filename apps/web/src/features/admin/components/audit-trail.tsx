import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { TableFrame } from '../../../components/table-frame';
import { AUDIT_PAGE_SIZE, useAuditPeople, useAuditTrail, type AuditQuery } from '../api/audit';

/** The entities the app records changes of (modules/*: writeAudit). */
const ENTITIES = [
  'client',
  'time_entry',
  'expense',
  'invoice',
  'payment',
  'user',
  'user_rate',
  'role',
  'organization_settings',
  'organization',
  'activity_type',
  'invoice_text',
  'time_settings',
];

const label = (entity: string) => entity.replace(/_/g, ' ');

const MAX_LINES = 8;
const MAX_VALUE = 80;

function fieldText(field: unknown): string {
  const text = typeof field === 'object' && field !== null ? JSON.stringify(field) : String(field);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/**
 * A before or after value, compact: with both sides, only the fields that differ; one per
 * line, long values cut, at most MAX_LINES lines (a whole invoice would fill the page).
 */
function changeText(value: unknown, other: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const others = (other && typeof other === 'object' ? other : null) as Record<string, unknown> | null;
  const lines = Object.entries(value as Record<string, unknown>)
    .filter(([key, field]) => !others || JSON.stringify(others[key]) !== JSON.stringify(field))
    .map(([key, field]) => `${key}: ${fieldText(field)}`);
  return lines.length > MAX_LINES
    ? [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more`].join('\n')
    : lines.join('\n');
}

/** /admin: who did what and when, with the values before and after; filters by person, entity and dates. */
export function AuditTrail() {
  const [query, setQuery] = useState<AuditQuery>({ entity: '', userId: null, from: '', to: '', page: 1 });
  const trail = useAuditTrail(query);
  const people = useAuditPeople();
  const change = (next: Partial<AuditQuery>) => setQuery((current) => ({ ...current, page: 1, ...next }));
  return (
    <section className="card admin-wide" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit trail</h2>
      <div className="filter-bar" role="search">
        <SelectField
          label="Person"
          value={query.userId ?? ''}
          onChange={(event) => change({ userId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">Everyone</option>
          {(people.data ?? []).map((person) => (
            <option key={person.id} value={person.id}>
              {`${person.first_name} ${person.last_name}`.trim() || person.username}
            </option>
          ))}
        </SelectField>
        <SelectField label="Record" value={query.entity} onChange={(event) => change({ entity: event.target.value })}>
          <option value="">All records</option>
          {ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {label(entity)}
            </option>
          ))}
        </SelectField>
        <FormField
          label="From"
          type="date"
          value={query.from}
          onChange={(event) => change({ from: event.target.value })}
        />
        <FormField label="To" type="date" value={query.to} onChange={(event) => change({ to: event.target.value })} />
      </div>
      {trail.isPending && <SkeletonRows label="Loading the audit trail" />}
      {trail.isError && (
        <p className="form-error" role="alert">
          {trail.error.message}
        </p>
      )}
      {trail.data && trail.data.items.length === 0 && <p className="muted">No changes match these filters.</p>}
      {trail.data && trail.data.items.length > 0 && (
        <>
          <TableFrame>
            <table className="data-table">
              <caption className="visually-hidden">Audit trail</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col" className="wrap">
                    Before
                  </th>
                  <th scope="col" className="wrap">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {trail.data.items.map((row) => (
                  <tr key={row.id}>
                    <td>{new Date(row.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
                    <td>{row.user?.name ?? 'System'}</td>
                    <td>
                      {row.action} {label(row.entity)}
                      {row.entity_id && ` #${row.entity_id}`}
                    </td>
                    <td className="wrap audit-change">{changeText(row.before, row.after)}</td>
                    <td className="wrap audit-change">{changeText(row.after, row.before)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pagination
            page={trail.data.page}
            pageSize={AUDIT_PAGE_SIZE}
            total={trail.data.total}
            noun={trail.data.total_capped ? 'changes (first 10,000 counted)' : 'changes'}
            onPage={(page) => setQuery((current) => ({ ...current, page }))}
          />
        </>
      )}
    </section>
  );
}
