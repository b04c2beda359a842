import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { TableFrame } from '../../../components/table-frame';
import { AUDIT_PAGE_SIZE, useAuditPeople, useAuditTrail, type AuditQuery, type AuditRow } from '../api/audit';
import { auditChanges, auditSummary } from '../utils/audit-text';

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

/** A row's changes beyond this many fold into "N more", so a whole invoice does not fill the page. */
const MAX_LINES = 8;

function ChangeList({ row }: { row: AuditRow }) {
  const changes = auditChanges(row);
  if (changes.length === 0) return null;
  const shown = changes.slice(0, MAX_LINES);
  return (
    <ul className="audit-changes">
      {shown.map((change) => (
        <li key={change.label}>
          <span className="audit-field">{change.label}:</span>{' '}
          {change.before !== null && change.after !== null ? (
            <>
              <span className="audit-before">{change.before}</span> → {change.after}
            </>
          ) : (
            (change.after ?? change.before)
          )}
        </li>
      ))}
      {changes.length > MAX_LINES && <li className="muted">… {changes.length - MAX_LINES} more</li>}
    </ul>
  );
}

/** /admin/audit: who did what and when, with what changed in words; filters by person, record and dates. */
export function AuditTrail() {
  const [query, setQuery] = useState<AuditQuery>({ entity: '', userId: null, from: '', to: '', page: 1 });
  const trail = useAuditTrail(query);
  const people = useAuditPeople();
  const change = (next: Partial<AuditQuery>) => setQuery((current) => ({ ...current, page: 1, ...next }));
  return (
    <section className="card" aria-label="Audit trail">
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
                    Changes
                  </th>
                </tr>
              </thead>
              <tbody>
                {trail.data.items.map((row) => (
                  <tr key={row.id}>
                    <td>{new Date(row.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
                    <td>{row.user?.name ?? 'System'}</td>
                    <td className="wrap">{auditSummary(row)}</td>
                    <td className="wrap">
                      <ChangeList row={row} />
                    </td>
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
