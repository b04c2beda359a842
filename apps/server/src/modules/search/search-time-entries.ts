import { formatHours, type SearchResult } from '@practice/shared';
import { dayOf } from './rows';

/**
 * A time entry found by search_view (migration 0052), among those the reader may see (ADR
 * 0044): by narrative within the latest 300 entries (his own, or the firm's for those who see
 * everyone's: a LIKE over ten million narratives cannot answer in the search's budget, and the
 * palette is for finding recent work, ADRs 0156 and 0173), or by client whatever its age.
 */
export type EntryRow = {
  id: number;
  narrative: string;
  entry_date: string;
  minutes: number;
  status: string;
  client_code: string;
  client_name: string;
};

/** Where an entry opens: its edit page for those who may edit it, else the reader's own time. */
export function timeEntryResult(row: EntryRow, editable: boolean): SearchResult {
  return {
    id: String(row.id),
    type: 'timeEntry',
    title: row.narrative || `${formatHours(row.minutes)} h for ${row.client_name}`,
    subtitle: `${row.client_name} (${row.client_code}) · ${formatHours(row.minutes)} h`,
    url: editable ? `/time_entries/${row.id}/edit` : '/profile',
    meta: { status: row.status, date: dayOf(row.entry_date) },
  };
}
