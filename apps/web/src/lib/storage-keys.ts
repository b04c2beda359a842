/** localStorage keys of SPEC 3 and SPEC 4, named once. */
export const STORAGE_KEYS = {
  /** 'true' shows dates with the long month name. */
  formattedDates: 'formattedDates',
  /** SPEC 3: how notifications show (default custom). */
  notifsMode: 'notifsMode',
  sidebarCollapsed: 'sidebarCollapsed',
  /** Followed by a username: 'true' once the passkey setup prompt was shown to that user (SPEC 3, 4). */
  passkeyPromptShownPrefix: 'passkeyPromptShown:',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the preference then lasts for the page only.
  }
}
