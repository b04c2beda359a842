import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissUpdate, fetchDeployedVersion, isUpdateDismissed } from './update-check';

beforeEach(() => window.localStorage.clear());

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('update check (SPEC 4, 7)', () => {
  it('asks for /version.json with a timestamp and no cache', async () => {
    const fetchFn = answer(200, { version: 'v2', buildTime: 'now' });
    expect(await fetchDeployedVersion(fetchFn)).toBe('v2');
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/version\.json\?t=\d+$/);
    expect(init.cache).toBe('no-store');
    expect(init.headers).toEqual({ 'Cache-Control': 'no-cache' });
  });

  it('reads nothing from a failed or malformed answer', async () => {
    expect(await fetchDeployedVersion(answer(404, {}))).toBeNull();
    expect(await fetchDeployedVersion(answer(200, { version: 3 }))).toBeNull();
    expect(await fetchDeployedVersion(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))).toBeNull();
  });

  it('remembers a dismissal per version', () => {
    dismissUpdate('v2');
    expect(isUpdateDismissed('v2')).toBe(true);
    expect(isUpdateDismissed('v3')).toBe(false);
  });
});
