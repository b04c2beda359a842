import { EmptyState } from '../../../components/empty-state';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { QueryError } from '../../../components/query-error';
import { SelectField } from '../../../components/select-field';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { TableFrame } from '../../../components/table-frame';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSearchState } from '../../../lib/use-search-state';
import {
  ACTIVITY_LOG_PAGE_SIZE,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  useActivityLog,
  usePeople,
  type ActivityLogRow,
} from '../activity-log-api';

function what(row: ActivityLogRow): string {
  return [
    row.activity_name,
    row.element_text && `“${row.element_text}”`,
    row.response_time !== null && `${row.response_time} ms`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** /admin/activity (can_view_admin_page): the activity tracker's log, newest first, filtered in the URL. */
export default function ActivityLogPage() {
  useDocumentTitle('Activity log');
  const [params, update] = useSearchState();
  const filters = {
    userId: params.get('user_id') ?? '',
    type: params.get('activity_type') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const log = useActivityLog(filters);
  const people = usePeople();
  const items = log.data?.items ?? [];
  const filtered = Boolean(filters.userId || filters.type || filters.from || filters.to);

  return (
    <div>
      <PageHeader title="Activity log" />
      <section className="card" aria-label="Activity log">
        <div className="filter-bar" role="search">
          <SelectField
            label="Person"
            value={filters.userId}
            onChange={(event) => update({ user_id: event.target.value, page: null })}
          >
            <option value="">Everyone</option>
            {(people.data?.items ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Type"
            value={filters.type}
            onChange={(event) => update({ activity_type: event.target.value, page: null })}
          >
            <option value="">All types</option>
            {ACTIVITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {ACTIVITY_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <FormField
            label="From"
            type="date"
            value={filters.from}
            onChange={(event) => update({ from: event.target.value, page: null })}
          />
          <FormField
            label="To"
            type="date"
            value={filters.to}
            onChange={(event) => update({ to: event.target.value, page: null })}
          />
        </div>
        {log.isPending && <SkeletonRows label="Loading the activity log" />}
        {log.isError && <QueryError error={log.error} />}
        {log.data && items.length === 0 && (
          <EmptyState title={filtered ? 'No activity matches these filters' : 'No activity recorded yet'} />
        )}
        {log.data && items.length > 0 && (
          <>
            <TableFrame>
              <table className="data-table">
                <caption className="visually-hidden">Activity log</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Person</th>
                    <th scope="col">Type</th>
                    <th scope="col" className="wrap">
                      What
                    </th>
                    <th scope="col" className="wrap">
                      Page
                    </th>
                    <th scope="col">Address</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((row) => (
                    <tr key={row.id}>
                      <td>{new Date(row.created_at).toLocaleString('en-US')}</td>
                      <td>{row.user.name}</td>
                      <td>{ACTIVITY_TYPE_LABELS[row.activity_type]}</td>
                      <td className="wrap">{what(row)}</td>
                      <td className="wrap">{row.page_title || row.page_url}</td>
                      <td>{row.ip_address}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
            <Pagination
              page={log.data.page}
              pageSize={ACTIVITY_LOG_PAGE_SIZE}
              total={log.data.total}
              noun="activities"
              onPage={(page) => update({ page: String(page) }, 'push')}
            />
          </>
        )}
      </section>
    </div>
  );
}
