import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatHours } from '@practice/shared';
import { Hours } from '../../../components/hours';
import { fetchTimeEntry, inputFrom, useDeleteTimeEntry, useSaveTimeEntry } from '../api/time-entry';
import type { Week } from '../api/time-views';
import { dayLabel } from '../utils/calendar';
import { clientLabel, type ClientChoice } from './client-picker';
import { AddRowForm, type ActivityChoice } from './add-row-form';
import { CopyLastWeekButton, type GridRowChoice } from './copy-last-week-button';
import { WeekCell, type CellMove } from './week-cell';

type GridRow = {
  key: string;
  client: ClientChoice;
  activity: ActivityChoice;
  days: { date: string; minutes: number; entry_ids: number[] }[];
  total: number;
};

type WeekGridProps = {
  week: Week;
  selectedDay: string;
  onSelectDay: (date: string) => void;
};

const rowKey = (clientId: number, activityId: number) => `${clientId}:${activityId}`;

/**
 * The week grid of /profile: a row per client and activity type, a column per day, totals
 * both ways. A cell with no entry records a new draft entry; a cell with one entry changes
 * it (0 or empty deletes it); a cell with several is changed in the day list.
 */
export function WeekGrid({ week, selectedDay, onSelectDay }: WeekGridProps) {
  const queryClient = useQueryClient();
  const save = useSaveTimeEntry();
  const remove = useDeleteTimeEntry();
  const tableRef = useRef<HTMLTableElement>(null);
  const [added, setAdded] = useState<{ client: ClientChoice; activity: ActivityChoice }[]>([]);
  const [status, setStatus] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);

  const stored: GridRow[] = week.rows.map((row) => ({
    key: rowKey(row.client_id, row.activity_type_id),
    client: row.client,
    activity: row.activity_type,
    days: row.days,
    total: row.total_minutes,
  }));
  const storedKeys = new Set(stored.map((row) => row.key));
  const rows = [
    ...stored,
    ...added
      .filter(({ client, activity }) => !storedKeys.has(rowKey(client.id, activity.id)))
      .map(({ client, activity }) => ({
        key: rowKey(client.id, activity.id),
        client,
        activity,
        days: week.days.map((date) => ({ date, minutes: 0, entry_ids: [] })),
        total: 0,
      })),
  ];

  /** Rows the grid lacks join it, empty; answers how many joined. */
  function copyRows(choices: GridRowChoice[]): number {
    const present = new Set(rows.map((row) => row.key));
    const fresh = choices.filter(({ client, activity }) => {
      const key = rowKey(client.id, activity.id);
      if (present.has(key)) return false;
      present.add(key);
      return true;
    });
    if (fresh.length > 0) setAdded((current) => [...current, ...fresh]);
    return fresh.length;
  }

  function move(row: number, column: number, direction: CellMove): boolean {
    const [nextRow, nextColumn] = {
      up: [row - 1, column],
      down: [row + 1, column],
      left: [row, column - 1],
      right: [row, column + 1],
    }[direction] as [number, number];
    const target = tableRef.current?.querySelector<HTMLInputElement>(`[data-cell="${nextRow}:${nextColumn}"]`);
    target?.focus();
    return Boolean(target);
  }

  async function saveCell(row: GridRow, date: string, entryIds: number[], minutes: number): Promise<void> {
    const [only] = entryIds;
    if (only === undefined) {
      await save.mutateAsync({
        id: null,
        version: null,
        input: {
          client_id: row.client.id,
          activity_type_id: row.activity.id,
          entry_date: date,
          minutes,
          narrative: '',
          status: 'draft',
        },
      });
    } else {
      const entry = await fetchTimeEntry(queryClient, only);
      if (minutes === 0) await remove.mutateAsync(only);
      else await save.mutateAsync({ id: only, version: entry.version, input: inputFrom(entry, { minutes }) });
    }
    setStatus({ kind: 'saved', text: `Saved ${formatHours(minutes)} h for ${row.client.legal_name} on ${date}.` });
  }

  const dayClass = (date: string) => (date === selectedDay ? 'num is-selected-day' : 'num');

  return (
    <div className="week-grid">
      <p className={status?.kind === 'error' ? 'grid-status is-error' : 'grid-status'} role="status">
        {status?.text}
      </p>
      {/* A phone shows the selected day's column only; these buttons pick the day (ADR 0101). */}
      <div className="week-day-strip" role="group" aria-label="Day shown">
        {week.days.map((date) => {
          const { weekday, short } = dayLabel(date);
          return (
            <button
              key={date}
              type="button"
              className={date === selectedDay ? 'day-button is-selected' : 'day-button'}
              aria-pressed={date === selectedDay}
              onClick={() => onSelectDay(date)}
            >
              <span>{weekday}</span>
              <span className="muted">{short}</span>
            </button>
          );
        })}
      </div>
      <div className="table-scroll">
        <table className="data-table week-table" ref={tableRef}>
          <caption className="visually-hidden">
            Hours per day, week of {week.start}. Arrow keys move between cells; type hours and press Enter to record
            them.
          </caption>
          <thead>
            <tr>
              <th scope="col" className="wrap">
                Client and activity
              </th>
              {week.days.map((date) => {
                const { weekday, short } = dayLabel(date);
                return (
                  <th key={date} scope="col" className={dayClass(date)}>
                    <button
                      type="button"
                      className={date === selectedDay ? 'day-button is-selected' : 'day-button'}
                      aria-pressed={date === selectedDay}
                      aria-label={`Show ${weekday} ${short} in the day list`}
                      onClick={() => onSelectDay(date)}
                    >
                      <span>{weekday}</span>
                      <span className="muted">{short}</span>
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={week.days.length + 2} className="muted wrap">
                  No time this week yet. Add a row below, start the timer, or record time in the day list.
                </td>
              </tr>
            )}
            {rows.map((row, rowIndex) => (
              <tr key={row.key}>
                <th scope="row" className="wrap">
                  {clientLabel(row.client)}
                  <span className="muted"> · {row.activity.name}</span>
                </th>
                {row.days.map((cell, column) => {
                  const { weekday, short } = dayLabel(cell.date);
                  return (
                    <td key={cell.date} className={dayClass(cell.date)}>
                      <WeekCell
                        row={rowIndex}
                        column={column}
                        minutes={cell.minutes}
                        locked={cell.entry_ids.length > 1}
                        label={`Hours for ${row.client.legal_name}, ${row.activity.name}, ${weekday} ${short}`}
                        onSave={(minutes) => saveCell(row, cell.date, cell.entry_ids, minutes)}
                        onMove={move}
                        onError={(text) => setStatus({ kind: 'error', text })}
                      />
                    </td>
                  );
                })}
                <td className="num">
                  <Hours minutes={row.total} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {week.day_totals.map((minutes, index) => (
                <td key={week.days[index]} className={dayClass(week.days[index] ?? '')}>
                  <Hours minutes={minutes} />
                </td>
              ))}
              <td className="num">
                <Hours minutes={week.total_minutes} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <CopyLastWeekButton weekStart={week.start} onCopy={copyRows} />
      <AddRowForm
        onAdd={(client, activity) => {
          const existing = rows.findIndex((row) => row.key === rowKey(client.id, activity.id));
          if (existing < 0) setAdded((current) => [...current, { client, activity }]);
          const target = existing >= 0 ? existing : rows.length;
          requestAnimationFrame(() =>
            tableRef.current?.querySelector<HTMLInputElement>(`[data-cell="${target}:0"]`)?.focus(),
          );
        }}
      />
    </div>
  );
}
