import { useSyncExternalStore } from 'react';

/** Whether the global search is open: any part of the shell may open it (shortcut, dashboard bar, top bar). */
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

export const openGlobalSearch = () => set(true);
export const closeGlobalSearch = () => set(false);

export function useGlobalSearchOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
