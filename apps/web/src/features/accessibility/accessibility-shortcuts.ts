import { useEffect, useRef } from 'react';
import { useAccessibility } from './accessibility-context';

/** SPEC 2's shortcuts; their actions (not in SPEC) are ADR 0158's choice. */
export const ACCESSIBILITY_SHORTCUTS = [
  { keys: 'Alt+A', action: 'Open or close these accessibility settings' },
  { keys: 'Alt+H', action: 'High contrast on or off' },
  { keys: 'Alt+T', action: 'Large text on or off' },
  { keys: 'Alt+R', action: 'Reading guide on or off' },
  { keys: 'Alt++', action: 'Zoom in by 10%' },
  { keys: 'Alt+-', action: 'Zoom out by 10%' },
] as const;

/** SPEC 9: the same shortcut repeated within 200 ms (a held key) acts once. */
export const SHORTCUT_DEBOUNCE_MS = 200;

/** Physical keys (event.code): Alt with a letter types another character on a Mac keyboard. */
export function useAccessibilityShortcuts(): void {
  const { toggle, zoomBy, modalOpen, setModalOpen } = useAccessibility();
  const last = useRef({ code: '', at: -Infinity });
  useEffect(() => {
    const actions: Record<string, () => void> = {
      KeyA: () => setModalOpen(!modalOpen),
      KeyH: () => toggle('highContrast'),
      KeyT: () => toggle('largeText'),
      KeyR: () => toggle('readingGuide'),
      Equal: () => zoomBy(1),
      NumpadAdd: () => zoomBy(1),
      Minus: () => zoomBy(-1),
      NumpadSubtract: () => zoomBy(-1),
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const action = actions[event.code];
      if (!action) return;
      event.preventDefault();
      if (event.code === last.current.code && event.timeStamp - last.current.at < SHORTCUT_DEBOUNCE_MS) return;
      last.current = { code: event.code, at: event.timeStamp };
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toggle, zoomBy, modalOpen, setModalOpen]);
}
