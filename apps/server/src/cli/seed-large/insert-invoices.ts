import type pg from 'pg';
import { EXPENSE_CATEGORY_LABELS } from '@practice/shared';
import { ACCESS_CODE_LENGTH } from '../../modules/invoices/access-code';
import {
  BILLING_CYCLES,
  billingPeriods,
  WRITE_DOWN_EVERY,
  WRITE_DOWN_PERCENT,
  WRITE_DOWN_REASON,
} from './billing-calendar';
import type { WorkContext } from './insert-work';

/** The access code alphabet of access-code.ts: 32 symbols, so 5 bits of a random byte pick one evenly. */
const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The invoices to be, before any work is written: one per client and billed period (ADR 0112),
 * ids handed out in issue-date order, and for each month of the history the invoice a client's
 * work of that month goes on. The work insert marks its completed billable items with that id.
 */
export async function createInvoiceSlots(client: pg.ClientBase, context: WorkContext, months: string[]): Promise<void> {
  const periods = billingPeriods(months, context.plan.lastDay);
  const statements: [string, unknown[]][] = [
    [
      `create temp table seed_billing_periods (cycle int, period int, first_month int not null, last_month int not null,
         issue_date date not null, primary key (cycle, period)) on commit drop`,
      [],
    ],
    [
      'insert into seed_billing_periods select * from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::date[])',
      [
        periods.map((period) => period.cycle),
        periods.map((period) => period.period),
        periods.map((period) => period.firstMonth),
        periods.map((period) => period.lastMonth),
        periods.map((period) => period.issueDate),
      ],
    ],
    [
      `create temp table seed_invoices (invoice_id int primary key, client_id int not null, issue_date date not null,
         first_month int not null, last_month int not null) on commit drop`,
      [],
    ],
    [
      // cycleOfClient in SQL: the client id modulo the number of cycles picks one.
      `insert into seed_invoices
       select coalesce((select max(id) from invoices), 0) + row_number() over (order by p.issue_date, c.client_id),
         c.client_id, p.issue_date, p.first_month, p.last_month
       from seed_clients c
       join seed_billing_periods p on p.cycle = ($1::int[])[c.client_id % cardinality($1::int[]) + 1]`,
      [[...BILLING_CYCLES]],
    ],
    [
      `create temp table seed_invoice_months (month_index int, client_id int, invoice_id int not null,
         primary key (month_index, client_id)) on commit drop`,
      [],
    ],
    [
      `insert into seed_invoice_months
       select m, i.client_id, i.invoice_id from seed_invoices i cross join generate_series(i.first_month, i.last_month) m`,
      [],
    ],
    // Placeholders, so the items' foreign keys hold when the database checks them (owners without
    // superuser keep the triggers on); insertInvoices fills them in or deletes the empty ones.
    [
      `insert into invoices (organization_id, id, client_id, status, issue_date, created_by, created_at, updated_at)
       select $1, i.invoice_id, i.client_id, 'draft', i.issue_date, c.responsible_partner_id, now(), now()
       from seed_invoices i join clients c on c.organization_id = $1 and c.id = i.client_id
       order by i.invoice_id`,
      [context.organizationId],
    ],
    ['analyze seed_billing_periods, seed_invoices, seed_invoice_months', []],
  ];
  for (const [text, values] of statements) await client.query(text, values);
}

/**
 * The lines, as the draft service writes them: time lines first (date, id order), then the
 * expenses; the activity's name as group label, the narrative or "Category: description" as
 * description, the item's value as standard. Every WRITE_DOWN_EVERY-th invoice writes each time
 * line down by WRITE_DOWN_PERCENT, with the reason on each line that differs.
 */
const INVOICE_LINES = `
insert into invoice_lines (organization_id, invoice_id, position, kind, time_entry_id, expense_id, activity_type_id,
  group_label, description, item_date, user_id, minutes, rate_cents, standard_cents, amount_cents, write_reason)
select $1, x.invoice_id, row_number() over (partition by x.invoice_id order by x.kind_order, x.item_date, x.item_id),
  x.kind, x.time_entry_id, x.expense_id, x.activity_type_id, x.group_label, x.description, x.item_date, x.user_id,
  x.minutes, x.rate_cents, x.standard_cents,
  x.standard_cents - case when x.written then x.standard_cents * $3 / 100 else 0 end,
  case when x.written and x.standard_cents * $3 / 100 > 0 then $4 end
from (
  select 0 as kind_order, t.id as item_id, t.invoice_id, 'time' as kind, t.id as time_entry_id, null::int as expense_id,
    t.activity_type_id, a.name as group_label, t.narrative as description, t.entry_date as item_date, t.user_id,
    t.minutes, t.rate_cents, t.amount_cents::bigint as standard_cents, t.invoice_id % $2 = 0 as written
  from time_entries t
  join activity_types a on a.organization_id = t.organization_id and a.id = t.activity_type_id
  where t.organization_id = $1 and t.invoice_id is not null
  union all
  select 1, e.id, e.invoice_id, 'expense', null, e.id, null, '',
    coalesce(l.label, e.category) || case when e.description <> '' then ': ' || e.description else '' end,
    e.expense_date, e.user_id, null, null, e.total_cents::bigint, false
  from expenses e
  left join unnest($5::text[], $6::text[]) as l(category, label) on l.category = e.category
  where e.organization_id = $1 and e.invoice_id is not null
) x`;

