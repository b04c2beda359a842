import type { UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useActivityOptions } from '../api/activity-options';
import type { TimeEntryFormValues } from './time-entry-values';

/**
 * The activity type field of a time entry form, with the activity types of the chosen
 * client; choosing one sets Billable to that activity's flag.
 */
export function useActivityField(
  register: UseFormRegister<TimeEntryFormValues>,
  setValue: UseFormSetValue<TimeEntryFormValues>,
  clientId: number | null,
) {
  const activities = useActivityOptions(clientId);
  return register('activity_type_id', {
    onChange: (event: { target: { value: string } }) => {
      const picked = activities.data?.find((option) => String(option.id) === event.target.value);
      if (picked) setValue('billable', picked.billable);
    },
  });
}
