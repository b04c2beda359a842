import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withTenant, type Database } from '../src/db/client';
import { organizations } from '../src/db/schema/index';
import { adminQuery, openTestDatabase } from './database-template';

/**
 * Issue 19's faults step found it: a database restart ends the connection of a transaction
 * that is waiting between two queries, and node-postgres then emits 'error' on that checked-out
 * client, where no pool listener is; unhandled, it ended the server process.
 */
describe('a database connection ended in the middle of a transaction', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let organizationId: number;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(inject('PRACTICE_TEST_TEMPLATE')));
    const [demo] = await database.db.select().from(organizations).where(eq(organizations.subdomain, 'demo'));
    organizationId = demo!.id;
  });
  afterAll(() => dispose());

  it('fails that transaction only; the process lives on and the pool opens a new connection', async () => {
    const work = withTenant(database.db, organizationId, async (tx) => {
      const result = await tx.execute(sql`select pg_backend_pid() as pid`);
      const pid = (result as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
      await adminQuery(`select pg_terminate_backend(${pid})`);
      // The termination arrives while no query runs on the connection.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.execute(sql`select 1`);
    });
    await expect(work).rejects.toThrow();
    const again = await withTenant(database.db, organizationId, (tx) => tx.execute(sql`select 1 as one`));
    expect((again as unknown as { rows: { one: number }[] }).rows).toEqual([{ one: 1 }]);
  });
});
