import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { shellPaths } from '../../../config/paths';
import { useStopTimer, useTimer } from '../api/timer';
import { formatElapsed } from '../utils/duration';
import { clientLabel } from './client-picker';
import { TimerConfirm } from './timer-confirm';
import { TimerStartDialog } from './timer-start-dialog';
import { useTickingNow } from './use-ticking-now';
import './top-bar-timer.css';

/** Alt+S starts and stops the timer (docs/decisions/0105); SPEC 2's shortcuts keep Ctrl/Cmd+K, Ctrl+Space, / and Alt+A. */
export const TIMER_SHORTCUT = 'Alt+S';

function isTimerShortcut(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyS';
}

/**
 * The running timer in the top bar of every page (GET /timer, shared with the Time & Expense
 * page): client, elapsed time and Stop while it runs, else a Start button. Alt+S does the same
 * from anywhere, also inside a field (it types nothing a US keyboard needs).
 */
export function TopBarTimer() {
  const timer = useTimer();
  const stop = useStopTimer();
  const [starting, setStarting] = useState(false);
  const [message, setMessage] = useState('');
  const [askShort, setAskShort] = useState(false);
  const running = timer.data ?? null;
  const now = useTickingNow(running !== null);
  const stopRef = useRef<() => void>(() => undefined);

  async function stopAndRecord(): Promise<void> {
    setAskShort(false);
    if (!running || running.fetchedAt === 0 || stop.isPending) return;
    setMessage('');
    try {
      await stop.mutateAsync({ status: 'draft' });
      setMessage(`Timer stopped: time recorded for ${clientLabel(running.client)}.`);
    } catch (failure) {
      setMessage(failure instanceof Error ? failure.message : String(failure));
    }
  }

  const elapsed = running
    ? running.elapsed_seconds + (running.fetchedAt === 0 ? 0 : (now - running.fetchedAt) / 1000)
    : 0;

  // A run under a minute asks first, as the Time & Expense page's timer does (ADR 0102).
  function requestStop(): void {
    if (elapsed < 60) setAskShort(true);
    else void stopAndRecord();
  }

  // The shortcut's listener stays put; it calls the latest stop, which knows the latest timer.
  useEffect(() => {
    stopRef.current = requestStop;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTimerShortcut(event) || event.repeat) return;
      event.preventDefault();
      if (running) stopRef.current();
      else if (timer.isSuccess) setStarting(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [running, timer.isSuccess]);

  if (!timer.isSuccess) return null;
  return (
    <div className="top-bar-timer">
      {running ? (
        <>
          <Link
            className="top-bar-timer-run"
            to={shellPaths.profile.getHref()}
            title={`${clientLabel(running.client)} · ${running.activity_type.name}`}
          >
            <span className="top-bar-timer-dot" aria-hidden="true" />
            <span className="top-bar-timer-clock" role="timer" aria-label="Timer running">
              {formatElapsed(elapsed)}
            </span>
            <span className="top-bar-timer-client">{running.client.legal_name}</span>
          </Link>
          <button
            type="button"
            className="button button-small"
            aria-keyshortcuts="Alt+S"
            title={`Stop and record (${TIMER_SHORTCUT})`}
            disabled={stop.isPending || running.fetchedAt === 0}
            onClick={requestStop}
          >
            Stop
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button-small top-bar-timer-start"
          aria-keyshortcuts="Alt+S"
          title={`Start a timer (${TIMER_SHORTCUT})`}
          onClick={() => {
            setMessage('');
            setStarting(true);
          }}
        >
          <Icon name="clock" className="top-bar-timer-icon" />
          <span className="top-bar-timer-label">Start timer</span>
        </button>
      )}
      <span className="visually-hidden" aria-live="polite">
        {message}
      </span>
      <TimerStartDialog open={starting} onClose={() => setStarting(false)} />
      <TimerConfirm
        question={askShort && running ? 'short' : null}
        what={running ? `${clientLabel(running.client)} · ${running.activity_type.name}` : ''}
        busy={stop.isPending}
        onConfirm={() => void stopAndRecord()}
        onCancel={() => setAskShort(false)}
      />
    </div>
  );
}
