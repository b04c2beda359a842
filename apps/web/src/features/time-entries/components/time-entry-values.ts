import type { TimeEntry } from '../api/time-views';
import { minutesToHoursInput, parseHoursToMinutes } from '../utils/duration';
import { clientChoiceOf, type ClientChoice } from './client-picker';

/** A time entry as its form holds it: the API's field names, hours as typed. */
export type TimeEntryFormValues = {
  client_id: ClientChoice | null;
  activity_type_id: string;
  entry_date: string;
  /** Hours as typed: "1.5", "1:30". */
  minutes: string;
  narrative: string;
  billable: boolean;
  status: string;
};

export type TimeEntryDefaults = { date: string; client?: ClientChoice | null };

export function formValues(entry: TimeEntry | null, defaults: TimeEntryDefaults): TimeEntryFormValues {
  return {
    client_id: entry ? clientChoiceOf(entry.client) : (defaults.client ?? null),
    activity_type_id: entry ? String(entry.activity_type_id) : '',
    entry_date: entry?.entry_date ?? defaults.date,
    minutes: entry ? minutesToHoursInput(entry.minutes) : '',
    narrative: entry?.narrative ?? '',
    billable: entry?.billable ?? true,
    status: entry?.status ?? 'draft',
  };
}

export function inputOf(values: TimeEntryFormValues) {
  return {
    client_id: values.client_id?.id,
    activity_type_id: values.activity_type_id ? Number(values.activity_type_id) : undefined,
    entry_date: values.entry_date || undefined,
    minutes: parseHoursToMinutes(values.minutes) ?? undefined,
    narrative: values.narrative,
    billable: values.billable,
    status: values.status,
  };
}
