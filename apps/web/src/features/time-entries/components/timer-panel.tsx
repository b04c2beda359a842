import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { timerStartSchema, type TimerStartInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useActivityOptions } from '../api/activity-options';
import { useDiscardTimer, useStartTimer, useStopTimer, useTimer, type RunningTimer } from '../api/timer';
import { formatElapsed } from '../utils/duration';
import { ActivitySelect } from './activity-select';
import { ClientField } from './client-field';
import { TimerConfirm, type TimerQuestion } from './timer-confirm';
import { clientLabel, type ClientChoice } from './client-picker';
import { useTickingNow } from './use-ticking-now';

type TimerFormValues = { client_id: ClientChoice | null; activity_type_id: string; narrative: string };

const EMPTY: TimerFormValues = { client_id: null, activity_type_id: '', narrative: '' };

function inputOf(values: TimerFormValues) {
  return {
    client_id: values.client_id?.id,
    activity_type_id: values.activity_type_id ? Number(values.activity_type_id) : undefined,
    narrative: values.narrative,
  };
}

type RunningProps = {
  timer: RunningTimer;
  onStopped: (text: string) => void;
  /** Just started from the form, whose field had the focus: the focus moves to Stop and record. */
  takeFocus: boolean;
};

function Running({ timer, onStopped, takeFocus }: RunningProps) {
  const now = useTickingNow(true);
  const stop = useStopTimer();
  const discard = useDiscardTimer();
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState<TimerQuestion | null>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const confirmed = timer.fetchedAt !== 0;
  const elapsed = confirmed ? timer.elapsed_seconds + (now - timer.fetchedAt) / 1000 : 0;

  // The form the focus was in is gone; Stop and record is where a keyboard user goes next.
  useEffect(() => {
    if (takeFocus && confirmed && (document.activeElement === null || document.activeElement === document.body)) {
      stopRef.current?.focus();
    }
  }, [takeFocus, confirmed]);

  async function act(action: 'stop' | 'discard'): Promise<void> {
    setQuestion(null);
    setError(null);
    try {
      if (action === 'stop') {
        await stop.mutateAsync({ status: 'draft' });
        onStopped(`Recorded the timer's time for ${clientLabel(timer.client)}.`);
      } else {
        await discard.mutateAsync();
        onStopped('Timer discarded.');
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <div className="timer-running">
      <p className="timer-clock" role="timer" aria-label="Time running">
        {formatElapsed(elapsed)}
      </p>
      <p className="timer-what">
        <strong>{clientLabel(timer.client)}</strong> · {timer.activity_type.name}
        {timer.narrative && <span className="muted"> · {timer.narrative}</span>}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={() => setQuestion('discard')} disabled={discard.isPending}>
          Discard
        </button>
        <button
          ref={stopRef}
          type="button"
          className="button button-primary"
          onClick={() => (elapsed < 60 ? setQuestion('short') : void act('stop'))}
          disabled={stop.isPending || !confirmed}
        >
          Stop and record
        </button>
      </div>
      <TimerConfirm
        question={question}
        what={`${clientLabel(timer.client)} · ${timer.activity_type.name}`}
        busy={stop.isPending || discard.isPending}
        onConfirm={(asked) => void act(asked === 'short' ? 'stop' : 'discard')}
        onCancel={() => setQuestion(null)}
      />
    </div>
  );
}

/** The running timer (GET /timer, so it survives a reload), or the form that starts one. */
export function TimerPanel() {
  const timer = useTimer();
  const start = useStartTimer();
  const [notice, setNotice] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setValue, control, reset } = useForm<
    TimerFormValues,
    unknown,
    TimerStartInput
  >({ defaultValues: EMPTY, resolver: schemaResolver(timerStartSchema, inputOf) });
  const { errors } = formState;
  const client = useWatch({ control, name: 'client_id' });
  const activities = useActivityOptions(client?.id ?? null);

  async function submit(input: TimerStartInput): Promise<void> {
    setNotice(null);
    setFormError(null);
    const activity = activities.data?.find((option) => option.id === input.activity_type_id);
    if (!client || !activity) return;
    // Shown running at once; fetchedAt 0 marks it as not yet confirmed, so it cannot be stopped yet.
    const optimistic: RunningTimer = {
      client,
      activity_type: { id: activity.id, name: activity.name, code: activity.code },
      narrative: input.narrative,
      started_at: new Date().toISOString(),
      elapsed_seconds: 0,
      fetchedAt: 0,
    };
    try {
      setStarted(true);
      await start.mutateAsync({ input, optimistic });
      reset(EMPTY);
    } catch (error) {
      setStarted(false);
      setFormError(showServerErrors(error, setError, (name) => name in EMPTY));
    }
  }

  return (
    <section className="card" aria-labelledby="timer-heading">
      <h2 id="timer-heading">Timer</h2>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      {timer.isError && (
        <p className="form-error" role="alert">
          {timer.error.message}
        </p>
      )}
      {timer.data ? (
        <Running timer={timer.data} onStopped={setNotice} takeFocus={started} />
      ) : (
        timer.isSuccess && (
          <form className="timer-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
            {formError && (
              <p className="form-error" role="alert">
                {formError}
              </p>
            )}
            <div className="form-grid">
              <ClientField
                control={control}
                name="client_id"
                label="Client"
                error={errors.client_id?.message}
                onClientChange={() => setValue('activity_type_id', '')}
              />
              <ActivitySelect
                clientId={client?.id ?? null}
                error={errors.activity_type_id?.message}
                {...register('activity_type_id')}
              />
              <FormField
                label="Narrative"
                autoComplete="off"
                error={errors.narrative?.message}
                {...register('narrative')}
              />
            </div>
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
                Start timer
              </button>
            </div>
          </form>
        )
      )}
      <p className="field-hint">
        Stopping records the whole minutes elapsed as a draft entry dated the day the timer started.
      </p>
    </section>
  );
}
