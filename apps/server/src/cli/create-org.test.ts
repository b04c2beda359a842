import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, type TestApp } from '../../test/test-app';
import { organizations, roles, users } from '../db/schema/index';
import { oneTimePassword, runCreateOrg } from './create-org';

const PUBLIC_URL = 'https://{org}.practice.example';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCreateOrg(argv, testApp.context.database.db, PUBLIC_URL, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function firmArguments(overrides: Partial<Record<'name' | 'subdomain' | 'username' | 'email', string>> = {}) {
  const values = {
    name: 'Acme CPA',
    subdomain: 'acme',
    username: 'acmeadmin',
    email: 'admin@acme.example',
    ...overrides,
  };
  return [
    '--name',
    values.name,
    '--subdomain',
    values.subdomain,
    '--admin-username',
    values.username,
    '--admin-email',
    values.email,
  ];
}

async function organizationCount(): Promise<number> {
  const [row] = await testApp.context.database.db.select({ total: count() }).from(organizations);
  return row!.total;
}

describe('create-org', () => {
  it('creates the firm and an administrator who signs in with the printed one-time password', async () => {
    const result = await run(firmArguments());
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const password = /One-time password: (\S+)/.exec(result.out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(result.out).toContain('Sign in at https://acme.practice.example');

    const session = new Session(testApp.app);
    const response = await session.signIn('acmeadmin', password, { host: 'acme.practice.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'acmeadmin',
      email: 'admin@acme.example',
      role_name: 'admin',
      full_role: { all: true },
    });

    const [stored] = await testApp.context.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.username, 'acmeadmin'));
    expect(stored?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(stored?.passwordHash).not.toContain(password);
  });

  it('gives the new firm every built-in role', async () => {
    const result = await run(firmArguments({ subdomain: 'rolesfirm', username: 'rolesadmin' }));
    expect(result.code).toBe(0);
    const id = Number(/\(id (\d+)\)/.exec(result.out)?.[1]);
    const rows = await testApp.context.database.db
      .select({ name: roles.name })
      .from(roles)
      .where(eq(roles.organizationId, id))
      .orderBy(roles.name);
    expect(rows.map((row) => row.name)).toEqual(['admin', 'billing', 'manager', 'partner', 'readonly', 'staff']);
  });

  it('refuses a taken subdomain with exit 1 and writes nothing', async () => {
    const before = await organizationCount();
    const result = await run(firmArguments({ subdomain: 'demo', username: 'otheradmin' }));
    expect(result.code).toBe(1);
    expect(result.err).toBe('Subdomain demo is taken');
    expect(await organizationCount()).toBe(before);
  });

  it('refuses a username taken in any firm, whatever its case, and leaves no organization behind', async () => {
    const before = await organizationCount();
    const result = await run(firmArguments({ subdomain: 'fresh', username: 'NWAdmin' }));
    expect(result.code).toBe(1);
    expect(result.err).toBe('Username NWAdmin is taken');
    expect(await organizationCount()).toBe(before);
  });

  it.each([
    [{ name: '  ' }, '--name: Name is required'],
    [{ subdomain: 'Bad_Sub' }, '--subdomain: Subdomain must be 1 to 63 lower-case letters, digits or inner hyphens'],
    [{ subdomain: 'acme-' }, '--subdomain: Subdomain must be 1 to 63 lower-case letters, digits or inner hyphens'],
    [{ subdomain: 'www' }, '--subdomain: Subdomain is reserved'],
    [{ subdomain: 'main' }, '--subdomain: Subdomain is reserved'],
    [{ username: 'abcd' }, '--admin-username: Username must be at least 5 characters'],
    [{ username: 'a'.repeat(16) }, '--admin-username: Username must be at most 15 characters'],
    [{ email: 'not-an-email' }, '--admin-email: Invalid email address'],
    [{ email: '' }, '--admin-email: Email is required'],
  ])('refuses %o with exit 1: %s', async (overrides, message) => {
    const before = await organizationCount();
    const result = await run(firmArguments(overrides));
    expect(result.code).toBe(1);
    expect(result.err.split('\n')[0]).toBe(message);
    expect(result.err).toContain('Usage: npm run create-org');
    expect(await organizationCount()).toBe(before);
  });

  it('names every missing option at once', async () => {
    const result = await run([]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('--name: Name is required');
    expect(result.err).toContain('--subdomain: Subdomain is required');
    expect(result.err).toContain('--admin-username: Username is required');
    expect(result.err).toContain('--admin-email: Email is required');
  });

  it('refuses an unknown option', async () => {
    const result = await run([...firmArguments({ subdomain: 'unknownopt' }), '--admin-password', 'chosen']);
    expect(result.code).toBe(1);
    expect(result.err).toContain("Unknown option '--admin-password'");
  });

  it('prints the usage on --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage: npm run create-org');
  });
});

describe('oneTimePassword', () => {
  it('fits the sign-in rules and differs every time', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => oneTimePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{15}$/);
  });
});
