import type pg from 'pg';

export type WorkCheck = {
  timeEntries: number;
  wrongAmounts: number;
  oddMinutes: number;
  disabledPairs: number;
  entryOrphans: number;
  expenses: number;
  wrongTotals: number;
  expenseOrphans: number;
};

/**
 * The generator writes with foreign-key triggers off, so before commit every row is checked
 * against what the database would have enforced, and against the service's arithmetic.
 */
export async function checkWork(client: pg.ClientBase, organizationId: number): Promise<WorkCheck> {
  const entries = await client.query<{
    entries: string;
    wrong_amounts: string;
    odd_minutes: string;
    disabled_pairs: string;
    orphans: string;
  }>(
    `select count(*) as entries,
       count(*) filter (where t.amount_cents <> (t.rate_cents * t.minutes + 30) / 60) as wrong_amounts,
       count(*) filter (where t.minutes % 6 <> 0) as odd_minutes,
       count(*) filter (where cat.enabled = false) as disabled_pairs,
       count(*) filter (where u.id is null or c.id is null or a.id is null) as orphans
     from time_entries t
     left join users u on u.organization_id = t.organization_id and u.id = t.user_id
     left join clients c on c.organization_id = t.organization_id and c.id = t.client_id
     left join activity_types a on a.organization_id = t.organization_id and a.id = t.activity_type_id
     left join client_activity_types cat on cat.organization_id = t.organization_id and cat.client_id = t.client_id
       and cat.activity_type_id = t.activity_type_id
     where t.organization_id = $1`,
    [organizationId],
  );
  const expenses = await client.query<{ expenses: string; wrong_totals: string; orphans: string }>(
    `select count(*) as expenses,
       count(*) filter (where e.total_cents <> e.amount_cents + (e.amount_cents * e.markup_basis_points + 5000) / 10000)
         as wrong_totals,
       count(*) filter (where u.id is null or c.id is null) as orphans
     from expenses e
     left join users u on u.organization_id = e.organization_id and u.id = e.user_id
     left join clients c on c.organization_id = e.organization_id and c.id = e.client_id
     where e.organization_id = $1`,
    [organizationId],
  );
  const entryRow = entries.rows[0]!;
  const expenseRow = expenses.rows[0]!;
  return {
    timeEntries: Number(entryRow.entries),
    wrongAmounts: Number(entryRow.wrong_amounts),
    oddMinutes: Number(entryRow.odd_minutes),
    disabledPairs: Number(entryRow.disabled_pairs),
    entryOrphans: Number(entryRow.orphans),
    expenses: Number(expenseRow.expenses),
    wrongTotals: Number(expenseRow.wrong_totals),
    expenseOrphans: Number(expenseRow.orphans),
  };
}

export function problemsOf(check: WorkCheck): string[] {
  const problems: [number, string][] = [
    [check.wrongAmounts, 'time entries whose amount is not rate x minutes / 60'],
    [check.oddMinutes, 'time entries not in 6-minute multiples'],
    [check.disabledPairs, 'time entries on an activity type disabled for their client'],
    [check.entryOrphans, 'time entries naming a missing user, client or activity type'],
    [check.wrongTotals, 'expenses whose total is not amount plus markup'],
    [check.expenseOrphans, 'expenses naming a missing user or client'],
  ];
  return problems.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
}

export type InvoiceCheck = {
  invoices: number;
  invoiceLines: number;
  wrongTotals: number;
  emptyInvoices: number;
  wrongStatus: number;
  wrongNumbers: number;
  numberGaps: number;
  wrongSequence: number;
  wrongLedger: number;
  invoiceOrphans: number;
  lineMismatches: number;
  billedWithoutLine: number;
};

/**
 * The seeded invoices against ADR 0110: totals = sum of lines (no tax), issued with the status
 * their balance gives (statusForBalance; checkPayments checks what was applied), numbers prefix + a gapless sequence with the sequence row at
 * the next one, exactly one ledger debit of the total per invoice, and each billed item on
 * exactly one line of its invoice, at its own value.
 */
