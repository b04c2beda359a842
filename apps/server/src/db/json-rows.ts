import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's row from the JSON a SQL function gave for it (`to_json(row)`), each column decoded as
 * drizzle decodes the driver's value, so the row is the one `select().from(table)` would give.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
