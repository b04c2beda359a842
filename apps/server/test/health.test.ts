import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, testDatabaseKind } from './database-template';
import { createTestApp, type TestApp } from './test-app';

/** Issue 19: /health tells the truth about the database, and the pool comes back by itself. */
describe('GET /health', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const health = async () => {
    const response = await testApp.app.inject({ url: '/health' });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers 200 while the database answers, 503 while it does not, and 200 again once it is back', async () => {
    expect(await health()).toEqual({ status: 200, body: { ok: true, database: 'up' } });
    if (testDatabaseKind() === 'postgres') {
      // The database refuses connections and ends the pool's: what a restart looks like from the server.
      const rows = await testApp.context.database.db.execute(sql`select current_database() as name`);
      const name = (rows as unknown as { rows: { name: string }[] }).rows[0]!.name;
      await adminQuery(`alter database ${name} with allow_connections false`);
      await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      expect(await health()).toEqual({ status: 503, body: { ok: false, database: 'down' } });
      await adminQuery(`alter database ${name} with allow_connections true`);
      expect(await health()).toEqual({ status: 200, body: { ok: true, database: 'up' } });
    } else {
      // PGlite runs in the process: a closed one is the database that no longer answers.
      await testApp.context.database.close();
      expect(await health()).toEqual({ status: 503, body: { ok: false, database: 'down' } });
    }
  });
});
