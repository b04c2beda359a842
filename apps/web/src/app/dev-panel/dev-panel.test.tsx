import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test-support/fetch-answers';
import { DEV_BYPASS_2FA_KEY, DEV_ORG_SUBDOMAIN_KEY } from '../../lib/dev-storage-keys';
import { sessionActions } from '../../lib/session-store';
import { DevPanel } from './dev-panel';

const ORGANIZATIONS = [
  { organization_id: 1, name: 'Demo CPA', subdomain: 'demo', status: 'active' },
  { organization_id: 2, name: 'Northwind Accounting', subdomain: 'northwind', status: 'active' },
];

const USER = {
  id: 4,
  username: 'staff',
  email: 'staff@demo-cpa.example',
  organization_id: 1,
  full_role: { all: false },
};

type Sent = { method: string; path: string; headers: Record<string, string>; body: unknown };

/** A fake API that answers the dev panel's calls and records them. */
function stubApi(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace('http://api.test', '');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({
        method: init?.method ?? 'GET',
        path,
        headers: (init?.headers ?? {}) as Record<string, string>,
        body,
      });
      if (path === '/api/dev/organizations') return jsonResponse(200, { organizations: ORGANIZATIONS });
      if (path === '/api/organization/config') {
        return jsonResponse(200, { organization_id: 1, name: 'Demo CPA', branding: { primaryColor: '#aa3300' } });
      }
      if (path === '/logout') return jsonResponse(200, { ok: true });
      return jsonResponse(404, { error: 'Not found' });
    }),
  );
  return sent;
}

const pressCtrlZ = (target: Element = document.body) =>
  fireEvent.keyDown(target, { key: 'z', code: 'KeyZ', ctrlKey: true });

describe('the dev panel (SPEC 2, development builds)', () => {
  let sent: Sent[];
  beforeEach(() => {
    window.__APP_CONFIG__ = { apiUrl: 'http://api.test' };
    localStorage.clear();
    sessionActions.signedOut();
    sent = stubApi();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens and closes with Ctrl/Cmd+Z, but not while typing in a field, where it undoes', async () => {
    render(
      <>
        <input aria-label="Notes" />
        <DevPanel />
      </>,
    );
    expect(screen.queryByRole('complementary', { name: 'Development tools' })).toBeNull();
    pressCtrlZ(screen.getByLabelText('Notes'));
    expect(screen.queryByRole('complementary', { name: 'Development tools' })).toBeNull();
    pressCtrlZ();
    const panel = screen.getByRole('complementary', { name: 'Development tools' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Development tools' }));
    expect(await screen.findByRole('option', { name: 'Northwind Accounting (northwind, active)' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'z', code: 'KeyZ', metaKey: true });
    expect(panel.isConnected).toBe(false);
  });

  it('switches the organization: devOrgSubdomain is stored and the organization configuration reloaded with it', async () => {
    render(<DevPanel />);
    pressCtrlZ();
    const select = screen.getByLabelText('Organization for this browser');
    expect((select as HTMLSelectElement).value).toBe('main');
    await screen.findByRole('option', { name: 'Demo CPA (demo, active)' });
    fireEvent.change(select, { target: { value: 'demo' } });
    expect(localStorage.getItem(DEV_ORG_SUBDOMAIN_KEY)).toBe('demo');
    await waitFor(() => expect(sent.map((call) => call.path)).toContain('/api/organization/config'));
    const configCall = sent.find((call) => call.path === '/api/organization/config');
    expect(configCall?.headers['X-Organization-ID']).toBe('demo');
    expect(await screen.findByText('Configuration: Demo CPA')).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#aa3300');
  });

  it('keeps the 2FA bypass toggle in devBypass2FA', async () => {
    render(<DevPanel />);
    pressCtrlZ();
    const toggle = screen.getByRole('checkbox', { name: 'Bypass the second factor' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(localStorage.getItem(DEV_BYPASS_2FA_KEY)).toBe('true');
    fireEvent.click(toggle);
    expect(localStorage.getItem(DEV_BYPASS_2FA_KEY)).toBe('false');
  });

  it('runs the token-expiry tests with POST /logout {logout_type}, signed in only', async () => {
    render(<DevPanel />);
    pressCtrlZ();
    const expireAccess = screen.getByRole('button', { name: 'Expire access token' });
    expect((expireAccess as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Sign in to try the token tests.')).toBeTruthy();

    sessionActions.signedIn(USER);
    await waitFor(() => expect((expireAccess as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(expireAccess);
    expect(await screen.findByText('Access token cleared: the next call refreshes the session.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Expire refresh token' }));
    expect(
      await screen.findByText('Refresh token cleared: the session ends when the access token expires.'),
    ).toBeTruthy();
    const logouts = sent.filter((call) => call.path === '/logout');
    expect(logouts.map((call) => [call.method, call.body])).toEqual([
      ['POST', { logout_type: 'access_only' }],
      ['POST', { logout_type: 'refresh_only' }],
    ]);
  });
});
