import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant, type Tx } from '../src/db/client';
import { createTestApp, signedIn, type TestApp } from './test-app';

type Row = Record<string, unknown>;
type Run = (query: SQL) => Promise<Row[]>;

let testApp: TestApp;
let demoId: number;
let northwindId: number;
const NORTHWIND_CLIENT = 'Zephyrine Holdings';

/** Runs queries in one transaction on the raw database, as the owner unless the work switches role. */
function inTransaction<T>(work: (run: Run) => Promise<T>): Promise<T> {
  return testApp.context.database.db.transaction(async (tx) =>
    work(async (query) => ((await (tx as Tx).execute(query)) as unknown as { rows: Row[] }).rows),
  );
}

/** As the app runs tenant work (withTenant: app_user, signed binding); with no organization, app_user alone. */
function asAppUser<T>(organizationId: number | null, work: (run: Run) => Promise<T>): Promise<T> {
  if (organizationId === null) {
    return inTransaction(async (run) => {
      await run(sql`set local role app_user`);
      return work(run);
    });
  }
  return withTenant(testApp.context.database.db, organizationId, async (tx) =>
    work(async (query) => ((await tx.execute(query)) as unknown as { rows: Row[] }).rows),
  );
}

const idsOf = (rows: Row[]) => rows.map((row) => Number(Object.values(row)[0])).sort((a, b) => a - b);

beforeAll(async () => {
  testApp = await createTestApp();
  const ids = await inTransaction((run) => run(sql`select id, subdomain from organizations`));
  demoId = ids.find((row) => row.subdomain === 'demo')!.id as number;
  northwindId = ids.find((row) => row.subdomain === 'northwind')!.id as number;
  // The demo data gives Northwind no clients: one that only its searches may find.
  await asAppUser(northwindId, (run) =>
    run(sql`insert into clients (organization_id, code, legal_name, entity_type)
            values (${northwindId}, 'NW-1', ${NORTHWIND_CLIENT}, 'c_corp')`),
  );
});
afterAll(() => testApp.close());

describe('client_list_matching, the search function that bypasses row-level security', () => {
  it("returns the current organization's matching clients and never another's", async () => {
    const owners = await inTransaction(async (run) => ({
      demo: idsOf(await run(sql`select id from clients where organization_id = ${demoId} order by id`)),
      northwind: idsOf(await run(sql`select id from clients where organization_id = ${northwindId} order by id`)),
    }));
    expect(owners.northwind.length).toBeGreaterThan(0);
    const seen = await asAppUser(demoId, async (run) =>
      idsOf(await run(sql`select id from client_list_matching('%')`)),
    );
    expect(seen).toEqual(owners.demo);
    expect(seen.filter((id) => owners.northwind.includes(id))).toEqual([]);
  });

  it("finds nothing of another organization by a pattern only that organization's clients match", async () => {
    const pattern = `%${NORTHWIND_CLIENT}%`;
    const asNorthwind = await asAppUser(northwindId, (run) =>
      run(sql`select id from client_list_matching(${pattern})`),
    );
    const asDemo = await asAppUser(demoId, (run) => run(sql`select id from client_list_matching(${pattern})`));
    expect(asNorthwind.length).toBe(1);
    expect(asDemo).toEqual([]);
  });

  it('returns nothing when no organization is set', async () => {
    expect(await asAppUser(null, (run) => run(sql`select id from client_list_matching('%')`))).toEqual([]);
  });

  it('takes no organization argument, runs with a fixed search_path and is not executable by PUBLIC', async () => {
    const [definition] = await inTransaction((run) =>
      run(sql`
        select p.pronargs, p.prosecdef, p.proconfig::text as config,
               has_function_privilege('public', p.oid, 'execute') as public_may_run,
               has_function_privilege('app_user', p.oid, 'execute') as app_user_may_run
        from pg_proc p where p.proname = 'client_list_matching'`),
    );
    expect(definition).toEqual({
      pronargs: 1,
      prosecdef: true,
      config: '{"search_path=public, pg_temp"}',
      public_may_run: false,
      app_user_may_run: true,
    });
  });

  it("serves GET /clients?q= with the organization's own clients only", async () => {
    const name = NORTHWIND_CLIENT;
    const asDemo = await (
      await signedIn(testApp.app, 'admin')
    ).request({
      url: `/clients?q=${encodeURIComponent(name)}`,
    });
    const asNorthwind = await (
      await signedIn(testApp.app, 'nwadmin')
    ).request({
      url: `/clients?q=${encodeURIComponent(name)}`,
    });
    expect(asDemo.json()).toMatchObject({ items: [], total: 0 });
    expect(asNorthwind.json()).toMatchObject({ total: 1, items: [{ legal_name: name }] });
  });

  it('gives the total with the page, and past the last page too', async () => {
    const session = await signedIn(testApp.app, 'nwadmin');
    const first = await session.request({ url: `/clients?q=zephyr&page=1&page_size=1` });
    const past = await session.request({ url: `/clients?q=zephyr&page=2&page_size=1` });
    expect(first.json()).toMatchObject({ total: 1, page: 1, items: [{ legal_name: NORTHWIND_CLIENT }] });
    expect(past.json()).toEqual({ total: 1, page: 2, page_size: 1, items: [] });
  });
});

describe('client_status_counts, kept by triggers on clients', () => {
  const countsOf = (run: Run, organizationId: number) =>
    run(sql`
      select s.status, coalesce(k.clients, 0) as kept, (select count(*)::int from clients c
        where c.organization_id = ${organizationId} and c.status = s.status) as counted
      from (values ('active'), ('inactive'), ('prospect')) as s (status)
      left join client_status_counts k on k.organization_id = ${organizationId} and k.status = s.status`);

  it('match the clients after inserts, status changes and deletes made as app_user', async () => {
    await asAppUser(demoId, async (run) => {
      await run(sql`
        insert into clients (organization_id, code, legal_name, entity_type, status)
        values (${demoId}, 'CNT-1', 'Count One', 'c_corp', 'prospect'),
               (${demoId}, 'CNT-2', 'Count Two', 'c_corp', 'prospect'),
               (${demoId}, 'CNT-3', 'Count Three', 'c_corp', 'active')`);
      await run(sql`update clients set status = 'active' where code in ('CNT-1', 'CNT-3')`);
      await run(sql`update clients set status = 'inactive' where code = 'CNT-2'`);
      await run(sql`update clients set notes = 'no status change' where code = 'CNT-1'`);
      await run(sql`delete from clients where code = 'CNT-3'`);
    });
    const rows = await inTransaction((run) => countsOf(run, demoId));
    for (const row of rows) expect(row.kept, String(row.status)).toBe(row.counted);
    expect(rows.find((row) => row.status === 'inactive')!.counted).toBeGreaterThan(0);
  });

  it('cannot be written for another organization, nor read by it', async () => {
    const seen = await asAppUser(northwindId, (run) =>
      run(sql`select count(*)::int as n from client_status_counts where organization_id = ${demoId}`),
    );
    expect(seen).toEqual([{ n: 0 }]);
  });

  it('give the dashboard its active clients', async () => {
    const [active] = await inTransaction((run) =>
      run(sql`select count(*)::int as n from clients where organization_id = ${demoId} and status = 'active'`),
    );
    const stats = await (await signedIn(testApp.app, 'staff')).request({ url: '/dashboard/stats' });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({ activeClients: active!.n });
  });
});
