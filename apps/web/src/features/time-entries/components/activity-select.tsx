import type { Ref, SelectHTMLAttributes } from 'react';
import { SelectField } from '../../../components/select-field';
import { useActivityOptions } from '../api/activity-options';

type ActivitySelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  clientId: number | null;
  label?: string;
  error?: string;
  /** An entry's own activity, kept as a choice even if it is no longer offered for new work. */
  current?: { id: number; name: string } | null;
  ref?: Ref<HTMLSelectElement>;
};

/** The activity types the chosen client may be charged for; empty until a client is chosen. */
export function ActivitySelect({
  clientId,
  label = 'Activity type',
  error,
  current,
  ref,
  ...select
}: ActivitySelectProps) {
  const options = useActivityOptions(clientId);
  const items = options.data ?? [];
  const keepCurrent = current && !items.some((item) => item.id === current.id);
  const placeholder =
    clientId === null
      ? 'Choose a client first'
      : options.isPending
        ? 'Loading...'
        : items.length === 0
          ? 'No activity types enabled for this client'
          : 'Choose...';
  return (
    <SelectField label={label} error={error ?? options.error?.message} ref={ref} {...select}>
      <option value="">{placeholder}</option>
      {keepCurrent && <option value={String(current.id)}>{current.name}</option>}
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {item.name} ({item.code})
        </option>
      ))}
    </SelectField>
  );
}
