import { describe, expect, it } from 'vitest';
import { appLogin, assertRoles, type RoleFlags } from './roles';

const owner: RoleFlags = { name: 'practice_owner', rolsuper: false, rolbypassrls: true, owned: 40 };
const app: RoleFlags = { name: 'app_user', rolsuper: false, rolbypassrls: false, owned: 0 };

describe("the app's login", () => {
  it('is app_user on the host and database of DATABASE_URL, with a password derived from the owner', () => {
    const login = appLogin('postgres://owner:s3cret@db.internal:6543/practice?sslmode=require');
    const url = new URL(login.url);
    expect([url.username, url.host, url.pathname, url.search]).toEqual([
      'app_user',
      'db.internal:6543',
      '/practice',
      '?sslmode=require',
    ]);
    expect(login.password).toMatch(/^[0-9a-f]{64}$/);
    expect(url.password).toBe(login.password);
    expect(login.password).not.toContain('s3cret');
    expect(appLogin('postgres://owner:s3cret@elsewhere/other').password).toBe(login.password);
    expect(appLogin('postgres://owner:other@db.internal:6543/practice').password).not.toBe(login.password);
  });

  it('has no password when the owner has none (trust or peer)', () => {
    const login = appLogin('postgres://postgres@127.0.0.1:5432/practice');
    expect(login.password).toBeUndefined();
    expect(new URL(login.url).username).toBe('app_user');
  });
});

describe('the roles checked at start', () => {
  it('accept an owner with BYPASSRLS or superuser and an app_user that can do neither and owns nothing', () => {
    expect(() => assertRoles(owner, app)).not.toThrow();
    expect(() => assertRoles({ ...owner, rolsuper: true, rolbypassrls: false }, app)).not.toThrow();
  });

  it('refuse an owner that forced row-level security would hide the firms from', () => {
    expect(() => assertRoles({ ...owner, rolbypassrls: false }, app)).toThrow(/practice_owner.*BYPASSRLS/);
  });

  it.each([
    ['a superuser', { rolsuper: true }],
    ['a role with BYPASSRLS', { rolbypassrls: true }],
    ['a role owning a table', { owned: 1 }],
    ['another role', { name: 'postgres' }],
  ])('refuse an app login that is %s', (_label, change) => {
    expect(() => assertRoles(owner, { ...app, ...change })).toThrow(/app_user must be/);
  });
});
