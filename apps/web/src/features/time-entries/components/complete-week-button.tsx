import { useState } from 'react';
import { formatHours, formatMoney } from '@practice/shared';
import { Modal } from '../../../components/modal';
import { QueryError } from '../../../components/query-error';
import { formatDate } from '../../../lib/format';
import { useCompleteWeek, useWeekDrafts, type WeekDrafts } from '../api/complete-week';

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "3 draft time entries (4.5 h) and 1 draft expense ($12.50)": the parts there are. */
function draftsText({ timeEntries, minutes, expenses, expenseCents }: WeekDrafts, adjective: string): string {
  const parts = [
    timeEntries > 0 &&
      `${counted(timeEntries, `${adjective}time entry`, `${adjective}time entries`)} (${formatHours(minutes)} h)`,
    expenses > 0 &&
      `${counted(expenses, `${adjective}expense`, `${adjective}expenses`)} (${formatMoney(expenseCents, { decimals: true })})`,
  ].filter(Boolean);
  return parts.join(' and ');
}

type CompleteWeekButtonProps = {
  weekStart: string;
  onDone: (message: string) => void;
};

/**
 * "Complete the week" (ADR 0198): asks first with the count and hours of the signed-in user's
 * draft time of the week and the count and amount of its draft expenses, then completes them
 * in one call; the message afterwards says what the server completed.
 */
export function CompleteWeekButton({ weekStart, onDone }: CompleteWeekButtonProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const drafts = useWeekDrafts(weekStart, open);
  const completeWeek = useCompleteWeek();
  const week = `the week of ${formatDate(weekStart, true)}`;
  const found = drafts.data;
  const none = found !== undefined && found.timeEntries === 0 && found.expenses === 0;

  async function confirm(): Promise<void> {
    setError(null);
    try {
      const done = await completeWeek.mutateAsync(weekStart);
      const what = draftsText(
        {
          timeEntries: done.time_entries,
          minutes: done.minutes,
          expenses: done.expenses,
          expenseCents: done.expense_cents,
        },
        '',
      );
      setOpen(false);
      onDone(what ? `Completed ${what} of ${week}.` : `Nothing was left to complete in ${week}.`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Complete the week
      </button>
      <Modal open={open} title="Complete the week" onClose={() => setOpen(false)}>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {drafts.isPending && <p className="muted">Counting the drafts of {week}…</p>}
        {drafts.isError && <QueryError error={drafts.error} />}
        {found && none && <p>There are no drafts in {week}: everything in it is completed already.</p>}
        {found && !none && (
          <p>
            Complete {draftsText(found, 'draft ')} of {week}? Completed work goes to billing.
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setOpen(false)} data-autofocus>
            {none ? 'Back to the week' : 'Cancel'}
          </button>
          {found && !none && (
            <button
              type="button"
              className="button button-primary"
              disabled={completeWeek.isPending}
              onClick={() => void confirm()}
            >
              {completeWeek.isPending ? 'Completing...' : 'Complete the week'}
            </button>
          )}
        </div>
      </Modal>
    </>
  );
}
