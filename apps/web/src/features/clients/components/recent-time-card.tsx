import { Link } from 'react-router';
import { formatHours, formatMoney } from '@practice/shared';
import { StatusBadge } from '../../../components/status-badge';
import { shellPaths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import type { RecentTime } from '../api/client-views';
import { TableFrame } from '../../../components/table-frame';
import { Hours } from '../../../components/hours';

/**
 * The client's latest time entries (those the reader may see); with can_edit_time_entries
 * an unbilled one opens in /time_entries/{id}/edit.
 */
export function RecentTimeCard({ entries, canEditTime }: { entries: RecentTime[]; canEditTime: boolean }) {
  return (
    <section className="card" aria-labelledby="client-recent-time-heading">
      <h2 id="client-recent-time-heading">Recent time</h2>
      {entries.length === 0 ? (
        <p className="muted">No time recorded for this client yet.</p>
      ) : (
        <TableFrame>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Staff</th>
                <th scope="col">Activity</th>
                <th scope="col" className="wrap">
                  Narrative
                </th>
                <th scope="col" className="num">
                  Hours
                </th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
                {canEditTime && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="numeric">{formatDate(entry.entry_date)}</td>
                  <td>{entry.user.name}</td>
                  <td>{entry.activity_type.name}</td>
                  <td className="wrap">{entry.narrative}</td>
                  <td className="num">
                    <Hours minutes={entry.minutes} />
                  </td>
                  <td className="num">{entry.billable ? formatMoney(entry.amount_cents, { decimals: true }) : '—'}</td>
                  <td>
                    <StatusBadge status={entry.status} />
                  </td>
                  {canEditTime && (
                    <td>
                      {entry.status !== 'billed' && (
                        <Link
                          to={shellPaths.timeEntryEdit.getHref(entry.id)}
                          aria-label={`Edit ${entry.user.name}'s ${formatHours(entry.minutes)} h of ${formatDate(entry.entry_date)}`}
                        >
                          Edit
                        </Link>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
