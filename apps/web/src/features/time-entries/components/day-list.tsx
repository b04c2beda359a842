import { useState } from 'react';
import { formatHours, formatMoney } from '@practice/shared';
import { Hours } from '../../../components/hours';
import { Modal } from '../../../components/modal';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { useCompleteEntries, useDuplicateEntry } from '../api/bulk-entries';
import { DAY_ENTRIES_MAX, useDayEntries } from '../api/day-entries';
import { inputFrom, useSaveTimeEntry } from '../api/time-entry';
import type { TimeEntry } from '../api/time-views';
import { dayLabel, mondayOf } from '../utils/calendar';
import { CompleteWeekButton } from './complete-week-button';
import { QuickEntry } from './quick-entry';
import { STATUS_LABELS } from './status-labels';
import { TimeEntryForm } from './time-entry-form';
import { TableFrame } from '../../../components/table-frame';

/** How the confirmations name an entry: "1.5 h for Acme LLC". */
function entryName(entry: TimeEntry): string {
  return `${formatHours(entry.minutes)} h for ${entry.client.legal_name}`;
}

/** How a row's buttons name their entry to a screen reader, told apart from the day's others by the activity. */
function rowName(entry: TimeEntry): string {
  return `${entryName(entry)}, ${entry.activity_type.name}`;
}

/**
 * One day of the signed-in user's time: quick entry, the day's entries with their status,
 * completing a draft, and editing an entry in a dialog (the user's own entries need no
 * more than can_view_time_entries; the server refuses what he may not change).
 */
export function DayList({ date }: { date: string }) {
  const entries = useDayEntries(date);
  const save = useSaveTimeEntry();
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const completeMany = useCompleteEntries();
  const duplicate = useDuplicateEntry();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const items = entries.data?.items ?? [];
  const drafts = items.filter((entry) => entry.status === 'draft');
  const chosen = drafts.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);

  function toggle(id: number, on: boolean): void {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function run(action: () => Promise<string>): Promise<void> {
    setError(null);
    setNotice(null);
    try {
      setNotice(await action());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  const completeChosen = () =>
    run(async () => {
      await completeMany.mutateAsync(chosen);
      setSelected(new Set());
      return `Completed ${chosen.length} ${chosen.length === 1 ? 'entry' : 'entries'}.`;
    });

  const duplicateEntry = (entry: TimeEntry) =>
    run(async () => {
      await duplicate.mutateAsync(entry.id);
      return `Duplicated ${formatHours(entry.minutes)} h for ${entry.client.legal_name} as a draft.`;
    });

  async function complete(entry: TimeEntry): Promise<void> {
    setError(null);
    setNotice(null);
    try {
      await save.mutateAsync({
        id: entry.id,
        version: entry.version,
        input: inputFrom(entry, { status: 'completed' }),
      });
      setNotice(`Completed ${entryName(entry)}.`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <section className="card" aria-labelledby="day-list-heading">
      <h2 id="day-list-heading">
        {dayLabel(date).weekday}, {formatDate(date, true)}
      </h2>
      <QuickEntry key={date} date={date} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <div className="button-row">
        {drafts.length > 0 && (
          <button
            type="button"
            className="button button-small"
            disabled={chosen.length === 0 || completeMany.isPending}
            onClick={() => void completeChosen()}
          >
            Complete selected ({chosen.length})
          </button>
        )}
        <CompleteWeekButton
          weekStart={mondayOf(date)}
          onDone={(message) => {
            setError(null);
            setNotice(message);
          }}
        />
      </div>
      {entries.isPending && <SkeletonRows rows={3} label="Loading the day's entries" />}
      {entries.isError && <QueryError error={entries.error} />}
      {entries.data && items.length === 0 && <p className="muted">No time recorded on this day.</p>}
      {items.length > 0 && (
        <TableFrame>
          <table className="data-table">
            <caption className="visually-hidden">Time entries of {formatDate(date, true)}</caption>
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  {drafts.length > 0 && (
                    <input
                      type="checkbox"
                      aria-label="Select every draft of the day"
                      checked={chosen.length === drafts.length}
                      onChange={(event) =>
                        setSelected(new Set(event.target.checked ? drafts.map((entry) => entry.id) : []))
                      }
                    />
                  )}
                </th>
                <th scope="col" className="wrap">
                  Client
                </th>
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
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td className="select-cell">
                    {entry.status === 'draft' && (
                      <input
                        type="checkbox"
                        aria-label={`Select ${formatHours(entry.minutes)} h for ${entry.client.legal_name}`}
                        checked={selected.has(entry.id)}
                        onChange={(event) => toggle(entry.id, event.target.checked)}
                      />
                    )}
                  </td>
                  <td className="wrap">{entry.client.legal_name}</td>
                  <td>{entry.activity_type.name}</td>
                  <td className="wrap">{entry.narrative}</td>
                  <td className="num">
                    <Hours minutes={entry.minutes} />
                  </td>
                  <td className="num">{entry.billable ? formatMoney(entry.amount_cents, { decimals: true }) : '—'}</td>
                  <td>
                    <StatusBadge status={entry.status} label={STATUS_LABELS[entry.status]} />
                  </td>
                  <td>
                    <span className="button-row">
                      {entry.status === 'draft' && (
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={`Complete ${rowName(entry)}`}
                          onClick={() => void complete(entry)}
                        >
                          Complete
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Duplicate ${rowName(entry)}`}
                        disabled={duplicate.isPending}
                        onClick={() => void duplicateEntry(entry)}
                      >
                        Duplicate
                      </button>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`${entry.status === 'billed' ? 'View' : 'Edit'} ${rowName(entry)}`}
                        onClick={() => {
                          setNotice(null);
                          setEditing(entry);
                        }}
                      >
                        {entry.status === 'billed' ? 'View' : 'Edit'}
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Day total
                </th>
                <td className="num">
                  <Hours minutes={entries.data?.totals.minutes} />
                </td>
                <td className="num">{formatMoney(entries.data?.totals.amount_cents, { decimals: true })}</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </TableFrame>
      )}
      {entries.data && entries.data.total > DAY_ENTRIES_MAX && (
        <p className="muted">
          Showing the first {DAY_ENTRIES_MAX} of {entries.data.total} entries of this day.
        </p>
      )}
      <Modal open={editing !== null} title="Edit time entry" onClose={() => setEditing(null)}>
        {editing && (
          <TimeEntryForm
            key={editing.id}
            entry={editing}
            defaults={{ date }}
            onDone={(saved) => {
              setEditing(null);
              setNotice(saved ? `Saved ${entryName(saved)}.` : 'Time entry deleted.');
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </section>
  );
}
