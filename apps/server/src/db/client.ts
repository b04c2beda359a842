import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createTableRelationsHelpers, extractTablesRelationalConfig, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { appLogin, assertRoles, ROLE_FLAGS, type RoleFlags } from './roles';
import { isDeadlock } from './pg-errors';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  /**
   * The owner's handle (the role of DATABASE_URL): migrations, seeds, the CLI and the few fixed
   * lookups made before a tenant is known. Tenant work passes it to withTenant, which runs on
   * the app_user connection (ADR 0098).
   */
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements (migrations), as the owner, outside any tenant. */
  execScript: (script: string) => Promise<void>;
  /** After migrating: lets app_user log in and checks what each role may do (ADR 0098). */
  prepareRoles: () => Promise<void>;
  /**
   * One read-only statement as app_user for one organization, in one round trip: the tenant
   * settings and the statement (its parameters inlined) go as one message, which PostgreSQL
   * runs as one implicit transaction. For the auth guard's check on every call (ADR 0064).
   */
  readAsTenant: <T>(organizationId: number, query: SQL) => Promise<T[]>;
  /** Resolves when the database answers a query within PING_TIMEOUT_MS (GET /health). */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/** A database that takes longer than this to answer `select 1` is down as far as /health says. */
export const PING_TIMEOUT_MS = 2_000;

async function withinPingTimeout(query: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

const dialect = new PgDialect();

/**
 * readAsTenant's inliner: strings become E'' literals with their backslashes doubled, which
 * read the same whatever the server's standard_conforming_strings. That setting cannot be
 * pinned at connection start: a transaction-mode pooler such as PgBouncer refuses the
 * `options` start-up parameter (ADR 0177).
 */
class InliningDialect extends PgDialect {
  override escapeString(text: string): string {
    return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  }
}

const inliningDialect = new InliningDialect();

/**
 * The signed tenant binding (migration 0012): app.org_id with its HMAC under the database's
 * key, which only the owner reads. current_org_id() answers the id only with a matching
 * proof, so a query that sets app.org_id itself names no organization.
 */
type TenantBinding = {
  /** The settings of one tenant's transaction, as one statement (the id is inlined: BEGIN can share its message). */
  settings: (organizationId: number) => Promise<string>;
};

/** Organizations whose settings statement a binding keeps: far more than a server serves at once. */
const BINDINGS_KEPT = 10_000;

function tenantBinding(readKey: () => Promise<Buffer>, switchRole: boolean): TenantBinding {
  let key: Promise<Buffer> | undefined;
  // The statement depends on the organization only: its HMAC is computed once, not on every call.
  const made = new LRUCache<number, string>({ max: BINDINGS_KEPT });
  return {
    settings: async (organizationId) => {
      const known = made.get(organizationId);
      if (known !== undefined) return known;
      if (!Number.isSafeInteger(organizationId) || organizationId <= 0) {
        throw new Error(`Not an organization id: ${organizationId}`);
      }
      key ??= readKey().catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      const proof = createHmac('sha256', await key)
        .update(String(organizationId))
        .digest('hex');
      // On PGlite, one session for both roles: the role is switched for the transaction only.
      const role = switchRole ? ", set_config('role', 'app_user', true)" : '';
      const settings = `select set_config('app.org_id', '${organizationId}', true), set_config('app.org_proof', '${proof}', true)${role}`;
      made.set(organizationId, settings);
      return settings;
    },
  };
}

async function keyFrom(rows: Promise<{ rows: unknown[] }>): Promise<Buffer> {
  const [row] = (await rows).rows as { key: Uint8Array }[];
  if (!row) throw new Error('The database has no tenant binding key: run the migrations');
  return Buffer.from(row.key);
}

const KEY_QUERY = 'select key from tenant_binding_key';

export function inlined(query: SQL): string {
  return inliningDialect.sqlToQuery(query.inlineParams()).sql;
}

function lastRows<T>(results: { rows: unknown[] }[]): T[] {
  return (results.at(-1)?.rows ?? []) as T[];
}

/**
 * How a tenant transaction ends: optionally a last statement, and the answer made from its rows.
 * On PostgreSQL the statement goes with the COMMIT in one round trip, so a row lock it takes (the
 * firm's invoice number, which every issue waits for) is held while the database runs it and
 * commits, not also while this process's event loop comes back to the request between the two.
 */
export type Closing<T> = { statement?: SQL; answer: (rows: Record<string, unknown>[]) => T };

type TenantRunner = <T>(organizationId: number, work: (tx: Tx) => Promise<Closing<T>>) => Promise<T>;

/** withTenant's work per database: on PostgreSQL on the app_user pool, in fewer round trips than drizzle's transaction. */
const tenantRunners = new WeakMap<Db, TenantRunner>();

/** Runs a Closing's statement inside a drizzle transaction, which commits after it. */
async function closeInside<T>(tx: Tx, closing: Closing<T>): Promise<T> {
  if (!closing.statement) return closing.answer([]);
  const result = (await tx.execute(closing.statement)) as unknown as { rows: Record<string, unknown>[] };
  return closing.answer(result.rows);
}

/**
 * withTenant on a PostgreSQL pool: BEGIN and the tenant settings in one round trip, the work on
 * a drizzle transaction kept per pooled connection (built once, not per call), then COMMIT.
 * A connection left inside a transaction (a failed ROLLBACK) is discarded, not reused.
 */
function postgresTenantRunner(pool: pg.Pool, binding: TenantBinding) {
  const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const schemaConfig = { fullSchema: schema, schema: relational.tables, tableNamesMap: relational.tableNamesMap };
  const transactions = new WeakMap<pg.PoolClient, Tx>();
  const transactionOf = (client: pg.PoolClient): Tx => {
    let tx = transactions.get(client);
    if (!tx) {
      const session = new NodePgSession(client, dialect, schemaConfig);
      tx = new NodePgTransaction(dialect, session, schemaConfig) as unknown as Tx;
      transactions.set(client, tx);
    }
    return tx;
  };
  const attempt = async <T>(begin: string, work: (tx: Tx) => Promise<Closing<T>>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query(begin);
      try {
        const closing = await work(transactionOf(client));
        if (!closing.statement) {
          await client.query('commit');
          return closing.answer([]);
        }
        const results = (await client.query(`${inlined(closing.statement)}; commit`)) as unknown as pg.QueryResult[];
        return closing.answer(results[0]!.rows as Record<string, unknown>[]);
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release(client.getTransactionStatus() !== 'I');
    }
  };
  return async <T>(organizationId: number, work: (tx: Tx) => Promise<Closing<T>>): Promise<T> => {
    const begin = `begin; ${await binding.settings(organizationId)}`;
    for (let tries = 1; ; tries += 1) {
      try {
        return await attempt(begin, work);
      } catch (error) {
        if (tries >= DEADLOCK_TRIES || !isDeadlock(error)) throw error;
      }
    }
  };
}

/**
 * A transaction PostgreSQL chose as a deadlock's victim was rolled back whole, so running it
 * again is safe: a rare lock cycle among the rollup triggers costs a retry, not a 500.
 */
const DEADLOCK_TRIES = 3;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
};

