import { useState } from 'react';
import { CheckboxField } from '../../components/checkbox-field';
import { DEV_BYPASS_2FA_KEY } from '../../lib/dev-storage-keys';
import { readStorage, writeStorage } from '../../lib/storage-keys';

/** SPEC 2 and 7: the password sign-in sends the bypass-2FA header while this is on. */
export function TwoFactorBypass() {
  const [on, setOn] = useState(() => readStorage(DEV_BYPASS_2FA_KEY) === 'true');
  return (
    <section className="dev-panel-section" aria-labelledby="dev-bypass-title">
      <h3 id="dev-bypass-title">Two-factor sign-in</h3>
      <CheckboxField
        label="Bypass the second factor"
        checked={on}
        onChange={(event) => {
          setOn(event.target.checked);
          writeStorage(DEV_BYPASS_2FA_KEY, String(event.target.checked));
        }}
      />
      <p className="dev-panel-note">Applies to the next password sign-in; only a development server honours it.</p>
    </section>
  );
}
