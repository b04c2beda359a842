import { useState } from 'react';
import { CheckboxField } from '../../../components/checkbox-field';
import { SelectField } from '../../../components/select-field';
import { formatDate } from '../../../lib/format';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage-keys';
import { useSavePreferences, useServerPreferences } from '../api/preferences';

const EXAMPLE_DATE = '2026-03-05';
const NOTIFS_MODES = [
  { value: 'custom', label: 'As each page chooses (default)' },
  { value: 'important', label: 'Important ones only' },
  { value: 'quiet', label: 'None' },
] as const;

/**
 * /settings?tab=preferences: SPEC 3's formattedDates and notifsMode, kept in this browser's
 * keys (which the pages read) and on the server for his other browsers: the server's value,
 * once loaded, is copied into the local keys (api/preferences.ts).
 */
export function PreferencesTab() {
  const server = useServerPreferences();
  const save = useSavePreferences();
  // His choices on this page; until he makes one, what his account keeps (else this browser's keys).
  const [choice, setChoice] = useState<{ longDates?: boolean; notifsMode?: string }>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const longDates =
    choice.longDates ?? (server.data?.formattedDates ?? readStorage(STORAGE_KEYS.formattedDates)) === 'true';
  const notifsMode = choice.notifsMode ?? server.data?.notifsMode ?? readStorage(STORAGE_KEYS.notifsMode) ?? 'custom';

  async function keep(change: { formattedDates?: 'true' | 'false'; notifsMode?: string }): Promise<void> {
    setMessage(null);
    try {
      await save.mutateAsync(change);
      setMessage({ ok: true, text: 'Preferences saved.' });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <section className="card" aria-labelledby="preferences-title">
      <h2 id="preferences-title">Preferences</h2>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <CheckboxField
        label="Show dates with the month name"
        checked={longDates}
        onChange={(event) => {
          const value = event.target.checked ? 'true' : 'false';
          writeStorage(STORAGE_KEYS.formattedDates, value);
          setChoice((current) => ({ ...current, longDates: event.target.checked }));
          void keep({ formattedDates: value });
        }}
      />
      <p className="field-hint">Example: {formatDate(EXAMPLE_DATE, longDates)}.</p>
      <SelectField
        label="Notifications"
        value={notifsMode}
        onChange={(event) => {
          writeStorage(STORAGE_KEYS.notifsMode, event.target.value);
          setChoice((current) => ({ ...current, notifsMode: event.target.value }));
          void keep({ notifsMode: event.target.value });
        }}
      >
        {NOTIFS_MODES.map((mode) => (
          <option key={mode.value} value={mode.value}>
            {mode.label}
          </option>
        ))}
      </SelectField>
      <p className="field-hint">Kept with your account, so your other browsers use them too.</p>
    </section>
  );
}