const AUTHENTICATION_FAILED = new Set(['28P01', '28000']);

/**
 * A refused login: PostgreSQL's codes, or PgBouncer's 08P01 with "password authentication
 * failed" (md5) or "SASL authentication failed" (SCRAM) (ADR 0177).
 */
function loginRefused(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return AUTHENTICATION_FAILED.has(code ?? '') || (code === '08P01' && /authentication failed$/.test(message ?? ''));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const poolOptions = { max: options.poolSize ?? 10 };
    const pool = new pg.Pool({ ...poolOptions, connectionString: options.databaseUrl });
    const login = appLogin(options.databaseUrl);
    // Tenant work runs logged in as app_user: not superuser, no BYPASSRLS, no table of its own,
    // so neither RESET ROLE nor SET ROLE reaches a role that could read another firm.
    const appPool = new pg.Pool({ ...poolOptions, connectionString: login.url });
    // A connection the database ends (restart, failover, admin termination) must not crash the
    // process. node-postgres emits 'error' on the pool for an idle connection, and on the client
    // itself for one checked out between two queries (a transaction waiting on other work), where
    // nothing else listens: the pool then drops it on release and opens a new one when asked.
    for (const each of [pool, appPool]) {
      each.on('connect', (client) =>
        client.on('error', (error) => console.error(`database connection closed: ${error.message}`)),
      );
      // An idle client's error reaches the pool as well; the client's own listener has logged it.
      each.on('error', () => undefined);
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const binding = tenantBinding(() => keyFrom(pool.query(KEY_QUERY)), false);
    tenantRunners.set(db, postgresTenantRunner(appPool, binding));
    const appFlags = async () => (await appPool.query<RoleFlags>(`${ROLE_FLAGS}current_user`)).rows[0];
    return {
      db,
      kind: 'postgres',
      execScript: async (script) => {
        await pool.query(script);
      },
      prepareRoles: async () => {
        const owner = (await pool.query<RoleFlags>(`${ROLE_FLAGS}current_user`)).rows[0];
        let app: RoleFlags | undefined;
        try {
          app = await appFlags();
        } catch (error) {
          if (!login.password || !loginRefused(error)) throw error;
          // A hex digest needs no quoting. Set only when the login fails: roles are shared by the
          // databases of a server, and parallel processes must not keep rewriting the role.
          await pool.query(`alter role app_user with login password '${login.password}'`);
          app = await appFlags();
        }
        assertRoles(owner, app);
      },
      readAsTenant: async <T>(organizationId: number, query: SQL) => {
        const settings = await binding.settings(organizationId);
        const results = (await appPool.query(`${settings}; ${inlined(query)}`)) as unknown;
        return lastRows<T>(results as pg.QueryResult[]);
      },
      // On the pool requests use: it is the one that must reconnect after a database restart.
      ping: () => withinPingTimeout(appPool.query('select 1')),
      close: async () => {
        await Promise.all([pool.end(), appPool.end()]);
      },
    };
  }
  const client = options.pglite ?? (await openPglite(options.dataDir));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const binding = tenantBinding(() => keyFrom(client.query(KEY_QUERY)), true);
  tenantRunners.set(db, async (organizationId, work) => {
    // Made before the transaction: PGlite's one session would wait on itself for the key.
    const settings = sql.raw(await binding.settings(organizationId));
    return db.transaction(async (tx) => {
      // set_config('role', ..., true) is SET LOCAL ROLE.
      await tx.execute(settings);
      return closeInside(tx as Tx, await work(tx as Tx));
    });
  });
  return {
    db,
    kind: 'pglite',
    execScript: async (script) => {
      await client.exec(script);
    },
    prepareRoles: async () => {
      const owner = (await client.query<RoleFlags>(`${ROLE_FLAGS}current_user`)).rows[0];
      const app = (await client.query<RoleFlags>(`${ROLE_FLAGS}'app_user'`)).rows[0];
      assertRoles(owner, app);
    },
    readAsTenant: async <T>(organizationId: number, query: SQL) =>
      lastRows<T>(await client.exec(`${await binding.settings(organizationId)}; ${inlined(query)}`)),
    ping: () => withinPingTimeout(client.query('select 1')),
    close: () => client.close(),
  };
}

