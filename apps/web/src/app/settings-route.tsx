import { useSearchParams } from 'react-router';
import { AccessibilityPanel } from '../features/accessibility';
import { PasskeyPanel } from '../features/passkeys';
import { SettingsPage } from '../features/settings/pages/settings-page';

/** /settings with the passkey panel in its Security tab; ?openBiometric=true opens registration (SPEC 2). */
export default function SettingsRoute() {
  const [params] = useSearchParams();
  return (
    <SettingsPage
      passkeyPanel={<PasskeyPanel openRegistration={params.get('openBiometric') === 'true'} />}
      accessibilityPanel={<AccessibilityPanel />}
    />
  );
}
