import { describe, expect, it, vi } from 'vitest';
import {
  applyAccessibilitySettings,
  clampZoom,
  DEFAULT_ACCESSIBILITY,
  parseAccessibilitySettings,
  rootFontPercent,
} from './accessibility-settings';

describe('accessibility settings (SPEC 3, 5, 9)', () => {
  it('reads stored fields and ignores, with a log line, what it cannot read', () => {
    const log = vi.fn();
    expect(parseAccessibilitySettings(null, log)).toEqual(DEFAULT_ACCESSIBILITY);
    expect(parseAccessibilitySettings('{broken', log)).toEqual(DEFAULT_ACCESSIBILITY);
    expect(log).toHaveBeenCalledWith('Ignoring unreadable accessibility settings');
    const parsed = parseAccessibilitySettings(
      JSON.stringify({ highContrast: true, largeText: 'yes', cursorSize: 'huge', zoomLevel: 133 }),
      log,
    );
    expect(parsed).toEqual({ ...DEFAULT_ACCESSIBILITY, highContrast: true, zoomLevel: 130 });
    expect(log).toHaveBeenCalledWith('Ignoring the accessibility setting largeText: not true or false');
    expect(log).toHaveBeenCalledWith('Ignoring the accessibility setting cursorSize');
    expect(parseAccessibilitySettings('[1]', log)).toEqual(DEFAULT_ACCESSIBILITY);
  });

  it('keeps zoom between 50 and 200 in steps of 10', () => {
    expect(clampZoom(20)).toBe(50);
    expect(clampZoom(240)).toBe(200);
    expect(clampZoom(114)).toBe(110);
  });

  it('applies body classes and the root font size only when not 100', () => {
    const body = document.createElement('body');
    const root = document.createElement('html');
    applyAccessibilitySettings(
      { ...DEFAULT_ACCESSIBILITY, highContrast: true, cursorSize: 'large', zoomLevel: 150 },
      body,
      root,
    );
    expect([...body.classList]).toEqual(['accessibility-high-contrast', 'accessibility-cursor-large']);
    expect(root.style.fontSize).toBe('150%');
    applyAccessibilitySettings(DEFAULT_ACCESSIBILITY, body, root);
    expect([...body.classList]).toEqual([]);
    expect(root.style.fontSize).toBe('');
    expect(rootFontPercent({ ...DEFAULT_ACCESSIBILITY, largeText: true })).toBe(125);
  });
});
