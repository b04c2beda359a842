import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withTenant, type Database, type Tx } from '../src/db/client';
import { organizations } from '../src/db/schema/index';
import { openTestDatabase } from './database-template';

/**
 * A lock cycle among triggers (two money writes of one client taking the rollups' locks in
 * different orders) ends with PostgreSQL rolling one transaction back as the deadlock's victim.
 * withTenant runs that one again, so the caller sees a slower answer rather than a 500.
 */
describe('withTenant after a deadlock', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let organizationId: number;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(inject('PRACTICE_TEST_TEMPLATE')));
    const [demo] = await database.db.select().from(organizations).where(eq(organizations.subdomain, 'demo'));
    organizationId = demo!.id;
  });
  afterAll(() => dispose());

  it('runs the victim again and both transactions commit', async () => {
    let attempts = 0;
    let bothHoldOne!: () => void;
    let holding = 0;
    const firstLocksTaken = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const lockInTurn = (first: number, second: number) => async (tx: Tx) => {
      attempts += 1;
      await tx.execute(sql`select pg_advisory_xact_lock(${first})`);
      holding += 1;
      if (holding === 2) bothHoldOne();
      await firstLocksTaken;
      await tx.execute(sql`select pg_advisory_xact_lock(${second})`);
      return first;
    };
    const answers = await Promise.all([
      withTenant(database.db, organizationId, lockInTurn(880_001, 880_002)),
      withTenant(database.db, organizationId, lockInTurn(880_002, 880_001)),
    ]);
    expect(answers).toEqual([880_001, 880_002]);
    expect(attempts).toBe(3);
  });

  it('gives up after three deadlocks and answers the error', async () => {
    let attempts = 0;
    const work = withTenant(database.db, organizationId, async (tx) => {
      attempts += 1;
      await tx.execute(sql.raw(`do $$ begin raise exception 'cycle' using errcode = '40P01'; end $$`));
    });
    await expect(work).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(attempts).toBe(3);
  });

  it('does not run again a transaction that failed otherwise', async () => {
    let attempts = 0;
    const work = withTenant(database.db, organizationId, async (tx) => {
      attempts += 1;
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(work).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
