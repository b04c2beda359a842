import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { weekQuery } from '../api/week';
import { addDays } from '../utils/calendar';
import type { ActivityChoice } from './add-row-form';
import type { ClientChoice } from './client-picker';

export type GridRowChoice = { client: ClientChoice; activity: ActivityChoice };

type CopyLastWeekButtonProps = {
  weekStart: string;
  /** Adds the rows the week lacks; answers how many were new. */
  onCopy: (rows: GridRowChoice[]) => number;
};

/**
 * Copies last week's rows (client and activity type, never hours) into this week's grid, as
 * Harvest does (docs/decisions/0109): they are empty rows until hours are typed in them.
 */
export function CopyLastWeekButton({ weekStart, onCopy }: CopyLastWeekButtonProps) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function copy(): Promise<void> {
    setBusy(true);
    setMessage('');
    try {
      const previous = await queryClient.fetchQuery(weekQuery(addDays(weekStart, -7)));
      const added = onCopy(previous.rows.map((row) => ({ client: row.client, activity: row.activity_type })));
      setMessage(
        previous.rows.length === 0
          ? 'Last week has no rows to copy.'
          : added === 0
            ? 'This week already has every row of last week.'
            : `Copied ${added} ${added === 1 ? 'row' : 'rows'} from last week. Type hours in them to record time.`,
      );
    } catch (failure) {
      setMessage(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="copy-week">
      <button type="button" className="button button-small" disabled={busy} onClick={() => void copy()}>
        Copy last week’s rows
      </button>
      <span className="muted" aria-live="polite">
        {message}
      </span>
    </div>
  );
}