/** PGlite creates only the last folder of its path, so the parent is made first. */
export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir === undefined) return PGlite.create({ extensions: { pg_trgm } });
  const directory = path.join(dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return PGlite.create(directory, { extensions: { pg_trgm } });
}

/**
 * Runs work for one organization: inside a transaction, as app_user, with the signed tenant
 * binding set, so row-level security scopes every query even when a WHERE clause is forgotten.
 * The db of an open Database runs it on the app_user connection (PostgreSQL) or session role.
 * On PostgreSQL a deadlock's victim runs again, so work must do nothing outside the database.
 */
export async function withTenant<T>(db: Db, organizationId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withTenantClosing(db, organizationId, async (tx) => {
    const value = await work(tx);
    return { answer: () => value };
  });
}

/** withTenant whose work ends with a Closing: its last statement, sent with the COMMIT. */
export async function withTenantClosing<T>(
  db: Db,
  organizationId: number,
  work: (tx: Tx) => Promise<Closing<T>>,
): Promise<T> {
  const runner = tenantRunners.get(db);
  if (runner) return runner(organizationId, work);
  // An owner's transaction (creating a firm with its roles and administrator in one go): the
  // tenant work is a savepoint inside it, switched to app_user like PGlite's. SET LOCAL outlives
  // a released savepoint, so the owner's role and an empty binding are put back after the work.
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select key, current_setting('role') as role from tenant_binding_key`,
    )) as unknown as { rows: { key: Uint8Array; role: string }[] };
    const row = result.rows[0];
    if (!row) throw new Error('The database has no tenant binding key: run the migrations');
    const binding = tenantBinding(async () => Buffer.from(row.key), true);
    await tx.execute(sql.raw(await binding.settings(organizationId)));
    const value = await closeInside(tx as Tx, await work(tx as Tx));
    await tx.execute(
      sql`select set_config('role', ${row.role}, true), set_config('app.org_id', '', true), set_config('app.org_proof', '', true)`,
    );
    return value;
  });
}