/**
 * Each placeholder with lines becomes an issued invoice: totals from its lines (no tax), numbers gapless in
 * issue-date order with the firm's prefix, due after the client's terms, a 12-symbol access
 * code from gen_random_uuid() (a CSPRNG) hashed to 5-bit symbols, and its SHA-256 digest as
 * access-code.ts computes it. Issued by the client's responsible partner. Status pending:
 * payments arrive with issue 13, so nothing is applied and the balance is the total.
 */
const INVOICES = `
with sums as materialized (
  select invoice_id, sum(amount_cents) as subtotal, min(item_date) as period_start, max(item_date) as period_end
  from invoice_lines where organization_id = $1 group by invoice_id
), numbered as materialized (
  select s.*, i.client_id, i.issue_date, row_number() over (order by i.issue_date, s.invoice_id) as seq,
    sha256(uuid_send(gen_random_uuid()) || int4send(s.invoice_id)) as code_bytes
  from sums s join seed_invoices i on i.invoice_id = s.invoice_id
), coded as (
  select n.*,
    (select string_agg(substr($3, (get_byte(n.code_bytes, k) & 31) + 1, 1), '' order by k)
     from generate_series(0, $4 - 1) as k) as access_code,
    (n.issue_date + time '10:00') at time zone $2 as issued_at
  from numbered n
)
update invoices i set number = o.invoice_prefix || x.seq, number_seq = x.seq, status = 'pending',
  due_date = x.issue_date + c.payment_terms_days, terms_days = c.payment_terms_days, period_start = x.period_start,
  period_end = x.period_end, subtotal_cents = x.subtotal, tax_cents = 0, total_cents = x.subtotal,
  access_code = x.access_code, access_code_digest = sha256(convert_to(x.access_code, 'UTF8')),
  issued_at = x.issued_at, issued_by = c.responsible_partner_id, created_at = x.issued_at, updated_at = x.issued_at
from coded x, organizations o, clients c
where i.organization_id = $1 and i.id = x.invoice_id and o.id = $1 and c.organization_id = $1 and c.id = x.client_id`;

/** Issuing writes one ledger debit of the total per invoice, dated the issue date. */
const LEDGER_DEBITS = `
insert into ar_ledger (organization_id, client_id, entry_date, kind, invoice_id, document, debit_cents, created_by,
  created_at)
select organization_id, client_id, issue_date, 'invoice', id, number, total_cents, issued_by, issued_at
from invoices where organization_id = $1 and number_seq is not null
order by number_seq`;

export type InvoiceCounts = { invoices: number; invoiceLines: number; ledgerRows: number };

/** Lines, invoices, ledger debits and the number sequence for the items the work insert marked billed. */
export async function insertInvoices(client: pg.ClientBase, context: WorkContext): Promise<InvoiceCounts> {
  const { organizationId, timeZone } = context;
  const categories = Object.entries(EXPENSE_CATEGORY_LABELS);
  const lines = await client.query(INVOICE_LINES, [
    organizationId,
    WRITE_DOWN_EVERY,
    WRITE_DOWN_PERCENT,
    WRITE_DOWN_REASON,
    categories.map(([category]) => category),
    categories.map(([, label]) => label),
  ]);
  const invoices = await client.query(INVOICES, [organizationId, timeZone, ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH]);
  // A period in which the client had no billable work bills nothing: its placeholder goes.
  await client.query(
    `delete from invoices i using seed_invoices s
     where i.organization_id = $1 and i.id = s.invoice_id and i.number_seq is null`,
    [organizationId],
  );
  const ledger = await client.query(LEDGER_DEBITS, [organizationId]);
  await client.query(
    `insert into invoice_number_sequences (organization_id, next_number)
     select $1, coalesce(max(number_seq), 0) + 1 from invoices where organization_id = $1
     on conflict (organization_id) do update set next_number = excluded.next_number`,
    [organizationId],
  );
  // Ids were given explicitly: the identity carries on after the largest, so the app's next draft gets a free id.
  await client.query(
    `select setval(pg_get_serial_sequence('invoices', 'id'), max(id)) from invoices having max(id) is not null`,
  );
  return { invoices: invoices.rowCount ?? 0, invoiceLines: lines.rowCount ?? 0, ledgerRows: ledger.rowCount ?? 0 };
}
