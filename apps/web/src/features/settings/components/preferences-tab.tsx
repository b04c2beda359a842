import { useState } from 'react';
import { CheckboxField } from '../../../components/checkbox-field';
import { formatDate } from '../../../lib/format';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage-keys';

const EXAMPLE_DATE = '2026-03-05';

/** /settings?tab=preferences: how this browser shows dates (SPEC 3 formattedDates, kept locally). */
export function PreferencesTab() {
  const [longDates, setLongDates] = useState(() => readStorage(STORAGE_KEYS.formattedDates) === 'true');

  function choose(checked: boolean): void {
    writeStorage(STORAGE_KEYS.formattedDates, checked ? 'true' : 'false');
    setLongDates(checked);
  }

  return (
    <section className="card" aria-labelledby="dates-title">
      <h2 id="dates-title">Dates</h2>
      <CheckboxField
        label="Show dates with the month name"
        checked={longDates}
        onChange={(event) => choose(event.target.checked)}
      />
      <p className="field-hint">Example: {formatDate(EXAMPLE_DATE)}. This setting applies in this browser only.</p>
    </section>
  );
}
