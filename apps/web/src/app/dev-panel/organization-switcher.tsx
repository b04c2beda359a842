import { useEffect, useId, useState } from 'react';
import { publicPaths } from '../../config/paths';
import { DEV_ORG_SUBDOMAIN_KEY } from '../../lib/dev-storage-keys';
import { loadOrganizationConfig, useOrganizationConfig } from '../../lib/organization-config';
import { getSession } from '../../lib/session-store';
import { readStorage, writeStorage } from '../../lib/storage-keys';
import { logout } from '../../features/auth';
import { fetchDevOrganizations, type DevOrganization } from './api';

/** SPEC 9: 'main' means no organization; the API then serves the signed-in user's own. */
export const NO_ORGANIZATION = 'main';

/**
 * SPEC 2 and 4: picks the organization this browser's calls name (X-Organization-ID, from
 * devOrgSubdomain) and reloads its configuration. A signed-in user of another firm is signed
 * out, since every call of his would be refused (403): the sign-in page then shows the chosen firm.
 */
export function OrganizationSwitcher() {
  const selectId = useId();
  const [organizations, setOrganizations] = useState<DevOrganization[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState(() => readStorage(DEV_ORG_SUBDOMAIN_KEY) ?? NO_ORGANIZATION);
  const { status, config } = useOrganizationConfig();

  useEffect(() => {
    fetchDevOrganizations().then(setOrganizations, (error: unknown) =>
      setFailure(`Organizations not loaded: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, []);

  async function choose(subdomain: string): Promise<void> {
    setChosen(subdomain);
    writeStorage(DEV_ORG_SUBDOMAIN_KEY, subdomain);
    const organization = organizations?.find((candidate) => candidate.subdomain === subdomain);
    const user = getSession().user;
    if (user && organization && organization.organization_id !== user.organization_id) {
      await logout();
      window.location.assign(publicPaths.login.getHref());
      return;
    }
    await loadOrganizationConfig();
  }

  const shown = config && typeof config.name === 'string' ? config.name : 'none (default colours)';
  return (
    <section className="dev-panel-section" aria-labelledby={`${selectId}-title`}>
      <h3 id={`${selectId}-title`}>Organization</h3>
      <label htmlFor={selectId}>Organization for this browser</label>
      <select
        id={selectId}
        value={chosen}
        disabled={!organizations}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value={NO_ORGANIZATION}>main (no organization)</option>
        {organizations?.map((organization) => (
          <option key={organization.organization_id} value={organization.subdomain}>
            {organization.name} ({organization.subdomain}, {organization.status})
          </option>
        ))}
      </select>
      {failure && <p role="alert">{failure}</p>}
      <p className="dev-panel-note" aria-live="polite">
        Configuration: {status === 'loading' ? 'loading...' : shown}
        {status === 'failed' && ' (the last load failed)'}
      </p>
    </section>
  );
}
