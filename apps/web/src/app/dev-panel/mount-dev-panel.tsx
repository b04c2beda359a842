import { createRoot } from 'react-dom/client';
import { DEV_ORG_CONTEXT_KEY, DEV_ORG_SUBDOMAIN_KEY } from '../../lib/dev-storage-keys';
import { loadOrganizationConfig } from '../../lib/organization-config';
import { DevPanel } from './dev-panel';

/**
 * Development builds only (main.tsx imports this behind import.meta.env.DEV): the dev panel
 * in a root of its own, beside whichever of the sign-in page and the app is showing, and
 * SPEC 4's reload of the organization when another tab changes the development keys.
 */
export function mountDevPanel(): void {
  const container = document.createElement('div');
  container.id = 'dev-panel-root';
  document.body.append(container);
  createRoot(container).render(<DevPanel />);
  window.addEventListener('storage', (event) => {
    if (event.key === DEV_ORG_SUBDOMAIN_KEY || event.key === DEV_ORG_CONTEXT_KEY) void loadOrganizationConfig();
  });
}
