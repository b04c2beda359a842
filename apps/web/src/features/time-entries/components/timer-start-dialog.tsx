import { useEffect, useRef, useState, type FormEvent } from 'react';
import { timerStartSchema, type TimerStartInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useActivityOptions } from '../api/activity-options';
import { useStartTimer, type RunningTimer } from '../api/timer';
import { ActivitySelect } from './activity-select';
import { ClientPicker, type ClientChoice } from './client-picker';

type Errors = Partial<Record<keyof TimerStartInput | 'form', string>>;

/** Starts the timer from the top bar on any page: client, activity type and a narrative. */
export function TimerStartDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const start = useStartTimer();
  const [client, setClient] = useState<ClientChoice | null>(null);
  const [activityId, setActivityId] = useState('');
  const [narrative, setNarrative] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const activities = useActivityOptions(client?.id ?? null);
  const clientRef = useRef<HTMLInputElement>(null);

  // The dialog would focus its Close button first; a person opening it wants to pick the client.
  useEffect(() => {
    if (open) requestAnimationFrame(() => clientRef.current?.focus());
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const parsed = timerStartSchema.safeParse({
      client_id: client?.id,
      activity_type_id: activityId ? Number(activityId) : undefined,
      narrative,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof TimerStartInput] ??= issue.message;
      setErrors(found);
      return;
    }
    const activity = activities.data?.find((option) => option.id === parsed.data.activity_type_id);
    if (!client || !activity) return;
    const optimistic: RunningTimer = {
      client,
      activity_type: { id: activity.id, name: activity.name, code: activity.code },
      narrative: parsed.data.narrative,
      started_at: new Date().toISOString(),
      elapsed_seconds: 0,
      fetchedAt: 0,
    };
    setErrors({});
    try {
      await start.mutateAsync({ input: parsed.data, optimistic });
      setActivityId('');
      setNarrative('');
      onClose();
    } catch (failure) {
      setErrors({ form: failure instanceof Error ? failure.message : String(failure) });
    }
  }

  return (
    <Modal open={open} title="Start timer" onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Start timer">
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="form-grid">
          <ClientPicker
            ref={clientRef}
            label="Client"
            value={client}
            error={errors.client_id}
            onChange={(choice) => {
              setClient(choice);
              setActivityId('');
            }}
          />
          <ActivitySelect
            clientId={client?.id ?? null}
            value={activityId}
            error={errors.activity_type_id}
            onChange={(event) => setActivityId(event.target.value)}
          />
          <div className="span-all">
            <FormField
              label="Narrative"
              autoComplete="off"
              value={narrative}
              error={errors.narrative}
              onChange={(event) => setNarrative(event.target.value)}
            />
          </div>
        </div>
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={start.isPending}>
            Start timer
          </button>
        </div>
      </form>
    </Modal>
  );
}
