import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause)
      messages.push(current.message);
    return messages.join(' | ');
  }
  throw new Error('expected the statement to be refused');
}

async function auditRows(): Promise<number> {
  const result = await testApp.context.database.db.execute(sql`select count(*)::int as n from audit_log`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const asOwner = (statement: SQL) => testApp.context.database.db.execute(statement);

describe('audit_log is append-only', () => {
  it('holds rows from the seed, so the refusals below are real', async () => {
    expect(await auditRows()).toBeGreaterThan(0);
  });

  it('refuses UPDATE and DELETE even to the table owner', async () => {
    const before = await auditRows();
    expect(await failureOf(asOwner(sql`update audit_log set action = 'tampered'`))).toMatch(/append-only/);
    expect(await failureOf(asOwner(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await failureOf(asOwner(sql`truncate audit_log`))).toMatch(/append-only/);
    expect(await auditRows()).toBe(before);
  });

  it('refuses UPDATE and DELETE to the app role inside its own organization', async () => {
    const [demo] = (
      (await asOwner(sql`select id from organizations where subdomain = 'demo'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const organizationId = demo!.id;
    for (const statement of [sql`update audit_log set action = 'tampered'`, sql`delete from audit_log`]) {
      const failure = await failureOf(
        withTenant(testApp.context.database.db, organizationId, (tx) => tx.execute(statement)),
      );
      expect(failure).toMatch(/permission denied|append-only/);
    }
  });

  it('accepts new rows', async () => {
    const before = await auditRows();
    await asOwner(sql`insert into audit_log (organization_id, action, entity)
      select id, 'create', 'probe' from organizations where subdomain = 'demo'`);
    expect(await auditRows()).toBe(before + 1);
  });
});
