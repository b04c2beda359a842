import { sql, type SQL } from 'drizzle-orm';

/**
 * PRODUCT.md's money invariants as owner queries on the stored rows, without vitest: the
 * property tests and the bench's faults step (issue 19) check the same figures.
 */

export type ClientFigures = {
  ledger: number;
  fromDocuments: number;
  openBalances: number;
  unapplied: number;
  invoiceAppliedMismatches: number;
  paymentAppliedMismatches: number;
  overApplied: number;
};

/**
 * One client's figures, each computed on its own from the stored rows: the ledger alone; the
 * documents (issued non-void invoice totals - payments - credit memos - write-offs + refunds);
 * open invoice balances; unapplied credit; and the stored applied totals against the sums of
 * the applications.
 */
export function clientFiguresQuery(clientId: number): SQL {
  return sql`select
    (select coalesce(sum(debit_cents - credit_cents), 0) from ar_ledger where client_id = ${clientId})::text as ledger,
    ((select coalesce(sum(total_cents), 0) from invoices where client_id = ${clientId} and status not in ('draft', 'void'))
      - (select coalesce(sum(amount_cents), 0) from payments where client_id = ${clientId} and status = 'active')
      - (select coalesce(sum(a.amount_cents), 0) from invoice_adjustments a join invoices i
           on i.organization_id = a.organization_id and i.id = a.invoice_id
         where a.client_id = ${clientId} and i.status <> 'void')
      + (select coalesce(sum(amount_cents), 0) from refunds where client_id = ${clientId}))::text as "fromDocuments",
    (select coalesce(sum(balance_cents), 0) from invoices where client_id = ${clientId} and status in ('pending', 'partial', 'paid'))::text as "openBalances",
    ((select coalesce(sum(amount_cents - applied_cents), 0) from payments where client_id = ${clientId} and status = 'active')
      - (select coalesce(sum(amount_cents), 0) from refunds where client_id = ${clientId}))::text as unapplied,
    (select count(*) from invoices i where client_id = ${clientId} and applied_cents <>
      (select coalesce(sum(amount_cents), 0) from payment_applications pa
       where pa.organization_id = i.organization_id and pa.invoice_id = i.id))::text as "invoiceAppliedMismatches",
    (select count(*) from payments p where client_id = ${clientId} and applied_cents <>
      (select coalesce(sum(amount_cents), 0) from payment_applications pa
       where pa.organization_id = p.organization_id and pa.payment_id = p.id))::text as "paymentAppliedMismatches",
    (select count(*) from invoices where client_id = ${clientId}
      and (balance_cents < 0 or (status = 'paid') <> (balance_cents = 0 and status not in ('draft', 'void'))))::text as "overApplied"`;
}

export function clientFiguresOf(row: Record<keyof ClientFigures, string>): ClientFigures {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as ClientFigures;
}

/** The figures break an invariant: the list says which, empty when they hold. */
export function brokenFigures(figures: ClientFigures): string[] {
  const broken: string[] = [];
  if (figures.ledger !== figures.fromDocuments)
    broken.push(`ledger ${figures.ledger} <> documents ${figures.fromDocuments}`);
  if (figures.ledger !== figures.openBalances - figures.unapplied) {
    broken.push(`ledger ${figures.ledger} <> open balances ${figures.openBalances} - unapplied ${figures.unapplied}`);
  }
  if (figures.unapplied < 0) broken.push(`unapplied credit ${figures.unapplied} below zero`);
  if (figures.invoiceAppliedMismatches > 0)
    broken.push(`${figures.invoiceAppliedMismatches} invoices' applied <> their applications`);
  if (figures.paymentAppliedMismatches > 0)
    broken.push(`${figures.paymentAppliedMismatches} payments' applied <> their applications`);
  if (figures.overApplied > 0)
    broken.push(`${figures.overApplied} invoices applied above their total or paid with a balance`);
  return broken;
}

export type StoredBalances = Record<
  'open' | 'open_computed' | 'zero_rows' | 'by_due' | 'by_due_computed' | 'credit' | 'miscounted',
  string
>;

/**
 * The trigger-kept balances of migration 0034 (ADR 0140) beside what they cache: one client's
 * open total and credit, and every firm's open amounts by due date and open-client counts.
 */
export function storedBalancesQuery(clientId: number): SQL {
  return sql`select
    (select coalesce(sum(open_cents), 0) from client_open where client_id = ${clientId})::text as open,
    (select coalesce(sum(balance_cents), 0) from invoices
      where client_id = ${clientId} and status in ('pending', 'partial'))::text as open_computed,
    (select count(*) from client_open where open_cents = 0)::text as zero_rows,
    (select coalesce(json_agg(json_build_array(organization_id, due_on, cents) order by organization_id, due_on), '[]')
      from (select organization_id, due_on, sum(open_cents) as cents from firm_open_due
        group by 1, 2 having sum(open_cents) <> 0) f)::text as by_due,
    (select coalesce(json_agg(json_build_array(organization_id, due_on, cents) order by organization_id, due_on), '[]')
      from (select organization_id, coalesce(due_date, issue_date) as due_on, sum(balance_cents) as cents
        from invoices where status in ('pending', 'partial') group by 1, 2 having sum(balance_cents) <> 0) f)::text
      as by_due_computed,
    (select coalesce(sum(credit_cents), 0) from client_credit where client_id = ${clientId})::text as credit,
    (select count(*) from (select organization_id from firm_open_clients group by 1
      having sum(clients) <> (select count(*) from client_open o
        where o.organization_id = firm_open_clients.organization_id)) off)::text as miscounted`;
}

/** The stored balances differ from what they cache: the list says where, empty when they agree. */
export function brokenStoredBalances(stored: StoredBalances, unapplied: number): string[] {
  const broken: string[] = [];
  if (stored.open !== stored.open_computed)
    broken.push(`client_open ${stored.open} <> invoices ${stored.open_computed}`);
  if (stored.zero_rows !== '0') broken.push(`${stored.zero_rows} client_open rows of zero`);
  if (stored.miscounted !== '0') broken.push(`${stored.miscounted} firms' open-client counts wrong`);
  if (stored.by_due !== stored.by_due_computed) broken.push('firm_open_due <> open invoices by due date');
  if (Number(stored.credit) !== unapplied) broken.push(`client_credit ${stored.credit} <> unapplied ${unapplied}`);
  return broken;
}
