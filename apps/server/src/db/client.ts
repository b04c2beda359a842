import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createTableRelationsHelpers, extractTablesRelationalConfig, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements (migrations), outside any tenant. */
  execScript: (script: string) => Promise<void>;
  /**
   * One read-only statement as app_user for one organization, in one round trip: the tenant
   * settings and the statement (its parameters inlined) go as one message, which PostgreSQL
   * runs as one implicit transaction. For the auth guard's check on every call (ADR 0064).
   */
  readAsTenant: <T>(organizationId: number, query: SQL) => Promise<T[]>;
  close: () => Promise<void>;
};

const dialect = new PgDialect();

/**
 * Makes a tenant's transaction settings: app.org_id for the row-level security policies and
 * the app_user role that cannot bypass them. The id is inlined (it must be a positive
 * integer), so that BEGIN and the settings can go in one message.
 */
function tenantSettings(organizationId: number): string {
  if (!Number.isSafeInteger(organizationId) || organizationId <= 0) {
    throw new Error(`Not an organization id: ${organizationId}`);
  }
  return `select set_config('app.org_id', '${organizationId}', true), set_config('role', 'app_user', true)`;
}

function inlined(query: SQL): string {
  return dialect.sqlToQuery(query.inlineParams()).sql;
}

function lastRows<T>(results: { rows: unknown[] }[]): T[] {
  return (results.at(-1)?.rows ?? []) as T[];
}

/** withTenant's work per database: PostgreSQL's takes fewer round trips than drizzle's transaction. */
const tenantRunners = new WeakMap<Db, <T>(organizationId: number, work: (tx: Tx) => Promise<T>) => Promise<T>>();

/**
 * withTenant on a PostgreSQL pool: BEGIN and the tenant settings in one round trip, the work on
 * a drizzle transaction kept per pooled connection (built once, not per call), then COMMIT.
 * A connection left inside a transaction (a failed ROLLBACK) is discarded, not reused.
 */
function postgresTenantRunner(pool: pg.Pool) {
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
  return async <T>(organizationId: number, work: (tx: Tx) => Promise<T>): Promise<T> => {
    const begin = `begin; ${tenantSettings(organizationId)}`;
    const client = await pool.connect();
    try {
      await client.query(begin);
      try {
        const result = await work(transactionOf(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release(client.getTransactionStatus() !== 'I');
    }
  };
}

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // readAsTenant inlines string values, escaped for standard_conforming_strings: made sure of here.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: '-c standard_conforming_strings=on',
    });
    // An idle connection the server ends (restart, admin termination) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => console.error(`idle database connection closed: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    tenantRunners.set(db, postgresTenantRunner(pool));
    return {
      db,
      kind: 'postgres',
      execScript: async (script) => {
        await pool.query(script);
      },
      readAsTenant: async <T>(organizationId: number, query: SQL) => {
        const results = (await pool.query(`${tenantSettings(organizationId)}; ${inlined(query)}`)) as unknown;
        return lastRows<T>(results as pg.QueryResult[]);
      },
      close: () => pool.end(),
    };
  }
  const client = options.pglite ?? (await openPglite(options.dataDir));
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    execScript: async (script) => {
      await client.exec(script);
    },
    readAsTenant: async <T>(organizationId: number, query: SQL) =>
      lastRows<T>(await client.exec(`${tenantSettings(organizationId)}; ${inlined(query)}`)),
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
 * Runs work for one organization: inside a transaction, with app.org_id set and the
 * role switched to app_user, so row-level security scopes every query even when a
 * WHERE clause is forgotten.
 */
export async function withTenant<T>(db: Db, organizationId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  const runner = tenantRunners.get(db);
  if (runner) return runner(organizationId, work);
  return db.transaction(async (tx) => {
    // set_config('role', ..., true) is SET LOCAL ROLE.
    await tx.execute(sql.raw(tenantSettings(organizationId)));
    return work(tx as Tx);
  });
}
