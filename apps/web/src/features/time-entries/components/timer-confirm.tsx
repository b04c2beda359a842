import { Modal } from '../../../components/modal';

/** What a running timer asks before it goes: throwing it away, or recording a run under a minute. */
export type TimerQuestion = 'discard' | 'short';

type TimerConfirmProps = {
  question: TimerQuestion | null;
  /** "Acme LLC · Tax return". */
  what: string;
  busy: boolean;
  onConfirm: (question: TimerQuestion) => void;
  onCancel: () => void;
};

/**
 * Asks before the timer's time is lost or a near-empty entry is recorded (ADR 0102); keeping
 * the timer running is the default, so Enter or Esc never loses time by accident.
 */
export function TimerConfirm({ question, what, busy, onConfirm, onCancel }: TimerConfirmProps) {
  const title = question === 'short' ? 'Record under a minute?' : 'Discard the timer?';
  return (
    <Modal open={question !== null} title={title} onClose={onCancel}>
      {question && (
        <div>
          <p>
            {question === 'short'
              ? `The timer for ${what} has run for less than a minute. Stopping it now records a 1-minute draft entry.`
              : `The time running for ${what} will not be recorded. This cannot be undone.`}
          </p>
          <div className="form-actions">
            <button type="button" className="button" onClick={onCancel} data-autofocus>
              Keep the timer running
            </button>
            <button
              type="button"
              className={question === 'short' ? 'button button-primary' : 'button button-danger'}
              disabled={busy}
              onClick={() => onConfirm(question)}
            >
              {question === 'short' ? 'Record 1 minute' : 'Discard the timer'}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
