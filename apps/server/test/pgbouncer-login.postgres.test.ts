import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { appLogin } from '../src/db/roles';
import { adminDatabaseUrl } from './database-template';
import { startPgbouncer, type Pgbouncer } from './pgbouncer';

/**
 * ADR 0098's app_user login behind a PgBouncer that checks passwords (ADR 0177). The server
 * derives app_user's password from the owner's and sets it when that login is refused; PgBouncer
 * refuses with its own code (08P01, not PostgreSQL's 28P01), then reads the new password from
 * the server (auth_query). Roles belong to the whole server: app_user's password is put back after.
 */
const OWNER_PASSWORD = `owner-${randomBytes(12).toString('hex')}`;
const adminUrl = adminDatabaseUrl();
const databaseName = new URL(adminUrl).pathname.slice(1) || 'postgres';

let bouncer: Pgbouncer;
let admin: pg.Client;
let savedPassword: string | null;

async function appUserLogin(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: appLogin(url).url });
  await client.connect();
  try {
    return (await client.query<{ user: string }>('select current_user as user')).rows[0]!.user;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  bouncer = await startPgbouncer(adminUrl, { poolSize: 1, ownerPassword: OWNER_PASSWORD });
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const saved = await admin.query<{ password: string | null }>(
    "select rolpassword as password from pg_authid where rolname = 'app_user'",
  );
  savedPassword = saved.rows[0]!.password;
});

afterAll(async () => {
  if (admin) {
    const restored = savedPassword === null ? 'null' : admin.escapeLiteral(savedPassword);
    await admin.query(`alter role app_user password ${restored}`).finally(() => admin.end());
  }
  await bouncer?.stop();
});

describe('app_user behind a PgBouncer that checks passwords', () => {
  it("is refused with PgBouncer's code until the server sets the derived password at start, then logs in", async () => {
    const url = bouncer.urlOf(databaseName);
    // Derived from a new random owner password: app_user cannot have it yet.
    await expect(appUserLogin(url)).rejects.toMatchObject({ code: '08P01', message: 'SASL authentication failed' });
    const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      await database.prepareRoles();
    } finally {
      await database.close();
    }
    expect(await appUserLogin(url)).toBe('app_user');
  });
});