export async function checkInvoices(client: pg.ClientBase, organizationId: number): Promise<InvoiceCheck> {
  const invoices = await client.query<Record<string, string>>(
    `select count(*) as invoices,
       count(*) filter (where i.subtotal_cents <> coalesce(l.amount, -1) or i.total_cents <> i.subtotal_cents + i.tax_cents)
         as wrong_totals,
       count(*) filter (where i.total_cents <= 0) as empty_invoices,
       count(*) filter (where i.status is distinct from case when i.balance_cents = 0 then 'paid'
           when i.applied_cents + i.credited_cents > 0 then 'partial' else 'pending' end
         or i.balance_cents < 0 or i.issue_date is null or i.access_code is null or i.due_date < i.issue_date)
         as wrong_status,
       count(*) filter (where i.number is distinct from o.invoice_prefix || i.number_seq) as wrong_numbers,
       count(*) - count(distinct i.number_seq) + (coalesce(max(i.number_seq), 0) - count(*))
         + (coalesce(min(i.number_seq), 1) - 1) as number_gaps,
       coalesce(max(i.number_seq), 0) + 1 - coalesce(max(s.next_number), 1) as sequence_lag,
       count(*) filter (where g.debits is distinct from i.total_cents or g.entries <> 1 or g.entry_date <> i.issue_date)
         as wrong_ledger,
       count(*) filter (where c.id is null) as orphans
     from invoices i
     join organizations o on o.id = i.organization_id
     left join invoice_number_sequences s on s.organization_id = i.organization_id
     left join (select invoice_id, sum(amount_cents) as amount from invoice_lines where organization_id = $1
       group by invoice_id) l on l.invoice_id = i.id
     left join (select invoice_id, sum(debit_cents) as debits, count(*) as entries, min(entry_date) as entry_date
       from ar_ledger where organization_id = $1 and kind = 'invoice' group by invoice_id) g on g.invoice_id = i.id
     left join clients c on c.organization_id = i.organization_id and c.id = i.client_id
     where i.organization_id = $1`,
    [organizationId],
  );
  const lines = await client.query<Record<string, string>>(
    `select count(*) as lines,
       count(*) filter (where i.id is null or (l.kind = 'time' and (t.id is null or t.invoice_id <> l.invoice_id
         or t.status <> 'billed' or t.amount_cents <> l.standard_cents or t.client_id <> i.client_id))
         or (l.kind = 'expense' and (e.id is null or e.invoice_id <> l.invoice_id or e.status <> 'billed'
         or e.total_cents <> l.standard_cents or e.client_id <> i.client_id))) as mismatches
     from invoice_lines l
     left join invoices i on i.organization_id = l.organization_id and i.id = l.invoice_id
     left join time_entries t on t.organization_id = l.organization_id and t.id = l.time_entry_id
     left join expenses e on e.organization_id = l.organization_id and e.id = l.expense_id
     where l.organization_id = $1`,
    [organizationId],
  );
  const billed = await client.query<{ billed: string }>(
    `select (select count(*) from time_entries where organization_id = $1 and status = 'billed')
       + (select count(*) from expenses where organization_id = $1 and status = 'billed') as billed`,
    [organizationId],
  );
  const invoiceRow = invoices.rows[0]!;
  const lineRow = lines.rows[0]!;
  const count = (text: string | undefined) => Number(text ?? 0);
  return {
    invoices: count(invoiceRow.invoices),
    invoiceLines: count(lineRow.lines),
    wrongTotals: count(invoiceRow.wrong_totals),
    emptyInvoices: count(invoiceRow.empty_invoices),
    wrongStatus: count(invoiceRow.wrong_status),
    wrongNumbers: count(invoiceRow.wrong_numbers),
    numberGaps: count(invoiceRow.number_gaps),
    wrongSequence: Math.abs(count(invoiceRow.sequence_lag)),
    wrongLedger: count(invoiceRow.wrong_ledger),
    invoiceOrphans: count(invoiceRow.orphans),
    lineMismatches: count(lineRow.mismatches),
    // Every billed item has its line (the lines are all checked above): the counts agree.
    billedWithoutLine: Math.abs(count(billed.rows[0]!.billed) - count(lineRow.lines)),
  };
}

