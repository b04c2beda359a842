/** Runs one SQL statement as the database owner (who sees every firm's rows) and gives its rows. */
export type OwnerQuery = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * Every table of the app's schema by name, with its row count and a checksum of its rows'
 * text: an insert, a delete or an update of any column changes it. The sum of 64-bit hashes
 * needs no memory for the rows, so it runs on the bench's large firm too.
 */
export async function tableChecksums(query: OwnerQuery): Promise<Map<string, string>> {
  const tables = await query(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const sums = new Map<string, string>();
  for (const { table_name: name } of tables) {
    const identifier = `"${String(name).replace(/"/g, '""')}"`;
    const [row] = await query(
      `select count(*)::text as rows, coalesce(sum(hashtextextended(t::text, 0)), 0)::text as sum from ${identifier} t`,
    );
    sums.set(String(name), `${String(row?.rows)} rows, checksum ${String(row?.sum)}`);
  }
  return sums;
}

/** The tables whose rows differ between two checksums, each with both states. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name}: ${before.get(name) ?? 'absent'} -> ${after.get(name) ?? 'absent'}`);
}
