import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client';
import { createTestApp, signedIn, type TestApp } from './test-app';

type Row = Record<string, unknown>;
type Run = (query: SQL) => Promise<Row[]>;

let testApp: TestApp;
let tenantTables: string[];
let demoId: number;
let northwindId: number;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Runs queries in one transaction on the raw database, as the owner unless the work switches role. */
function inTransaction<T>(work: (run: Run) => Promise<T>): Promise<T> {
  return testApp.context.database.db.transaction(async (tx) =>
    work(async (query) => rowsOf(await (tx as Tx).execute(query))),
  );
}

function asAppUser<T>(organizationId: number | null, work: (run: Run) => Promise<T>): Promise<T> {
  return inTransaction(async (run) => {
    if (organizationId !== null) await run(sql`select set_config('app.org_id', ${String(organizationId)}, true)`);
    await run(sql`set local role app_user`);
    return work(run);
  });
}

/** The messages of an error and of its causes: drizzle wraps the database's error. */
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

const countRows = (run: Run, table: string, where: SQL = sql`true`) =>
  run(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`).then((rows) => rows[0]?.n as number);

beforeAll(async () => {
  testApp = await createTestApp();
  // A sign-in in each firm, so the refresh-token table holds rows of both.
  await signedIn(testApp.app, 'staff');
  await signedIn(testApp.app, 'nwstaff');
  const ids = await inTransaction((run) => run(sql`select id, subdomain from organizations`));
  demoId = ids.find((row) => row.subdomain === 'demo')!.id as number;
  northwindId = ids.find((row) => row.subdomain === 'northwind')!.id as number;
  const tables = await inTransaction((run) =>
    run(sql`
      select c.table_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'organization_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`),
  );
  tenantTables = tables.map((row) => row.table_name as string);
});
afterAll(() => testApp.close());

describe('the tenant tables', () => {
  it('are found from information_schema, the foundation ones among them', () => {
    expect(tenantTables).toEqual(expect.arrayContaining(['audit_log', 'refresh_tokens', 'roles', 'users']));
  });

  it('each have row-level security enabled, not owned by app_user', async () => {
    const rows = await inTransaction((run) =>
      run(sql`
        select c.relname, c.relrowsecurity, pg_get_userbyid(c.relowner) as owner
        from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`),
    );
    for (const table of tenantTables) {
      const row = rows.find((candidate) => candidate.relname === table);
      expect(row?.relrowsecurity, table).toBe(true);
      expect(row?.owner, table).not.toBe('app_user');
    }
  });

  it('each have a policy, and every policy is scoped to the current organization', async () => {
    const policies = await inTransaction((run) =>
      run(sql`select tablename, policyname, qual, with_check from pg_policies where schemaname = 'public'`),
    );
    const scoped = /organization_id = (current_org_id\(\)|.*current_setting\('app\.org_id')/;
    for (const table of tenantTables) {
      const own = policies.filter((policy) => policy.tablename === table);
      expect(own.length, table).toBeGreaterThan(0);
      for (const policy of own) {
        for (const clause of [policy.qual, policy.with_check]) {
          if (clause !== null) expect(String(clause), `${table} ${String(policy.policyname)}`).toMatch(scoped);
        }
      }
    }
  });

  it('are read by a role that can neither bypass RLS nor act as superuser', async () => {
    const [role] = await inTransaction((run) =>
      run(sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'app_user'`),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  });
});

describe('the wall', () => {
  it('shows app_user no row of any tenant table when no organization is set, though rows exist', async () => {
    const ownerCounts = await inTransaction(async (run) => {
      const counts: Record<string, number> = {};
      for (const table of tenantTables) counts[table] = await countRows(run, table);
      return counts;
    });
    for (const table of ['audit_log', 'refresh_tokens', 'roles', 'users']) {
      expect(ownerCounts[table], table).toBeGreaterThan(0);
    }
    const seen = await asAppUser(null, async (run) => {
      const counts: Record<string, number> = {};
      for (const table of tenantTables) counts[table] = await countRows(run, table);
      return counts;
    });
    expect(seen).toEqual(Object.fromEntries(tenantTables.map((table) => [table, 0])));
  });

  it("shows one organization its own rows and none of another's", async () => {
    const ownerView = await inTransaction(async (run) => {
      const counts: Record<string, { demo: number; northwind: number }> = {};
      for (const table of tenantTables) {
        counts[table] = {
          demo: await countRows(run, table, sql`organization_id = ${demoId}`),
          northwind: await countRows(run, table, sql`organization_id = ${northwindId}`),
        };
      }
      return counts;
    });
    for (const table of ['audit_log', 'refresh_tokens', 'roles', 'users']) {
      expect(ownerView[table]?.northwind, table).toBeGreaterThan(0);
    }
    const demoView = await asAppUser(demoId, async (run) => {
      const counts: Record<string, { own: number; others: number }> = {};
      for (const table of tenantTables) {
        counts[table] = {
          own: await countRows(run, table),
          others: await countRows(run, table, sql`organization_id <> ${demoId}`),
        };
      }
      return counts;
    });
    for (const table of tenantTables) {
      expect(demoView[table], table).toEqual({ own: ownerView[table]?.demo, others: 0 });
    }
  });

  it("refuses an INSERT carrying another organization's id", async () => {
    const failure = await failureOf(
      asAppUser(demoId, (run) =>
        run(sql`insert into audit_log (organization_id, action, entity) values (${northwindId}, 'create', 'probe')`),
      ),
    );
    expect(failure).toMatch(/row-level security/);
  });

  it('refuses an UPDATE that moves a row into another organization', async () => {
    const failure = await failureOf(
      asAppUser(demoId, (run) =>
        run(sql`update roles set organization_id = ${northwindId}, name = 'moved' where name = 'staff'`),
      ),
    );
    expect(failure).toMatch(/row-level security/);
  });

  it("cannot touch another organization's rows even when naming them", async () => {
    const changed = await asAppUser(demoId, (run) =>
      run(sql`update users set first_name = 'Hacked' where organization_id = ${northwindId} returning id`),
    );
    expect(changed).toEqual([]);
    const names = await inTransaction((run) =>
      run(sql`select first_name from users where organization_id = ${northwindId} and first_name = 'Hacked'`),
    );
    expect(names).toEqual([]);
  });
});
