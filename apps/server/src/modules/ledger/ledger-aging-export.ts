import { dollars, toCsv, type CsvColumn } from '../../lib/csv';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { EVERY_CLIENT, readAging, type AgingItem, type AgingQuery } from './ledger-aging';

const COLUMNS: CsvColumn<AgingItem>[] = [
  { header: 'client_id', value: (row) => row.client.client_id },
  { header: 'client_name', value: (row) => row.client.legal_name },
  { header: 'current', value: (row) => dollars(row.current_cents) },
  { header: 'days_1_30', value: (row) => dollars(row.days_1_30_cents) },
  { header: 'days_31_60', value: (row) => dollars(row.days_31_60_cents) },
  { header: 'days_61_90', value: (row) => dollars(row.days_61_90_cents) },
  { header: 'days_over_90', value: (row) => dollars(row.days_over_90_cents) },
  { header: 'unapplied', value: (row) => dollars(row.unapplied_cents) },
  { header: 'balance', value: (row) => dollars(row.balance_cents) },
];

/**
 * GET /ledger/aging/export.csv: the rows GET /ledger/aging answers (same filters), with the
 * shared CSV writer (ADR 0107: formula cells neutralised, money in dollars), and a last row
 * `TOTAL` with the firm totals. One row per client with a balance: the file holds every such
 * client, not the page the list call would answer (the largest page an int4 limit allows).
 */
export async function exportAging(database: Database, actor: SessionUser, query: AgingQuery): Promise<string> {
  const aging = await readAging(database, actor, { ...query, ...EVERY_CLIENT });
  const total: AgingItem = {
    client_id: 0,
    client: { id: 0, client_id: 'TOTAL', legal_name: `All clients as of ${aging.as_of}` },
    ...aging.totals,
  };
  return toCsv(COLUMNS, [...aging.items, total]);
}
