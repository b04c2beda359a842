import { useRef } from 'react';
import { dismissToast, pauseDismiss, scheduleDismiss, useToasts, type Toast } from '../lib/toasts';
import { Icon } from './icon';
import './toast-region.css';

function ToastItem({ toast }: { toast: Toast }) {
  const left = useRef(toast.durationMs ?? 0);
  const since = useRef(0);
  const paused = useRef(false);

  // Hover or keyboard focus holds the toast (and its progress bar) until the pointer or focus leaves.
  function pause(): void {
    if (toast.durationMs === null || paused.current || toast.leaving) return;
    paused.current = true;
    left.current = Math.max(0, left.current - (Date.now() - (since.current || toast.createdAt)));
    pauseDismiss(toast.id);
  }
  function resume(): void {
    if (!paused.current) return;
    paused.current = false;
    since.current = Date.now();
    scheduleDismiss(toast.id, left.current);
  }

  const classes = ['toast', `toast-${toast.kind}`, toast.leaving && 'is-leaving'].filter(Boolean).join(' ');
  return (
    <li
      className={classes}
      role={toast.kind === 'error' ? 'alert' : undefined}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      {toast.spinner && <span className="toast-spinner" aria-hidden="true" />}
      <span className="toast-message">{toast.message}</span>
      <button
        type="button"
        className="icon-button toast-close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(toast.id)}
      >
        <Icon name="close" />
      </button>
      {toast.durationMs !== null && (
        <span
          key={`${toast.durationMs}-${toast.spinner}`}
          className="toast-progress"
          aria-hidden="true"
          style={{ animationDuration: `${toast.durationMs}ms` }}
        />
      )}
    </li>
  );
}

/**
 * SPEC 4 toasts, important first, announced to screen readers by a polite live region (errors
 * as alerts); hovering one pauses its countdown.
 */
export function ToastRegion() {
  const toasts = useToasts();
  return (
    <section className="toast-region" aria-label="Notifications">
      <ol className="toast-list" aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
