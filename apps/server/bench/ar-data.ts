import type pg from 'pg';

/** Clients whose journal a bench reads: spread over the firm, each with seeded ledger rows. */
export async function sampleLedgerClients(client: pg.ClientBase, organizationId: number, count = 500) {
  const result = await client.query<{ id: number }>(
    `select c.id from clients c
     where c.organization_id = $1 and exists (select 1 from invoices i where i.organization_id = c.organization_id
       and i.client_id = c.id and i.status <> 'draft')
     order by random() limit $2`,
    [organizationId, count],
  );
  return result.rows.map((row) => row.id);
}

/**
 * Clients with open invoices, for the payments: a payment applies oldest invoice first, as
 * the firm's clerks record checks. Spread over the firm, so parallel payments rarely queue on
 * one client's lock (ADR 0130).
 */
export async function sampleOwingClients(client: pg.ClientBase, organizationId: number, count = 3000) {
  const result = await client.query<{ id: number }>(
    `select c.id from clients c
     where c.organization_id = $1 and exists (select 1 from invoices i where i.organization_id = c.organization_id
       and i.client_id = c.id and i.status in ('pending', 'partial'))
     order by random() limit $2`,
    [organizationId, count],
  );
  return result.rows.map((row) => row.id);
}

/** The firm's today, the date a clerk records a payment on. */
export async function firmToday(client: pg.ClientBase, organizationId: number): Promise<string> {
  const result = await client.query<{ today: string }>(
    `select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from organizations where id = $1`,
    [organizationId],
  );
  return result.rows[0]!.today;
}
