import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ACCESSIBILITY_KEY,
  applyAccessibilitySettings,
  clampZoom,
  DEFAULT_ACCESSIBILITY,
  readAccessibilitySettings,
  ZOOM_STEP,
  type AccessibilitySettings,
  type AccessibilityToggle,
  type CursorSize,
} from '../../lib/accessibility-settings';
import { writeStorage } from '../../lib/storage-keys';
import { toast } from '../../lib/toasts';

type AccessibilityContextValue = {
  settings: AccessibilitySettings;
  toggle: (key: AccessibilityToggle) => void;
  setCursorSize: (size: CursorSize) => void;
  setZoom: (zoom: number) => void;
  zoomBy: (steps: number) => void;
  reset: () => void;
  modalOpen: boolean;
  setModalOpen: (open: boolean) => void;
};

const AccessibilityContext = createContext<AccessibilityContextValue | null>(null);

/** SPEC 4: each change saves all the settings at once; Reset removes them. */
export function AccessibilityProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(readAccessibilitySettings);
  const [modalOpen, setModalOpen] = useState(false);

  useEffect(() => applyAccessibilitySettings(settings), [settings]);
  // Leaving the shell (sign-out) puts the page back as it was for the login page's next visitor.
  useEffect(() => () => applyAccessibilitySettings(DEFAULT_ACCESSIBILITY), []);

  const value = useMemo<AccessibilityContextValue>(() => {
    const save = (change: (current: AccessibilitySettings) => AccessibilitySettings) =>
      setSettings((current) => {
        const next = change(current);
        writeStorage(ACCESSIBILITY_KEY, JSON.stringify(next));
        return next;
      });
    return {
      settings,
      toggle: (key) => save((current) => ({ ...current, [key]: !current[key] })),
      setCursorSize: (cursorSize) => save((current) => ({ ...current, cursorSize })),
      setZoom: (zoom) => save((current) => ({ ...current, zoomLevel: clampZoom(zoom) })),
      zoomBy: (steps) =>
        save((current) => ({ ...current, zoomLevel: clampZoom(current.zoomLevel + steps * ZOOM_STEP) })),
      reset: () => {
        try {
          window.localStorage.removeItem(ACCESSIBILITY_KEY);
        } catch {
          // Storage disabled: there is nothing saved to remove.
        }
        setSettings({ ...DEFAULT_ACCESSIBILITY });
        toast.success('Accessibility settings reset.');
      },
      modalOpen,
      setModalOpen,
    };
  }, [settings, modalOpen]);

  return <AccessibilityContext.Provider value={value}>{children}</AccessibilityContext.Provider>;
}

export function useAccessibility(): AccessibilityContextValue {
  const value = useContext(AccessibilityContext);
  if (!value) throw new Error('useAccessibility must be used within an AccessibilityProvider');
  return value;
}
