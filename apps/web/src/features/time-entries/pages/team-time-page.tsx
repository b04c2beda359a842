import { Link } from 'react-router';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { Hours } from '../../../components/hours';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { formatDate } from '../../../lib/format';
import { useSearchState } from '../../../lib/use-search-state';
import { TEAM_PAGE_SIZE, useTeamTimesheet, type TeamTimesheet } from '../api/team-timesheet';
import { useFirmToday } from '../../../lib/firm-today';
import { addDays, dayLabel, isIsoDate, mondayOf } from '../utils/calendar';
import '../time-entries.css';

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

/** Links that set one filter of the URL and keep the others. */
function hrefWith(params: URLSearchParams, change: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('page');
  return `?${next.toString()}`;
}

function filterNames(data: TeamTimesheet | undefined, userId: string | null, clientId: string | null) {
  const person = data?.items.find((item) => String(item.user.id) === userId)?.user.name;
  const client = data?.items.flatMap((item) => item.rows).find((row) => String(row.client.id) === clientId)
    ?.client.legal_name;
  return { person: person ?? `person ${userId}`, client: client ?? `client ${clientId}` };
}

/**
 * /time_entries/team (can_edit_time_entries, docs/decisions/0108): everyone's week by person
 * and client, totals per person and for the filter, from minutes. The week, person, client
 * and page are in the URL; a person's or client's name filters by it.
 */
export default function TeamTimePage() {
  const [params, setParams] = useSearchState();
  const today = useFirmToday();
  const weekParam = params.get('week');
  const userId = POSITIVE_ID.test(params.get('user_id') ?? '') ? params.get('user_id') : null;
  const clientId = POSITIVE_ID.test(params.get('client_id') ?? '') ? params.get('client_id') : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const start = isIsoDate(weekParam) ? mondayOf(weekParam) : null;
  const team = useTeamTimesheet({ start, userId, clientId, page });
  const data = team.data;
  const names = filterNames(data, userId, clientId);
  const exportQuery = new URLSearchParams({ user_id: userId ?? 'all', sort: 'entry_date', order: 'asc' });
  if (data) {
    exportQuery.set('from', data.start);
    exportQuery.set('to', data.end);
  }
  if (clientId) exportQuery.set('client_id', clientId);

  return (
    <div className="time-page">
      <PageHeader
        title="Team time"
        actions={
          data && (
            <ExportCsvButton
              path={`/time-entries/export.csv?${exportQuery.toString()}`}
              fileName={`team-time-${data.start}.csv`}
            />
          )
        }
      />
      <section className="card" aria-labelledby="team-week-heading">
        <div className="card-header">
          <h2 id="team-week-heading">{data ? `Week of ${formatDate(data.start, true)}` : 'Week'}</h2>
          {data && (
            <div className="button-row">
              <button
                type="button"
                className="button button-small"
                onClick={() => setParams({ week: addDays(data.start, -7), page: null })}
              >
                Previous week
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => setParams({ week: mondayOf(today), page: null })}
              >
                This week
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => setParams({ week: addDays(data.start, 7), page: null })}
              >
                Next week
              </button>
            </div>
          )}
        </div>
        {(userId || clientId) && (
          <p className="team-filters">
            Showing{' '}
            {userId && (
              <span className="filter-chip">
                {names.person}{' '}
                <Link to={hrefWith(params, { user_id: null })} aria-label={`Show everyone, not only ${names.person}`}>
                  ×
                </Link>
              </span>
            )}{' '}
            {clientId && (
              <span className="filter-chip">
                {names.client}{' '}
                <Link
                  to={hrefWith(params, { client_id: null })}
                  aria-label={`Show every client, not only ${names.client}`}
                >
                  ×
                </Link>
              </span>
            )}
          </p>
        )}
        {team.isPending && <SkeletonRows label="Loading the team's week" />}
        {team.isError && <QueryError error={team.error} />}
        {data && (
          <p className="field-hint team-phone-hint">
            A phone shows each person’s week total; a wider screen adds the days.
          </p>
        )}
        {data && <TeamTable data={data} params={params} />}
        {data && (
          <Pagination
            page={page}
            pageSize={TEAM_PAGE_SIZE}
            total={data.total}
            noun="people"
            onPage={(next) => setParams({ page: next > 1 ? String(next) : null })}
          />
        )}
      </section>
    </div>
  );
}

function TeamTable({ data, params }: { data: TeamTimesheet; params: URLSearchParams }) {
  return (
    <div className="table-scroll">
      <table className="data-table team-table">
        <caption className="visually-hidden">
          Hours per person, client and day, week of {formatDate(data.start, true)}. Hover a figure for its exact hours
          and minutes.
        </caption>
        <thead>
          <tr>
            <th scope="col" className="wrap">
              Person and client
            </th>
            {data.days.map((date) => {
              const { weekday, short } = dayLabel(date);
              return (
                <th key={date} scope="col" className="num team-day">
                  <span>{weekday}</span> <span className="muted">{short}</span>
                </th>
              );
            })}
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        {data.items.length === 0 && (
          <tbody>
            <tr>
              <td colSpan={data.days.length + 2} className="muted">
                No time matches these filters this week.
              </td>
            </tr>
          </tbody>
        )}
        {data.items.map((person) => (
          <tbody key={person.user.id} className="team-person">
            <tr className="team-person-row">
              <th scope="row" className="wrap">
                <Link to={hrefWith(params, { user_id: String(person.user.id) })}>{person.user.name}</Link>
                {!person.user.active && <span className="muted"> (inactive)</span>}
              </th>
              {person.day_totals.map((minutes, index) => (
                <td key={data.days[index]} className="num team-day">
                  {minutes === 0 ? '' : <Hours minutes={minutes} />}
                </td>
              ))}
              <td className="num">
                <strong>
                  <Hours minutes={person.total_minutes} />
                </strong>
              </td>
            </tr>
            {person.rows.map((row) => (
              <tr key={row.client.id}>
                <th scope="row" className="wrap team-client">
                  <Link to={hrefWith(params, { client_id: String(row.client.id) })}>{row.client.legal_name}</Link>
                </th>
                {row.days.map((minutes, index) => (
                  <td key={data.days[index]} className="num team-day">
                    {minutes === 0 ? '' : <Hours minutes={minutes} />}
                  </td>
                ))}
                <td className="num">
                  <Hours minutes={row.total_minutes} />
                </td>
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot>
          <tr>
            <th scope="row">Total{data.total > data.items.length ? ' (all pages)' : ''}</th>
            {data.totals.day_totals.map((minutes, index) => (
              <td key={data.days[index]} className="num team-day">
                <Hours minutes={minutes} />
              </td>
            ))}
            <td className="num">
              <Hours minutes={data.totals.total_minutes} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
