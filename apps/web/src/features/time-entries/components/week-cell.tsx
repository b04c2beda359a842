import { useRef, useState, type KeyboardEvent } from 'react';
import { formatHours, formatHoursMinutes } from '@practice/shared';
import { dayLimitMessage, parseHoursToMinutes } from '../utils/duration';

export type CellMove = 'up' | 'down' | 'left' | 'right';

const MOVES: Record<string, CellMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

type WeekCellProps = {
  row: number;
  column: number;
  minutes: number;
  /** Several entries on one day and row: edited in the day list, not here. */
  locked: boolean;
  label: string;
  onSave: (minutes: number) => Promise<void>;
  /** Focuses the neighbouring cell; false when there is none. */
  onMove: (row: number, column: number, move: CellMove) => boolean;
  onError: (message: string) => void;
};

/**
 * One day of one row of the week grid. Typing hours replaces the cell (its text is selected
 * on focus); Enter or leaving the cell records them; Esc puts the stored value back; the
 * arrow keys move to the neighbouring cell (UI.md, keyboard first).
 */
export function WeekCell({ row, column, minutes, locked, label, onSave, onMove, onError }: WeekCellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  // Enter and the blur that follows it must not record the same hours twice.
  const saving = useRef(false);
  const stored = minutes > 0 ? formatHours(minutes) : '';

  async function commit(): Promise<void> {
    if (draft === null || saving.current) return;
    const typed = parseHoursToMinutes(draft) ?? 0;
    if (Number.isNaN(typed)) {
      setInvalid(true);
      onError(`${label}: type hours such as 1.5 or 1:30`);
      return;
    }
    const overDay = dayLimitMessage(draft);
    if (overDay) {
      setInvalid(true);
      onError(`${label}: ${overDay}`);
      return;
    }
    if (typed === minutes) {
      setDraft(null);
      return;
    }
    saving.current = true;
    try {
      await onSave(typed);
      setInvalid(false);
      setDraft(null);
    } catch (error) {
      setInvalid(true);
      onError(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      saving.current = false;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      onMove(row, column, move);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!onMove(row, column, 'down')) void commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
      setInvalid(false);
    }
  }

  return (
    <input
      className="week-cell"
      data-cell={`${row}:${column}`}
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid || undefined}
      readOnly={locked}
      title={
        locked
          ? `${formatHoursMinutes(minutes)} (h:mm) in several entries: change them in the day list`
          : minutes > 0
            ? `${formatHoursMinutes(minutes)} (h:mm)`
            : undefined
      }
      value={draft ?? stored}
      onFocus={(event) => event.target.select()}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void commit()}
      onKeyDown={onKeyDown}
    />
  );
}
