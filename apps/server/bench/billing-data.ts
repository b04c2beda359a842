import type pg from 'pg';

/** Time entries of one client still in WIP: the items of one bench draft. */
export type WipBatch = { clientId: number; timeEntryIds: number[] };

/** Items per bench draft: a few entries, as a biller picks a client's recent work. */
export const ENTRIES_PER_DRAFT = 3;
/** At most this many WIP entries are read: thousands of drafts, more than a run makes. */
const WIP_ENTRIES_READ = 90_000;

/** Billing clerks (all their firm's invoice permissions), then partners, as the signed-in billers. */
export const BILLING_MIX = { billing: 4, partner: 2 } as const;

/**
 * Splits WIP entries (ordered by client) into drafts of up to `size` entries of one client (no
 * two drafts share an entry, so parallel drafts never collide on an item), dealt in rounds over
 * the clients: a firm's billers bill one client each at a time, not ten drafts of one client at
 * once, which would queue every call on that client's rows (ADR 0189).
 */
export function wipBatches(rows: { client_id: number; id: number }[], size = ENTRIES_PER_DRAFT): WipBatch[] {
  const perClient = new Map<number, WipBatch[]>();
  for (const row of rows) {
    const batches = perClient.get(row.client_id) ?? [];
    const last = batches.at(-1);
    if (last && last.timeEntryIds.length < size) last.timeEntryIds.push(row.id);
    else batches.push({ clientId: row.client_id, timeEntryIds: [row.id] });
    perClient.set(row.client_id, batches);
  }
  const queues = [...perClient.values()];
  const total = queues.reduce((sum, batches) => sum + batches.length, 0);
  const dealt: WipBatch[] = [];
  for (let round = 0; dealt.length < total; round += 1) {
    for (const batches of queues) if (round < batches.length) dealt.push(batches[round]!);
  }
  return dealt;
}

/** The firm's completed billable entries on no invoice, grouped into drafts. */
export async function readWipBatches(client: pg.ClientBase, organizationId: number): Promise<WipBatch[]> {
  const result = await client.query<{ client_id: number; id: number }>(
    `select client_id, id from time_entries
     where organization_id = $1 and status = 'completed' and billable and invoice_id is null
     order by client_id, entry_date, id
     limit ${WIP_ENTRIES_READ}`,
    [organizationId],
  );
  return wipBatches(result.rows);
}

/** Issued invoices spread over the history, for the PDF. */
export async function sampleInvoices(client: pg.ClientBase, organizationId: number, count = 500): Promise<number[]> {
  const result = await client.query<{ id: number }>(
    `select id from invoices where organization_id = $1 and status = 'pending' order by random() limit $2`,
    [organizationId, count],
  );
  return result.rows.map((row) => row.id);
}

/** The first and last issue dates of the firm's invoices: the list's date filters fall between them. */
export async function invoiceSpan(
  client: pg.ClientBase,
  organizationId: number,
): Promise<{ first: string; last: string } | null> {
  const result = await client.query<{ first: string | null; last: string | null }>(
    `select min(issue_date)::text as first, max(issue_date)::text as last
     from invoices where organization_id = $1 and issue_date is not null`,
    [organizationId],
  );
  const span = result.rows[0];
  return span?.first && span.last ? { first: span.first, last: span.last } : null;
}

/** Users of a role spread over the firm, as pickTimekeepers does. */
export async function pickBillers(client: pg.ClientBase, organizationId: number): Promise<string[]> {
  const chosen: string[] = [];
  for (const [role, count] of Object.entries(BILLING_MIX)) {
    const result = await client.query<{ username: string }>(
      `select u.username from users u join roles r on r.organization_id = u.organization_id and r.id = u.role_id
       where u.organization_id = $1 and r.name = $2 and u.active order by u.id`,
      [organizationId, role],
    );
    const step = Math.max(1, Math.floor(result.rows.length / count));
    chosen.push(
      ...result.rows
        .filter((_, index) => index % step === 0)
        .slice(0, count)
        .map((row) => row.username),
    );
  }
  return chosen;
}
