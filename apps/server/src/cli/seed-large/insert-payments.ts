import type pg from 'pg';
import type { WorkContext } from './insert-work';
import {
  CREDIT_STEP_CENTS,
  CREDIT_STEPS,
  cumulativeBounds,
  LATE_DAYS_MAX,
  PARTIAL_PERCENT,
  PAYMENT_FATES,
  PAYMENT_METHOD_WEIGHTS,
  RETURNED_CHECK_REASON,
  RETURNED_CHECK_SHARE,
} from './payment-mix';

/**
 * The payments to be, one per paid invoice (and one more, voided, before a few of them), with
 * ids in payment-date order as a firm records them. Each invoice draws its fate, timing,
 * amount and method in one MATERIALIZED CTE, so each draw is made once. A payment dated
 * after the last day has not arrived: its invoice stays open.
 */
const PLAN_PAYMENTS = `
create temp table seed_payments on commit drop as
with draws as materialized (
  select i.id as invoice_id, i.client_id, i.issue_date, i.due_date, i.total_cents, i.issued_by,
    random() as fate_draw, random() as timing, random() as size, random() as method_draw, random() as returned
  from invoices i where i.organization_id = $1 and i.number_seq is not null
), fated as (
  select d.*,
    ($2::text[])[cardinality($3::float8[]) + 1 - (select count(*) from unnest($3::float8[]) b where b > d.fate_draw)]
      as fate,
    ($4::text[])[cardinality($5::float8[]) + 1 - (select count(*) from unnest($5::float8[]) b where b > d.method_draw)]
      as method
  from draws d
), priced as (
  select f.*,
    case when f.fate = 'late' then f.due_date + 1 + floor(f.timing * $6::int)::int
      else f.issue_date + 3 + floor(f.timing * greatest(f.due_date - f.issue_date - 2, 1))::int end as payment_date,
    case when f.fate = 'partial' and f.total_cents >= 200 then
        least(f.total_cents - 100, greatest(100,
          f.total_cents * ($7::int + floor(f.size * ($8::int - $7::int + 1))::int) / 100 / 100 * 100))
      when f.fate = 'credit' then f.total_cents + (1 + floor(f.size * $9::int)::int) * $10::bigint
      else f.total_cents end as amount_cents
  from fated f where f.fate <> 'unpaid'
), payments_to_be as (
  select invoice_id, client_id, issued_by, payment_date, amount_cents, least(amount_cents, total_cents) as applied_cents,
    method, false as voided
  from priced
  union all
  -- A returned check: the same amount a week earlier (not before the issue date), voided, applied to nothing.
  select invoice_id, client_id, issued_by, greatest(issue_date + 1, payment_date - 7), amount_cents, 0, 'check', true
  from priced where fate = 'on_time' and returned < $11::float8
)
select coalesce((select max(id) from payments), 0) + row_number() over (order by payment_date, invoice_id, voided desc)
    as payment_id, p.*
from payments_to_be p where p.payment_date <= $12::date`;

/** Checks carry a check number as their reference; the ledger shows it, or the method when there is none. */
const PAYMENTS = `
insert into payments (organization_id, id, client_id, payment_date, amount_cents, method, reference, memo, status,
  void_reason, applied_cents, version, source, created_by, created_at, updated_at, voided_at, voided_by)
select $1, s.payment_id, s.client_id, s.payment_date, s.amount_cents, s.method,
  case when s.method = 'check' then 'Check ' || (1001 + (s.payment_id * 7919) % 8999) else '' end, '',
  case when s.voided then 'void' else 'active' end, case when s.voided then $3 end, s.applied_cents,
  case when s.voided then 2 else 1 end, 'staff', s.issued_by, x.created_at,
  case when s.voided then x.created_at + interval '3 days' else x.created_at end,
  case when s.voided then x.created_at + interval '3 days' end, case when s.voided then s.issued_by end
from seed_payments s, lateral (select (s.payment_date + time '11:00') at time zone $2 as created_at) x
order by s.payment_id`;

