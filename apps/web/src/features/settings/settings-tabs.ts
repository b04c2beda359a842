/** The tabs of /settings, in the order shown; ?tab= names one (SPEC 2), the first is the default. */
export const SETTINGS_TABS = [
  { id: 'security', label: 'Security' },
  { id: 'preferences', label: 'Preferences' },
  { id: 'profile', label: 'Profile' },
  { id: 'accessibility', label: 'Accessibility' },
] as const;

export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

/** The tab a ?tab= value names; a missing or unknown one opens the first. */
export function settingsTabOf(value: string | null): SettingsTabId {
  return SETTINGS_TABS.find((tab) => tab.id === value)?.id ?? SETTINGS_TABS[0].id;
}

/** The query of a tab's link: the other parameters (openBiometric among them) stay as they are. */
export function settingsTabSearch(current: URLSearchParams, tab: SettingsTabId): string {
  const next = new URLSearchParams(current);
  next.set('tab', tab);
  return `?${next.toString()}`;
}
