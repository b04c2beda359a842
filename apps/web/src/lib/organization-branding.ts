import { subdomainFromHost } from '@practice/shared';
import { api } from './api';
import { applyBranding, type BrandingColors } from './branding';
import { readStorage, STORAGE_KEYS } from './storage-keys';

/** SPEC 9: the page's organization subdomain; on localhost in development, the stored devOrgSubdomain ('main' is none). */
export function organizationSubdomain(host: string = window.location.host): string | null {
  const fromHost = subdomainFromHost(host);
  if (fromHost || !import.meta.env.DEV) return fromHost;
  const stored = readStorage(STORAGE_KEYS.devOrgSubdomain);
  return stored && stored !== 'main' ? stored : null;
}

/**
 * SPEC 4: loads the organization's branding when a subdomain is detected; without one the
 * default colours apply. A failed load keeps what is shown.
 */
export async function loadOrganizationBranding(): Promise<void> {
  if (!organizationSubdomain()) {
    applyBranding(null);
    return;
  }
  try {
    const config = await api.get<{ branding?: BrandingColors }>('/api/organization/config');
    applyBranding(config.branding ?? null);
  } catch (error) {
    console.warn('Organization configuration not loaded', error);
  }
}
