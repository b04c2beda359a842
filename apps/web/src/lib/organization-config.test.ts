import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test-support/fetch-answers';
import { DEV_ORG_SUBDOMAIN_KEY } from './dev-storage-keys';
import {
  forgetSignedInOrganization,
  getOrganizationConfig,
  loadOrganizationConfig,
  useSignedInOrganization,
} from './organization-config';
import { sessionActions } from './session-store';

const USER = { id: 4, username: 'staff', email: 'staff@demo-cpa.example', organization_id: 1, full_role: {} };
const DEMO = { organization_id: 1, name: 'Demo CPA', branding: { primaryColor: '#aa3300', secondaryColor: '#6c757d' } };

const brandPrimary = () => document.documentElement.style.getPropertyValue('--brand-primary');

describe('the organization configuration (SPEC 4), read with one call', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
    localStorage.clear();
    sessionActions.signedOut();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, DEMO)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('with no organization named and nobody signed in, asks nothing and applies the default colours', async () => {
    document.documentElement.style.setProperty('--brand-primary', '#123456');
    await loadOrganizationConfig();
    expect(fetch).not.toHaveBeenCalled();
    expect(getOrganizationConfig()).toEqual({ status: 'loaded', config: null });
    expect(brandPrimary()).toBe('');
  });

  it('with a development subdomain, reads that organization before anyone signs in', async () => {
    localStorage.setItem(DEV_ORG_SUBDOMAIN_KEY, 'demo');
    await loadOrganizationConfig();
    expect(vi.mocked(fetch).mock.calls.map((call) => String(call[0]))).toEqual([
      'http://api.test/api/organization/config',
    ]);
    expect(getOrganizationConfig()).toEqual({ status: 'loaded', config: DEMO });
    expect(brandPrimary()).toBe('#aa3300');
  });

  it('the signed-in shell reads its firm once, and not again while it is the one kept', async () => {
    await loadOrganizationConfig();
    sessionActions.signedIn(USER);
    const first = renderHook(() => useSignedInOrganization(1));
    const second = renderHook(() => useSignedInOrganization(1));
    await waitFor(() => expect(first.result.current).toEqual(DEMO));
    expect(second.result.current).toEqual(DEMO);
    first.rerender();
    renderHook(() => useSignedInOrganization(1));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('after sign-out, a page that names no organization forgets the firm and shows the default colours', async () => {
    sessionActions.signedIn(USER);
    await loadOrganizationConfig();
    expect(brandPrimary()).toBe('#aa3300');
    sessionActions.signedOut();
    forgetSignedInOrganization();
    expect(getOrganizationConfig()).toEqual({ status: 'loaded', config: null });
    expect(brandPrimary()).toBe('');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a failed load keeps the configuration it had and says so', async () => {
    sessionActions.signedIn(USER);
    await loadOrganizationConfig();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { error: 'Internal server error' })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await loadOrganizationConfig();
    expect(getOrganizationConfig()).toEqual({ status: 'failed', config: DEMO });
    expect(brandPrimary()).toBe('#aa3300');
    expect(warn).toHaveBeenCalledWith('Organization configuration not loaded', expect.anything());
    warn.mockRestore();
  });
});