export function invoiceProblemsOf(check: InvoiceCheck): string[] {
  const problems: [number, string][] = [
    [check.wrongTotals, 'invoices whose totals are not the sum of their lines'],
    [check.emptyInvoices, 'invoices of $0.00'],
    [
      check.wrongStatus,
      'invoices whose status does not follow the balance, or without issue date, due date or access code',
    ],
    [check.wrongNumbers, 'invoices whose number is not prefix + sequence'],
    [check.numberGaps, 'gaps or repeats in the invoice numbers'],
    [check.wrongSequence, 'off the next number in the sequence row'],
    [check.wrongLedger, 'invoices without exactly one ledger debit of their total on their issue date'],
    [check.invoiceOrphans, 'invoices naming a missing client'],
    [check.lineMismatches, 'invoice lines not matching their billed item or invoice'],
    [check.billedWithoutLine, 'difference between billed items and invoice lines'],
  ];
  return problems.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
}

export type PaymentCheck = {
  payments: number;
  wrongApplied: number;
  paymentOrphans: number;
  wrongPaymentLedger: number;
  applications: number;
  applicationMismatches: number;
  wrongInvoiceApplied: number;
  clients: number;
  ledgerNotDocuments: number;
  ledgerNotOpenPlusCredit: number;
};

/**
 * The seeded payments against ADR 0110 and PRODUCT.md's invariants: each payment's applied
 * amount is the sum of its applications (none when void) and at most the payment; each
 * application names an issued, non-void invoice of the payment's client; each invoice's
 * applied amount is the sum of its applications; each payment has one ledger credit of its
 * amount on its date, and a void one the matching debit. Per client: ledger balance = issued
 * non-void totals - payments - credit memos - write-offs + refunds = open invoice balances +
 * unapplied credit (credit = -(active payments - applied - refunds), never positive).
 */
