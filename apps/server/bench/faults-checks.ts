import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import {
  brokenFigures,
  brokenStoredBalances,
  clientFiguresOf,
  clientFiguresQuery,
  storedBalancesQuery,
  type ClientFigures,
  type StoredBalances,
} from '../test/money-invariants';
import type { Write, WriteKind } from './faults-load';

export type Check = { name: string; failures: string[] };

const SHOWN = 10;

/** Where each write's tag is stored, and which rows of it count as the write being there. */
const STORED: Record<WriteKind, string> = {
  'time entry': 'select narrative as tag, id from time_entries where narrative = any($1::text[])',
  // A draft whose issue was never acknowledged may stay a draft: only issued invoices count.
  invoice: `select l.description as tag, i.id from invoice_lines l
      join invoices i on i.organization_id = l.organization_id and i.id = l.invoice_id
      where l.description = any($1::text[]) and i.status not in ('draft', 'void')`,
  payment: 'select reference as tag, id from payments where reference = any($1::text[])',
};

/** Every acknowledged write exists once with the id its answer named; none that was tried exists twice. */
async function exactlyOnce(client: pg.ClientBase, kind: WriteKind, writes: Write[]): Promise<Check> {
  const ofKind = writes.filter((write) => write.kind === kind);
  const { rows } = await client.query<{ tag: string; id: number }>(STORED[kind], [ofKind.map((write) => write.tag)]);
  const stored = new Map<string, number[]>();
  for (const row of rows) stored.set(row.tag, [...(stored.get(row.tag) ?? []), Number(row.id)]);
  const failures: string[] = [];
  for (const write of ofKind) {
    const ids = stored.get(write.tag) ?? [];
    if (ids.length > 1) failures.push(`${write.tag}: stored ${ids.length} times (ids ${ids.join(', ')})`);
    else if (write.acknowledgedId !== undefined && ids[0] !== write.acknowledgedId) {
      failures.push(
        `${write.tag}: acknowledged as id ${write.acknowledgedId}, stored ${ids.length ? `as ${ids[0]}` : 'nowhere'}`,
      );
    }
  }
  const acknowledged = ofKind.filter((write) => write.acknowledgedId !== undefined).length;
  return { name: `every acknowledged ${kind} exists exactly once (${acknowledged} acknowledged)`, failures };
}

/** A payment retried under its key answered one payment, and its key holds one answer. */
async function paymentsNotDoubled(client: pg.ClientBase, writes: Write[]): Promise<Check> {
  const payments = writes.filter((write) => write.kind === 'payment');
  const failures: string[] = [];
  for (const write of payments) {
    const distinct = new Set(write.answeredIds);
    if (distinct.size > 1) failures.push(`${write.tag}: its retries answered payments ${[...distinct].join(', ')}`);
  }
  const { rows } = await client.query<{ key: string; count: string }>(
    'select key, count(*)::text as count from idempotency_keys where key = any($1::text[]) group by key having count(*) > 1',
    [payments.map((write) => write.tag)],
  );
  for (const row of rows) failures.push(`Idempotency-Key ${row.key}: ${row.count} stored answers`);
  const retried = payments.filter((write) => write.attempts > 1 && write.acknowledgedId !== undefined).length;
  return { name: `no payment doubled (${retried} acknowledged payments were sent more than once)`, failures };
}

const dialect = new PgDialect();

async function firstRow<T>(client: pg.ClientBase, query: SQL): Promise<T> {
  const { sql, params } = dialect.sqlToQuery(query);
  return (await client.query(sql, params)).rows[0] as T;
}

/** PRODUCT.md's invariants (the property tests' queries) for every client of the firm. */
async function moneyInvariants(client: pg.ClientBase, organizationId: number): Promise<Check> {
  const { rows } = await client.query<{ id: number }>('select id from clients where organization_id = $1 order by id', [
    organizationId,
  ]);
  const failures: string[] = [];
  for (const { id } of rows) {
    const figuresRow = await firstRow<Record<keyof ClientFigures, string>>(client, clientFiguresQuery(id));
    const figures = clientFiguresOf(figuresRow);
    const stored = await firstRow<StoredBalances>(client, storedBalancesQuery(id));
    for (const broken of [...brokenFigures(figures), ...brokenStoredBalances(stored, figures.unapplied)]) {
      failures.push(`client ${id}: ${broken}`);
    }
  }
  const { rows: over } = await client.query<{ id: number }>(
    'select id from invoices where organization_id = $1 and applied_cents > total_cents',
    [organizationId],
  );
  for (const { id } of over) failures.push(`invoice ${id}: applied above its total`);
  return {
    name: `PRODUCT.md invariants for all ${rows.length} clients (ledger = documents = open balances - credit, applied <= total, stored balances)`,
    failures,
  };
}

export async function afterChecks(client: pg.ClientBase, organizationId: number, writes: Write[]): Promise<Check[]> {
  return [
    await exactlyOnce(client, 'time entry', writes),
    await exactlyOnce(client, 'invoice', writes),
    await exactlyOnce(client, 'payment', writes),
    await paymentsNotDoubled(client, writes),
    await moneyInvariants(client, organizationId),
  ];
}

export function checkLines(checks: Check[]): string[] {
  return checks.flatMap((check) => [
    `  ${check.failures.length === 0 ? 'ok  ' : 'FAIL'} ${check.name}`,
    ...check.failures.slice(0, SHOWN).map((failure) => `         ${failure}`),
    ...(check.failures.length > SHOWN ? [`         ... and ${check.failures.length - SHOWN} more`] : []),
  ]);
}
