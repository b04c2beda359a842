import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemoFirms } from '../src/db/seed/demo';

export const TEMPLATE_ENV = 'PRACTICE_TEST_TEMPLATE';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

/** The PostgreSQL server of the server-pg project: TEST_DATABASE_URL, else the local one. */
export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function postgresUrl(databaseName: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${databaseName}`;
  return url.toString();
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Builds a migrated database holding the demo firms once per test run: a PostgreSQL
 * template database, or a PGlite dump file. Each test file then starts from a copy.
 */
export async function buildTemplate(
  kind: TestDatabaseKind,
): Promise<{ location: string; dispose: () => Promise<void> }> {
  if (kind === 'postgres') {
    const name = `practice_tpl_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: postgresUrl(name), poolSize: 2 });
    await migrate(database);
    await seedDemoFirms(database.db);
    await database.close();
    return { location: name, dispose: () => adminQuery(`drop database if exists ${name} with (force)`) };
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openDatabase({ pglite: client });
  await migrate(database);
  await seedDemoFirms(database.db);
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const { writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const file = `${tmpdir()}/practice-template-${randomBytes(4).toString('hex')}.tar.gz`;
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return { location: file, dispose: () => rm(file, { force: true }) };
}

/** A fresh copy of the template for one test file. */
export async function openTestDatabase(template: string) {
  if (testDatabaseKind() === 'postgres') {
    const name = `practice_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${template}`);
    const database = await openDatabase({ databaseUrl: postgresUrl(name), poolSize: 10 });
    return {
      database,
      dispose: async () => {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const { readFile } = await import('node:fs/promises');
  const loadDataDir = new Blob([await readFile(template)]);
  const client = await PGlite.create({ loadDataDir, extensions: { pg_trgm } });
  const database = await openDatabase({ pglite: client });
  return { database, dispose: () => database.close() };
}
