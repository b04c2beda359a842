import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every SQL file in migrations/ not yet applied, in name order, each in its own
 * transaction; then makes sure app_user can log in and that no role can do more than it should.
 */
export async function migrate(database: Database): Promise<string[]> {
  await database.execScript(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const done = await database.db.execute<{ name: string }>(sql`select name from schema_migrations`);
  const doneNames = new Set((done as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql') && !doneNames.has(name))
    .sort();
  for (const file of pending) {
    const script = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    await database.execScript(
      `begin;\n${script}\n;insert into schema_migrations (name) values ('${file.replace(/'/g, "''")}');\ncommit;`,
    );
  }
  await database.prepareRoles();
  return pending;
}
