import { useEffect, useSyncExternalStore } from 'react';
import { subdomainFromHost } from '@practice/shared';
import { api } from './api';
import { applyBranding, type BrandingColors } from './branding';
import { CSRF_ACCESS_COOKIE, CSRF_REFRESH_COOKIE, readCookie } from './cookies';
import { DEV_ORG_SUBDOMAIN_KEY } from './dev-storage-keys';
import { getSession } from './session-store';
import { readStorage } from './storage-keys';

/** SPEC 3 and 7: GET /api/organization/config's answer, kept whole. */
export type OrganizationConfig = {
  organization_id?: number;
  name?: string;
  branding?: BrandingColors;
  logo_url?: string | null;
  time_zone?: string;
  /** The firm's date when the server answered (ADR 0200). */
  today?: string;
  /** The server's clock when it answered. */
  now?: string;
  [field: string]: unknown;
};

/** SPEC 4: loading, then loaded or failed; a failed load keeps the configuration it had. */
export type OrganizationConfigState = {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  config: OrganizationConfig | null;
};

let state: OrganizationConfigState = { status: 'idle', config: null };
let latestLoad = 0;
let serverClockOffsetMs = 0;
const listeners = new Set<() => void>();

function update(next: OrganizationConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getOrganizationConfig(): OrganizationConfigState {
  return state;
}

/**
 * How far the server's clock is ahead of this page's, as of the last configuration read: the
 * firm's today is taken on the server's clock, so a browser clock set wrong (or faked) moves
 * no date, and a page left open past the firm's midnight still turns the day (ADR 0200).
 */
export function getServerClockOffsetMs(): number {
  return serverClockOffsetMs;
}

/** SPEC 9: the page's organization subdomain; on localhost in development, the stored devOrgSubdomain ('main' is none). */
export function organizationSubdomain(host: string = window.location.host): string | null {
  const fromHost = subdomainFromHost(host);
  if (fromHost || !import.meta.env.DEV) return fromHost;
  const stored = readStorage(DEV_ORG_SUBDOMAIN_KEY);
  return stored && stored !== 'main' ? stored : null;
}

/**
 * SPEC 4: reads the organization's configuration and applies its colours. The one call the
 * app makes for it: when the page names an organization (its subdomain) or, with none named,
 * when a user is signed in (the server then answers his own firm, DESIGN.md Tenancy). With
 * neither, the configuration is cleared and the default colours apply. The latest load wins.
 */
export async function loadOrganizationConfig(): Promise<void> {
  const load = ++latestLoad;
  // A session cookie means a user is (probably) signed in: his firm is read alongside his
  // user at start, not after it, since the pages wait for the firm's today (ADR 0200).
  const signedIn = getSession().user || readCookie(CSRF_ACCESS_COOKIE) || readCookie(CSRF_REFRESH_COOKIE);
  if (!organizationSubdomain() && !signedIn) {
    applyBranding(null);
    update({ status: 'loaded', config: null });
    return;
  }
  update({ ...state, status: 'loading' });
  try {
    const sentAt = Date.now();
    const config = await api.get<OrganizationConfig>('/api/organization/config');
    if (load !== latestLoad) return;
    const serverNow = typeof config.now === 'string' ? Date.parse(config.now) : Number.NaN;
    // The server read its clock somewhere between sending and receiving: the midpoint is the best guess.
    serverClockOffsetMs = Number.isNaN(serverNow) ? 0 : serverNow - (sentAt + Date.now()) / 2;
    applyBranding(config.branding ?? null);
    update({ status: 'loaded', config });
  } catch (error) {
    if (load !== latestLoad) return;
    console.warn('Organization configuration not loaded', error);
    update({ ...state, status: 'failed' });
  }
}

/** After sign-out: a page that names no organization goes back to the default colours (SPEC 4). */
export function forgetSignedInOrganization(): void {
  if (organizationSubdomain()) return;
  latestLoad += 1;
  applyBranding(null);
  update({ status: 'loaded', config: null });
}

export function useOrganizationConfig(): OrganizationConfigState {
  return useSyncExternalStore(subscribe, getOrganizationConfig);
}

/**
 * The signed-in shell's organization: the configuration read at start when it is this
 * user's (or still being read), else read once now.
 */
export function useSignedInOrganization(organizationId: number | null): OrganizationConfig | null {
  const { config } = useOrganizationConfig();
  useEffect(() => {
    const current = getOrganizationConfig();
    if (organizationId === null || current.status === 'loading') return;
    if (current.config?.organization_id === organizationId) return;
    void loadOrganizationConfig();
  }, [organizationId]);
  return config;
}
