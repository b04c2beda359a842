import { useState, type FormEvent } from 'react';
import { useActivityOptions } from '../api/activity-options';
import { ActivitySelect } from './activity-select';
import { ClientPicker, type ClientChoice } from './client-picker';

export type ActivityChoice = { id: number; name: string; code: string };

type AddRowFormProps = { onAdd: (client: ClientChoice, activity: ActivityChoice) => void };

/** Adds a client and activity row to the week grid; its cells then take hours like any other. */
export function AddRowForm({ onAdd }: AddRowFormProps) {
  const [client, setClient] = useState<ClientChoice | null>(null);
  const [activityId, setActivityId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const activities = useActivityOptions(client?.id ?? null);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const activity = activities.data?.find((option) => String(option.id) === activityId);
    if (!client || !activity) {
      setError(client ? 'Choose an activity type' : 'Choose a client');
      return;
    }
    setError(null);
    onAdd(client, activity);
    setActivityId('');
  }

  return (
    <form className="add-row-form" noValidate onSubmit={submit} aria-label="Add a row to the week">
      <ClientPicker
        label="Row client"
        value={client}
        onChange={(choice) => {
          setClient(choice);
          setActivityId('');
        }}
      />
      <ActivitySelect
        label="Row activity type"
        clientId={client?.id ?? null}
        value={activityId}
        onChange={(event) => setActivityId(event.target.value)}
      />
      <button type="submit" className="button">
        Add row
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
