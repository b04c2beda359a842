import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
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
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, admin termination) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => console.error(`idle database connection closed: ${error.message}`));
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      execScript: async (script) => {
        await pool.query(script);
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
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', ..., true) is SET LOCAL ROLE.
    await tx.execute(
      sql`select set_config('app.org_id', ${String(organizationId)}, true), set_config('role', 'app_user', true)`,
    );
    return work(tx as Tx);
  });
}
