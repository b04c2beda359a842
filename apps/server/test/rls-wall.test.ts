import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withTenant, type Tx } from '../src/db/client';
import { createTestApp, signedIn, type TestApp } from './test-app';

type Row = Record<string, unknown>;
type Run = (query: SQL) => Promise<Row[]>;

let testApp: TestApp;
let tenantTables: string[];
let demoId: number;
let northwindId: number;
let ownerName: string;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Runs queries in one transaction on the raw database, as the owner unless the work switches role. */
function inTransaction<T>(work: (run: Run) => Promise<T>): Promise<T> {
  return testApp.context.database.db.transaction(async (tx) =>
    work(async (query) => rowsOf(await (tx as Tx).execute(query))),
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
  return withTenant(testApp.context.database.db, organizationId, (tx) =>
    work(async (query) => rowsOf(await tx.execute(query))),
  );
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
  ownerName = (await inTransaction((run) => run(sql`select current_user as name`)))[0]!.name as string;
});
afterAll(() => testApp.close());

describe('the tenant tables', () => {
  it('are found from information_schema, the foundation ones among them', () => {
    expect(tenantTables).toEqual(expect.arrayContaining(['audit_log', 'refresh_tokens', 'roles', 'users']));
  });

  it('each have row-level security enabled and forced, not owned by app_user; organizations too', async () => {
    const rows = await inTransaction((run) =>
      run(sql`
        select c.relname, c.relrowsecurity, c.relforcerowsecurity, pg_get_userbyid(c.relowner) as owner
        from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`),
    );
    for (const table of [...tenantTables, 'organizations']) {
      const row = rows.find((candidate) => candidate.relname === table);
      expect(row?.relrowsecurity, table).toBe(true);
      expect(row?.relforcerowsecurity, table).toBe(true);
      expect(row?.owner, table).not.toBe('app_user');
    }
  });

  it('each have a policy, and every policy is scoped to the current organization', async () => {
    const policies = await inTransaction((run) =>
      run(sql`select tablename, policyname, qual, with_check from pg_policies where schemaname = 'public'`),
    );
    const scoped = (column: string) =>
      new RegExp(`^\\(?${column} = \\( SELECT current_org_id\\(\\) AS current_org_id\\)\\)?$`);
    for (const table of [...tenantTables, 'organizations']) {
      const own = policies.filter((policy) => policy.tablename === table);
      expect(own.length, table).toBeGreaterThan(0);
      for (const policy of own) {
        const clauses = [policy.qual, policy.with_check].filter((clause) => clause !== null);
        expect(clauses.length, `${table} ${String(policy.policyname)}`).toBeGreaterThan(0);
        for (const clause of clauses) {
          expect(String(clause), `${table} ${String(policy.policyname)}`).toMatch(
            scoped(table === 'organizations' ? 'id' : 'organization_id'),
          );
        }
      }
    }
  });

  it('are read by a role that can neither bypass RLS nor act as superuser, and owns nothing', async () => {
    const [role] = await inTransaction((run) =>
      run(sql`
        select r.rolsuper, r.rolbypassrls,
          (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
        from pg_roles r where r.rolname = 'app_user'`),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
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

/** What demo's tenant transaction sees of Northwind after an escape: rows per table, organizations included. */
async function northwindSeenAfter(escape: SQL): Promise<Record<string, number>> {
  return asAppUser(demoId, async (run) => {
    await run(escape);
    const seen: Record<string, number> = {
      organizations: await countRows(run, 'organizations', sql`id = ${northwindId}`),
    };
    for (const table of tenantTables) seen[table] = await countRows(run, table, sql`organization_id = ${northwindId}`);
    return seen;
  });
}

const nothing = () => Object.fromEntries(['organizations', ...tenantTables].map((table) => [table, 0]));

/**
 * The two ways PGlite 0.5 could run as app_user, tried on a copy of the test database. PGlite's
 * standalone backend always authenticates as the bootstrap superuser: its `username` option is a
 * SET ROLE, and a session authorization set to app_user can be set back, since the
 * authenticated user is a superuser. Either way every firm is one statement away.
 */
async function pgliteOpenedAsAppUser() {
  const loadDataDir = new Blob([await readFile(inject('PRACTICE_TEST_TEMPLATE'))]);
  const client = await PGlite.create({ loadDataDir, extensions: { pg_trgm }, username: 'app_user' });
  const db = drizzle(client);
  const run = async (query: SQL) => rowsOf(await db.execute(query))[0];
  const who = sql`select session_user as session, current_user as current, (select count(*)::int from organizations) as firms`;
  try {
    const opened = await run(who);
    await run(sql`reset role`);
    const afterResetRole = await run(who);
    await run(sql`set session authorization app_user`);
    const sessionAuthorization = await run(who);
    await run(sql`set session authorization postgres`);
    const setBack = await run(who);
    return { opened, afterResetRole, sessionAuthorization, setBack };
  } finally {
    await client.close();
  }
}

describe('a statement inside a tenant transaction', () => {
  it('runs logged in as app_user on PostgreSQL, so there is no other role to go back to', async () => {
    const [who] = await asAppUser(demoId, (run) => run(sql`select session_user as session, current_user as current`));
    expect(who).toEqual(
      testApp.context.database.kind === 'postgres'
        ? { session: 'app_user', current: 'app_user' }
        : { session: ownerName, current: 'app_user' },
    );
  });

  const roleEscapes = () => [
    { escape: sql`reset role`, refused: null },
    { escape: sql`select set_config('role', 'none', true)`, refused: null },
    { escape: sql.raw(`set role ${ownerName}`), refused: /permission denied to set role/ },
    {
      escape: sql.raw(`select set_config('role', '${ownerName}', true)`),
      refused: /permission denied to set role/,
    },
    {
      escape: sql.raw(`set session authorization ${ownerName}`),
      refused: /permission denied to set session authorization/,
    },
  ];

  it('cannot step back to the owner with RESET ROLE, SET ROLE or SET SESSION AUTHORIZATION on PostgreSQL; on PGlite it can', async () => {
    if (testApp.context.database.kind === 'pglite') {
      // PGlite cannot log in as app_user (ADR 0098, amendment): RESET ROLE returns to its
      // superuser, which bypasses row-level security. This pins the gap and its cause; when
      // pgliteOpenedAsAppUser changes, PGlite logs in as the role it is opened with and can
      // serve as app_user, so that the escapes below can be closed on PGlite too.
      expect((await northwindSeenAfter(sql`reset role`)).organizations).toBe(1);
      expect(await pgliteOpenedAsAppUser()).toEqual({
        opened: { session: 'postgres', current: 'app_user', firms: 0 },
        afterResetRole: { session: 'postgres', current: 'postgres', firms: 2 },
        sessionAuthorization: { session: 'app_user', current: 'app_user', firms: 0 },
        setBack: { session: 'postgres', current: 'postgres', firms: 2 },
      });
      return;
    }
    for (const { escape, refused } of roleEscapes()) {
      if (refused) expect(await failureOf(northwindSeenAfter(escape))).toMatch(refused);
      else expect(await northwindSeenAfter(escape)).toEqual(nothing());
    }
  });

  it("cannot read another session's proof from pg_stat_activity", async () => {
    const otherSessions = sql`
      select query from pg_stat_activity
      where pid <> pg_backend_pid() and query like '%app.org_proof%' and query not like '%pg_stat_activity%'`;
    if (testApp.context.database.kind === 'pglite') {
      // One session only: there is no other to read.
      expect(await asAppUser(demoId, (run) => run(otherSessions))).toEqual([]);
      return;
    }
    // Northwind's transaction stays open, its settings its last statement, while demo looks.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const northwind = asAppUser(northwindId, async () => {
      opened();
      await held;
    });
    await open;
    try {
      const seen = await asAppUser(demoId, async (run) => ({
        proofs: await run(otherSessions),
        sessions: await run(sql`select count(*)::int as n from pg_stat_activity where usename = 'app_user'`),
      }));
      expect(seen.sessions[0]?.n).toBeGreaterThanOrEqual(2);
      expect(seen.proofs).toEqual([]);
    } finally {
      release();
      await northwind;
    }
  });

  it("cannot name another firm with set_config('app.org_id'), with or without its own proof", async () => {
    expect(await northwindSeenAfter(sql`select set_config('app.org_id', ${String(northwindId)}, true)`)).toEqual(
      nothing(),
    );
    expect(
      await northwindSeenAfter(
        sql`select set_config('app.org_id', ${String(northwindId)}, false), set_config('app.org_proof', 'forged', false)`,
      ),
    ).toEqual(nothing());
  });

  it('sees not even its own firm once app.org_id is changed: the proof no longer matches', async () => {
    const own = await asAppUser(demoId, async (run) => {
      await run(sql`select set_config('app.org_id', ${String(northwindId)}, true)`);
      return countRows(run, 'users');
    });
    expect(own).toBe(0);
  });

  it('can neither read nor update the row of another organization, and reads its own', async () => {
    const { visible, changed } = await asAppUser(demoId, async (run) => ({
      visible: await run(sql`select id from organizations order by id`),
      changed: await run(
        sql`update organizations set time_rounding_minutes = 30 where id = ${northwindId} returning id`,
      ),
    }));
    expect(visible).toEqual([{ id: demoId }]);
    expect(changed).toEqual([]);
    const [northwind] = await inTransaction((run) =>
      run(sql`select time_rounding_minutes from organizations where id = ${northwindId}`),
    );
    expect(northwind?.time_rounding_minutes).not.toBe(30);
  });
});