export async function checkPayments(client: pg.ClientBase, organizationId: number): Promise<PaymentCheck> {
  const payments = await client.query<Record<string, string>>(
    `select count(*) as payments,
       count(*) filter (where p.applied_cents <> coalesce(a.applied, 0) or p.applied_cents > p.amount_cents
         or (p.status = 'void' and a.applied is not null)) as wrong_applied,
       count(*) filter (where c.id is null) as orphans,
       count(*) filter (where g.credits is distinct from p.amount_cents or g.credit_rows <> 1
         or g.credit_date <> p.payment_date or g.debits <> case when p.status = 'void' then p.amount_cents else 0 end
         or g.debit_rows <> case when p.status = 'void' then 1 else 0 end
         or (p.status = 'void' and g.debit_date <> p.payment_date)) as wrong_ledger
     from payments p
     left join (select payment_id, sum(amount_cents) as applied from payment_applications where organization_id = $1
       group by payment_id) a on a.payment_id = p.id
     left join (select payment_id,
         sum(credit_cents) filter (where kind = 'payment') as credits,
         count(*) filter (where kind = 'payment') as credit_rows, min(entry_date) filter (where kind = 'payment') as credit_date,
         coalesce(sum(debit_cents) filter (where kind = 'payment_void'), 0) as debits,
         count(*) filter (where kind = 'payment_void') as debit_rows,
         min(entry_date) filter (where kind = 'payment_void') as debit_date
       from ar_ledger where organization_id = $1 and payment_id is not null group by payment_id) g on g.payment_id = p.id
     left join clients c on c.organization_id = p.organization_id and c.id = p.client_id
     where p.organization_id = $1`,
    [organizationId],
  );
  const applications = await client.query<Record<string, string>>(
    `select count(*) as applications,
       count(*) filter (where p.id is null or i.id is null or i.client_id <> p.client_id
         or i.status in ('draft', 'void') or p.status <> 'active' or pa.amount_cents <= 0) as mismatches
     from payment_applications pa
     left join payments p on p.organization_id = pa.organization_id and p.id = pa.payment_id
     left join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_id
     where pa.organization_id = $1`,
    [organizationId],
  );
  const invoices = await client.query<{ wrong: string }>(
    `select count(*) as wrong from invoices i
     left join (select invoice_id, sum(amount_cents) as applied from payment_applications where organization_id = $1
       group by invoice_id) a on a.invoice_id = i.id
     where i.organization_id = $1 and i.applied_cents <> coalesce(a.applied, 0)`,
    [organizationId],
  );
  const clients = await client.query<Record<string, string>>(
    `with ledger as (
       select client_id, sum(debit_cents - credit_cents) as balance from ar_ledger where organization_id = $1
       group by client_id
     ), documents as (
       select client_id, sum(cents) as balance from (
         select client_id, total_cents as cents from invoices
         where organization_id = $1 and status in ('pending', 'partial', 'paid')
         union all select client_id, -amount_cents from payments where organization_id = $1 and status = 'active'
         union all select client_id, -amount_cents from invoice_adjustments where organization_id = $1
         union all select client_id, amount_cents from refunds where organization_id = $1
       ) moves group by client_id
     ), open_plus_credit as (
       select client_id, sum(cents) as balance from (
         select client_id, balance_cents as cents from invoices
         where organization_id = $1 and status in ('pending', 'partial')
         union all select client_id, -(amount_cents - applied_cents) from payments
         where organization_id = $1 and status = 'active'
         union all select client_id, amount_cents from refunds where organization_id = $1
       ) moves group by client_id
     )
     select count(*) as clients,
       count(*) filter (where coalesce(l.balance, 0) <> coalesce(d.balance, 0)) as not_documents,
       count(*) filter (where coalesce(l.balance, 0) <> coalesce(o.balance, 0)) as not_open_plus_credit
     from clients c
     left join ledger l on l.client_id = c.id
     left join documents d on d.client_id = c.id
     left join open_plus_credit o on o.client_id = c.id
     where c.organization_id = $1`,
    [organizationId],
  );
  const paymentRow = payments.rows[0]!;
  const applicationRow = applications.rows[0]!;
  const clientRow = clients.rows[0]!;
  const count = (text: string | undefined) => Number(text ?? 0);
  return {
    payments: count(paymentRow.payments),
    wrongApplied: count(paymentRow.wrong_applied),
    paymentOrphans: count(paymentRow.orphans),
    wrongPaymentLedger: count(paymentRow.wrong_ledger),
    applications: count(applicationRow.applications),
    applicationMismatches: count(applicationRow.mismatches),
    wrongInvoiceApplied: count(invoices.rows[0]!.wrong),
    clients: count(clientRow.clients),
    ledgerNotDocuments: count(clientRow.not_documents),
    ledgerNotOpenPlusCredit: count(clientRow.not_open_plus_credit),
  };
}

export function paymentProblemsOf(check: PaymentCheck): string[] {
  const problems: [number, string][] = [
    [check.wrongApplied, 'payments whose applied amount is not the sum of their applications, or above the payment'],
    [check.paymentOrphans, 'payments naming a missing client'],
    [
      check.wrongPaymentLedger,
      'payments without one ledger credit of their amount on their date (and a void one its debit)',
    ],
    [check.applicationMismatches, 'applications not naming an active payment and an open invoice of its client'],
    [check.wrongInvoiceApplied, 'invoices whose applied amount is not the sum of their applications'],
    [check.ledgerNotDocuments, 'clients whose ledger balance is not invoices - payments - credits + refunds'],
    [check.ledgerNotOpenPlusCredit, 'clients whose ledger balance is not open invoice balances + unapplied credit'],
  ];
  return problems.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
}
