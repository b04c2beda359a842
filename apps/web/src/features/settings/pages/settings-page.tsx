import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PreferencesTab } from '../components/preferences-tab';
import { ProfileTab } from '../components/profile-tab';
import { SecurityTab } from '../components/security-tab';
import { SETTINGS_TABS, settingsTabOf, settingsTabSearch } from '../settings-tabs';
import '../settings.css';

type SettingsPageProps = {
  /** The Security tab's passkey panel (app/settings-route.tsx). */
  passkeyPanel: ReactNode;
  /** The Accessibility tab's controls, the same as the Alt+A modal's (app/settings-route.tsx). */
  accessibilityPanel: ReactNode;
};

/** /settings (SPEC 2, any signed-in user): the tab named by ?tab=, Security by default. */
export function SettingsPage({ passkeyPanel, accessibilityPanel }: SettingsPageProps) {
  const [params] = useSearchParams();
  const current = settingsTabOf(params.get('tab'));
  return (
    <div className="settings-page">
      <PageHeader title="Settings">
        <nav aria-label="Settings sections">
          <ul className="settings-tabs">
            {SETTINGS_TABS.map((tab) => (
              <li key={tab.id}>
                <Link
                  to={{ search: settingsTabSearch(params, tab.id) }}
                  replace
                  className="settings-tab"
                  aria-current={tab.id === current ? 'page' : undefined}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      {current === 'security' && <SecurityTab passkeyPanel={passkeyPanel} />}
      {current === 'preferences' && <PreferencesTab />}
      {current === 'profile' && <ProfileTab />}
      {current === 'accessibility' && (
        <section className="card settings-card" aria-labelledby="settings-accessibility-title">
          <h2 id="settings-accessibility-title">Accessibility</h2>
          {accessibilityPanel}
        </section>
      )}
    </div>
  );
}