const APPLICATIONS = `
insert into payment_applications (organization_id, payment_id, invoice_id, amount_cents, created_by, created_at)
select p.organization_id, p.id, s.invoice_id, p.applied_cents, p.created_by, p.created_at
from seed_payments s join payments p on p.organization_id = $1 and p.id = s.payment_id
where p.applied_cents > 0
order by p.id`;

/** The whole payment as a credit on its date; a void adds the matching debit, dated as the payment was (ADR 0130). */
const LEDGER_ROWS = `
insert into ar_ledger (organization_id, client_id, entry_date, kind, payment_id, document, debit_cents, credit_cents,
  memo, created_by, created_at)
select organization_id, client_id, payment_date, kind, id, document, debit, credit, memo, created_by, at
from (
  select p.organization_id, p.client_id, p.payment_date, 'payment' as kind, p.id,
    case when p.reference = '' then p.method else p.reference end as document, 0::bigint as debit,
    p.amount_cents as credit, p.memo, p.created_by, p.created_at as at
  from payments p where p.organization_id = $1 and p.id in (select payment_id from seed_payments)
  union all
  select p.organization_id, p.client_id, p.payment_date, 'payment_void', p.id,
    case when p.reference = '' then p.method else p.reference end, p.amount_cents, 0, p.void_reason, p.voided_by,
    p.voided_at
  from payments p where p.organization_id = $1 and p.status = 'void' and p.id in (select payment_id from seed_payments)
) rows
order by at, id, kind`;

/** Each paid invoice's applied amount and the status its balance gives (statusForBalance of invoice-view.ts). */
const INVOICES = `
update invoices i set applied_cents = a.applied,
  status = case when i.total_cents - a.applied - i.credited_cents = 0 then 'paid' else 'partial' end,
  version = i.version + 1, updated_at = a.at
from (
  select pa.invoice_id, sum(pa.amount_cents) as applied, max(pa.created_at) as at
  from payment_applications pa where pa.organization_id = $1 group by pa.invoice_id
) a
where i.organization_id = $1 and i.id = a.invoice_id`;

export type PaymentCounts = { payments: number; voidPayments: number; applications: number; paymentLedgerRows: number };

/** Payments, their applications and ledger credits for the seeded invoices, and the invoices' balances and statuses. */
export async function insertPayments(client: pg.ClientBase, context: WorkContext): Promise<PaymentCounts> {
  const { organizationId, timeZone, plan } = context;
  await client.query(PLAN_PAYMENTS, [
    organizationId,
    PAYMENT_FATES.map((fate) => fate.fate),
    cumulativeBounds(PAYMENT_FATES.map((fate) => fate.share)),
    PAYMENT_METHOD_WEIGHTS.map((method) => method.method),
    cumulativeBounds(PAYMENT_METHOD_WEIGHTS.map((method) => method.weight)),
    LATE_DAYS_MAX,
    PARTIAL_PERCENT.min,
    PARTIAL_PERCENT.max,
    CREDIT_STEPS,
    CREDIT_STEP_CENTS,
    RETURNED_CHECK_SHARE,
    plan.lastDay,
  ]);
  const payments = await client.query(PAYMENTS, [organizationId, timeZone, RETURNED_CHECK_REASON]);
  const applications = await client.query(APPLICATIONS, [organizationId]);
  const ledger = await client.query(LEDGER_ROWS, [organizationId]);
  await client.query(INVOICES, [organizationId]);
  // Ids were given explicitly: the identity carries on after the largest, so the app's next payment gets a free id.
  await client.query(
    `select setval(pg_get_serial_sequence('payments', 'id'), max(id)) from payments having max(id) is not null`,
  );
  const voids = await client.query<{ voids: string }>(
    `select count(*) as voids from payments where organization_id = $1 and status = 'void'`,
    [organizationId],
  );
  return {
    payments: payments.rowCount ?? 0,
    voidPayments: Number(voids.rows[0]!.voids),
    applications: applications.rowCount ?? 0,
    paymentLedgerRows: ledger.rowCount ?? 0,
  };
}
