import { readStorage } from './storage-keys';

/** SPEC 3: the local key accessibilitySettings and its fields, all off by default. */
export const ACCESSIBILITY_KEY = 'accessibilitySettings';

export const ACCESSIBILITY_TOGGLES = [
  { key: 'highContrast', label: 'High contrast', className: 'accessibility-high-contrast' },
  { key: 'largeText', label: 'Large text', className: 'accessibility-large-text' },
  { key: 'dyslexicFont', label: 'Dyslexic font', className: 'accessibility-dyslexic-font' },
  { key: 'reducedMotion', label: 'Reduced motion', className: 'accessibility-reduced-motion' },
  { key: 'focusIndicators', label: 'Focus indicators', className: 'accessibility-focus-indicators' },
  { key: 'readingGuide', label: 'Reading guide', className: 'accessibility-reading-guide' },
  { key: 'screenReader', label: 'Screen reader', className: 'accessibility-screen-reader' },
  { key: 'magnifierEnabled', label: 'Magnifier', className: 'accessibility-magnifier' },
] as const;

export type AccessibilityToggle = (typeof ACCESSIBILITY_TOGGLES)[number]['key'];
export const CURSOR_SIZES = ['normal', 'large', 'extra-large'] as const;
export type CursorSize = (typeof CURSOR_SIZES)[number];

export type AccessibilitySettings = Record<AccessibilityToggle, boolean> & {
  cursorSize: CursorSize;
  zoomLevel: number;
};

/** SPEC 9: zoom 50 to 200, step 10, default 100. */
export const ZOOM_MIN = 50;
export const ZOOM_MAX = 200;
export const ZOOM_STEP = 10;
/** Large text scales the root font on top of the zoom. */
export const LARGE_TEXT_FACTOR = 1.25;

export const DEFAULT_ACCESSIBILITY: AccessibilitySettings = {
  highContrast: false,
  largeText: false,
  dyslexicFont: false,
  reducedMotion: false,
  focusIndicators: false,
  readingGuide: false,
  screenReader: false,
  magnifierEnabled: false,
  cursorSize: 'normal',
  zoomLevel: 100,
};

export function clampZoom(value: number): number {
  const stepped = Math.round(value / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stepped));
}

/**
 * The stored settings, field by field: what cannot be read is ignored and logged (SPEC 5), and
 * the default stands in for it.
 */
export function parseAccessibilitySettings(text: string | null, log: (message: string) => void = console.warn) {
  const settings = { ...DEFAULT_ACCESSIBILITY };
  if (text === null) return settings;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    log('Ignoring unreadable accessibility settings');
    return settings;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    log('Ignoring unreadable accessibility settings');
    return settings;
  }
  const record = stored as Record<string, unknown>;
  for (const { key } of ACCESSIBILITY_TOGGLES) {
    if (typeof record[key] === 'boolean') settings[key] = record[key];
    else if (key in record) log(`Ignoring the accessibility setting ${key}: not true or false`);
  }
  if (CURSOR_SIZES.includes(record.cursorSize as CursorSize)) settings.cursorSize = record.cursorSize as CursorSize;
  else if ('cursorSize' in record) log('Ignoring the accessibility setting cursorSize');
  if (typeof record.zoomLevel === 'number' && Number.isFinite(record.zoomLevel)) {
    settings.zoomLevel = clampZoom(record.zoomLevel);
  } else if ('zoomLevel' in record) log('Ignoring the accessibility setting zoomLevel');
  return settings;
}

export function readAccessibilitySettings(): AccessibilitySettings {
  return parseAccessibilitySettings(readStorage(ACCESSIBILITY_KEY));
}

/** The root font size as a percentage, or null for the browser's own (zoom 100, normal text). */
export function rootFontPercent(settings: AccessibilitySettings): number | null {
  const percent = settings.zoomLevel * (settings.largeText ? LARGE_TEXT_FACTOR : 1);
  return percent === 100 ? null : percent;
}

/** SPEC 9: the settings as `accessibility-` body classes, and the zoom as the root font size. */
export function applyAccessibilitySettings(
  settings: AccessibilitySettings,
  body: HTMLElement = document.body,
  root: HTMLElement = document.documentElement,
): void {
  for (const toggle of ACCESSIBILITY_TOGGLES) body.classList.toggle(toggle.className, settings[toggle.key]);
  for (const size of CURSOR_SIZES)
    body.classList.toggle(`accessibility-cursor-${size}`, settings.cursorSize === size && size !== 'normal');
  const percent = rootFontPercent(settings);
  if (percent === null) root.style.removeProperty('font-size');
  else root.style.setProperty('font-size', `${percent}%`);
}
