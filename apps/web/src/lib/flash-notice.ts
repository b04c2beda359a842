import { useEffect, useState } from 'react';

/**
 * A confirmation that outlives the page that saved: the edit page goes back (history -1,
 * which carries no state) and the page it lands on shows what was saved (ADR 0103). Until
 * the toasts of SPEC 4 exist, pages show it as their `form-success` line.
 */
let pending: string | null = null;

export function flashNotice(text: string): void {
  pending = text;
}

/** The confirmation left for this page, shown once: it is taken when the page mounts. */
export function useFlashNotice(): string | null {
  const [text] = useState(() => pending);
  useEffect(() => {
    if (pending === text) pending = null;
  }, [text]);
  return text;
}
