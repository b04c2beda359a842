import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A migration another server process applied first: its row was already taken. */
function appliedElsewhere(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'schema_migrations_pkey';
}

/**
 * Applies every SQL file in migrations/ not yet applied, in name order, each in its own
 * transaction; then makes sure app_user can log in and that no role can do more than it should.
 * Server processes starting at once on one database take turns (ADR 0177): a migration's row
 * is inserted before its script, so a second process waits on that row until the first
 * commits, then skips the file. Transaction-scoped only, as a pooler in transaction mode needs.
 */
export async function migrate(database: Database): Promise<string[]> {
  // Two "create table if not exists" at once can both try to create it: the lock makes them take turns.
  await database.execScript(
    `begin; select pg_advisory_xact_lock(hashtextextended('schema_migrations', 0));
     create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now());
     commit;`,
  );
  const done = await database.db.execute<{ name: string }>(sql`select name from schema_migrations`);
  const doneNames = new Set((done as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql') && !doneNames.has(name))
    .sort();
  const applied: string[] = [];
  for (const file of pending) {
    const script = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    try {
      await database.execScript(
        `begin;\ninsert into schema_migrations (name) values ('${file.replace(/'/g, "''")}');\n${script}\n;commit;`,
      );
      applied.push(file);
    } catch (error) {
      if (!appliedElsewhere(error)) throw error;
    }
  }
  await database.prepareRoles();
  return applied;
}
