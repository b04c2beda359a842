import type pg from 'pg';

export type DroppedIndex = { name: string; definition: string };

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops a table's secondary indexes before a bulk load, keeping primary keys and unique
 * indexes (they guard the data being written). Building an index once over sorted rows is
 * many times faster than updating it row by row; the caller recreates them in the same
 * transaction, so a failed load leaves every index in place.
 */
export async function dropSecondaryIndexes(client: pg.ClientBase, tables: string[]): Promise<DroppedIndex[]> {
  const result = await client.query<DroppedIndex>(
    `select index_class.relname as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class index_class on index_class.oid = i.indexrelid
     join pg_class table_class on table_class.oid = i.indrelid
     where table_class.relname = any($1::text[]) and table_class.relnamespace = to_regnamespace(current_schema())
       and not i.indisprimary and not i.indisunique
     order by index_class.relname`,
    [tables],
  );
  for (const index of result.rows) await client.query(`drop index ${quoted(index.name)}`);
  return result.rows;
}

export async function recreateIndex(client: pg.ClientBase, index: DroppedIndex): Promise<void> {
  await client.query(index.definition);
}
