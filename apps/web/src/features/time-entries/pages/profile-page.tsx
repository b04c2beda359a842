import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useFlashNotice } from '../../../lib/flash-notice';
import { formatDate } from '../../../lib/format';
import { useWeek } from '../api/week';
import { CompleteWeekButton } from '../components/complete-week-button';
import { DayList } from '../components/day-list';
import { ExpensesPanel } from '../components/expenses-panel';
import { TimerPanel } from '../components/timer-panel';
import { WeekGrid } from '../components/week-grid';
import { useFirmToday } from '../../../lib/firm-today';
import { addDays, isIsoDate, mondayOf } from '../utils/calendar';
import '../time-entries.css';

/**
 * /profile, the Time & Expense page (SPEC 2, can_view_time_entries): the signed-in user's
 * timer, week grid, day list with quick entry, and expenses. The week and the day are in
 * the URL (?week=, ?day=), so a reload or a link shows the same view.
 */
export default function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const dayParam = params.get('day');
  const weekParam = params.get('week');
  const requestedWeek = isIsoDate(weekParam) ? mondayOf(weekParam) : isIsoDate(dayParam) ? mondayOf(dayParam) : null;
  const week = useWeek(requestedWeek);
  const today = useFirmToday();
  const notice = useFlashNotice();
  const [weekNotice, setWeekNotice] = useState<{ start: string; text: string } | null>(null);
  const days = week.data?.days ?? [];
  const selectedDay =
    isIsoDate(dayParam) && days.includes(dayParam) ? dayParam : days.includes(today) ? today : (days[0] ?? null);

  function show(change: { week?: string; day?: string }): void {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (change.week) next.set('week', change.week);
        if (change.day) next.set('day', change.day);
        else if (change.week) next.delete('day');
        return next;
      },
      { replace: true },
    );
  }

  const start = week.data?.start;
  const recordTime = (
    <Link className="button" to={`${shellPaths.timeEntryCreate.getHref()}${selectedDay ? `?date=${selectedDay}` : ''}`}>
      Record time
    </Link>
  );
  return (
    <div className="time-page">
      <PageHeader title="Time & Expense" actions={recordTime} />
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <TimerPanel />
      <section className="card" aria-labelledby="week-heading">
        <div className="card-header">
          <h2 id="week-heading">{week.data ? `Week of ${formatDate(week.data.start, true)}` : 'Week'}</h2>
          {start && (
            <div className="button-row">
              <button type="button" className="button button-small" onClick={() => show({ week: addDays(start, -7) })}>
                Previous week
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => show({ week: mondayOf(today), day: today })}
              >
                This week
              </button>
              <button type="button" className="button button-small" onClick={() => show({ week: addDays(start, 7) })}>
                Next week
              </button>
              <ExportCsvButton
                path={`/time-entries/export.csv?from=${start}&to=${addDays(start, 6)}&sort=entry_date&order=asc`}
                fileName={`time-${start}.csv`}
                label="Export week CSV"
              />
              <CompleteWeekButton weekStart={start} onDone={(text) => setWeekNotice({ start, text })} />
            </div>
          )}
        </div>
        {weekNotice && weekNotice.start === start && (
          <p className="form-success" role="status">
            {weekNotice.text}
          </p>
        )}
        {week.isPending && <SkeletonRows label="Loading the week" />}
        {week.isError && <QueryError error={week.error} />}
        {week.data && selectedDay && (
          // Keyed by the week, so a message, a typed value or an added row of one week does not stay on the next.
          <WeekGrid
            key={week.data.start}
            week={week.data}
            selectedDay={selectedDay}
            onSelectDay={(day) => show({ day })}
          />
        )}
      </section>
      {selectedDay && <DayList date={selectedDay} />}
      <ExpensesPanel />
    </div>
  );
}
