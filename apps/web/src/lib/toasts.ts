import { useSyncExternalStore } from 'react';
import { TOAST_DEFAULT_MS, TOAST_EXIT_MS } from '@practice/shared';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export type Toast = {
  id: number;
  kind: ToastKind;
  message: string;
  /** Sorts before every toast that is not (SPEC 4). */
  important: boolean;
  /** Auto-dismiss after this long; null for a spinner toast, which stays until it is done. */
  durationMs: number | null;
  spinner: boolean;
  /** Set when it leaves: it is drawn leaving for TOAST_EXIT_MS, then removed. */
  leaving: boolean;
  createdAt: number;
};

export type ToastOptions = { important?: boolean; durationMs?: number };

/** SPEC 5: messages over the maximum length are truncated with '...'. */
export const TOAST_MESSAGE_MAX = 160;

export function truncateMessage(message: string, max = TOAST_MESSAGE_MAX): string {
  return message.length > max ? `${message.slice(0, max - 3).trimEnd()}...` : message;
}

/** SPEC 8: an error toast reads '{title}: {message}'. */
export function errorText(title: string, error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message ? `${title}: ${message}` : title;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Important first, then oldest first (SPEC 4). */
function ordered(list: Toast[]): Toast[] {
  return list.sort((a, b) => Number(b.important) - Number(a.important) || a.createdAt - b.createdAt || a.id - b.id);
}

function publish(next: Toast[]): void {
  toasts = ordered(next);
  for (const listener of listeners) listener();
}

function update(id: number, change: Partial<Toast>): void {
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, ...change } : toast)));
}

/** Starts the exit: drawn leaving for 400 ms (SPEC 9), then gone. */
export function dismissToast(id: number): void {
  const toast = toasts.find((item) => item.id === id);
  if (!toast || toast.leaving) return;
  clearTimeout(timers.get(id));
  update(id, { leaving: true });
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, TOAST_EXIT_MS),
  );
}

/** Auto-dismiss in `ms`; the region pauses (clears) it while hovered and starts it again with the time left. */
export function scheduleDismiss(id: number, ms: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
}

export function pauseDismiss(id: number): void {
  const toast = toasts.find((item) => item.id === id);
  if (toast && !toast.leaving) clearTimeout(timers.get(id));
}

function add(kind: ToastKind, message: string, options: ToastOptions & { spinner?: boolean } = {}): number {
  const id = nextId++;
  const spinner = options.spinner ?? false;
  const durationMs = spinner ? null : (options.durationMs ?? TOAST_DEFAULT_MS);
  publish([
    ...toasts,
    {
      id,
      kind,
      message: truncateMessage(message),
      important: options.important ?? kind === 'error',
      durationMs,
      spinner,
      leaving: false,
      createdAt: Date.now(),
    },
  ]);
  if (durationMs !== null) scheduleDismiss(id, durationMs);
  return id;
}

export type SpinnerToast = { done: (message?: string) => void; fail: (title: string, error?: unknown) => void };

/** SPEC 4 toasts: auto-dismissed after 3000 ms by default; errors are important and read '{title}: {message}'. */
export const toast = {
  success: (message: string, options?: ToastOptions) => add('success', message, options),
  info: (message: string, options?: ToastOptions) => add('info', message, options),
  warning: (message: string, options?: ToastOptions) => add('warning', message, options),
  error: (title: string, error?: unknown, options?: ToastOptions) => add('error', errorText(title, error), options),
  /** A spinner toast that stays until the work is done; then it becomes its outcome. */
  spinner: (message: string): SpinnerToast => {
    const id = add('info', message, { spinner: true });
    const finish = (kind: ToastKind, text: string) => {
      update(id, {
        kind,
        message: truncateMessage(text),
        spinner: false,
        durationMs: TOAST_DEFAULT_MS,
        important: kind === 'error',
      });
      scheduleDismiss(id, TOAST_DEFAULT_MS);
    };
    return {
      done: (text) => (text ? finish('success', text) : dismissToast(id)),
      fail: (title, error) => finish('error', errorText(title, error)),
    };
  },
};

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}

/** Tests only: forget every toast and timer. */
export function resetToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts = [];
  nextId = 1;
}
