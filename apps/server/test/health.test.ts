import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTokenSigner } from '../src/modules/auth/tokens';
import { adminQuery, openTestDatabase, testDatabaseKind } from './database-template';
import { TEST_SECRET, testConfig } from './test-app';

/** Issue 19: /health tells the truth about the database, and the pool comes back by itself. */
describe('GET /health', () => {
  it('answers 200 while the database answers, 503 while it does not, and 200 again once it is back', async () => {
    const { database, dispose } = await openTestDatabase(inject('PRACTICE_TEST_TEMPLATE'));
    const app = await buildApp({
      config: testConfig(),
      database,
      tokens: createTokenSigner(TEST_SECRET),
      secureCookies: false,
    });
    const health = async () => {
      const response = await app.inject({ url: '/health' });
      return { status: response.statusCode, body: response.json() };
    };
    const up = { status: 200, body: { ok: true, database: 'up' } };
    const down = { status: 503, body: { ok: false, database: 'down' } };
    try {
      expect(await health()).toEqual(up);
      if (testDatabaseKind() === 'postgres') {
        // The database refuses connections and ends the pool's: a restart, as the server sees it.
        const result = await database.db.execute(sql`select current_database() as name`);
        const name = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
        await adminQuery(`alter database ${name} with allow_connections false`);
        await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
        expect(await health()).toEqual(down);
        await adminQuery(`alter database ${name} with allow_connections true`);
        expect(await health()).toEqual(up);
      } else {
        // PGlite runs in this process: closed, it is the database that no longer answers.
        await database.close();
        expect(await health()).toEqual(down);
      }
    } finally {
      await app.close();
      if (testDatabaseKind() === 'postgres') await dispose();
    }
  });
});
