import { describe, expect, it } from 'vitest';
import { settingsTabOf, settingsTabSearch } from './settings-tabs';

describe('settings tabs', () => {
  it('opens the named tab, and Security for a missing or unknown name', () => {
    expect(settingsTabOf('preferences')).toBe('preferences');
    expect(settingsTabOf('accessibility')).toBe('accessibility');
    expect(settingsTabOf('security')).toBe('security');
    expect(settingsTabOf(null)).toBe('security');
    expect(settingsTabOf('billing')).toBe('security');
  });

  it('keeps the other query parameters when switching tab', () => {
    const current = new URLSearchParams('tab=security&openBiometric=true');
    expect(settingsTabSearch(current, 'preferences')).toBe('?tab=preferences&openBiometric=true');
  });
});
