-- The rollup triggers of migrations 0033 and 0039 without planning their statements afresh on
-- every write (docs/decisions/0174). They built their SQL as text and ran it with EXECUTE,
-- which PostgreSQL plans on every call: a payment or an issue planned about a dozen statements
-- with window functions and upserts, most of the database time of the write. Here every
-- statement is written out, so PL/pgSQL plans it once per connection and reuses the plan.
--
-- A statement written out may name only the transition tables its event has (an INSERT has no
-- old_rows), so each function first copies the statement's signed rows (+1 new, -1 old) into
-- an array of a small row type, one branch per transition table; everything after reads the
-- array and is written once. The arrays are grouped by the rollup's key at once: a change that
-- nets to nothing (a draft taking entries, an issue setting them billed, a payment's applied
-- amount set after its insert) leaves an empty array and the trigger stops there.
--
-- What is counted, the row order of every upsert (key order, so two writers lock rows in the
-- same order) and the order of the tables within each trigger are those of 0033 and 0039.
-- plan_cache_mode: the statements that read an array take it as a parameter; without it
-- PostgreSQL would plan them afresh for the first five calls and then whenever it guesses a
-- fresh plan is cheaper, which is what this migration removes.
--
-- It also keeps the firm's money months in stripes, so that issues and payments of one month
-- do not queue on one row (below, before report_count_money).

-- 0033: the billing totals.

CREATE TYPE billing_wip_move AS (organization_id integer, client_id integer, minutes bigint, cents bigint);
CREATE TYPE billing_day_move AS (organization_id integer, day date, client_id integer, billed_cents bigint);

-- time_entries (minutes and amount) and expenses (total, no minutes): WIP is completed,
-- billable and on no invoice.
CREATE OR REPLACE FUNCTION billing_track_wip() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  signed billing_wip_move[] := '{}';
  wip_moves billing_wip_move[];
BEGIN
  IF TG_TABLE_NAME = 'time_entries' THEN
    IF TG_OP <> 'DELETE' THEN
      signed := ARRAY(SELECT ROW(organization_id, client_id, minutes, amount_cents)::billing_wip_move FROM new_rows
        WHERE status = 'completed' AND billable AND invoice_id IS NULL);
    END IF;
    IF TG_OP <> 'INSERT' THEN
      signed := signed || ARRAY(SELECT ROW(organization_id, client_id, -minutes, -amount_cents)::billing_wip_move
        FROM old_rows WHERE status = 'completed' AND billable AND invoice_id IS NULL);
    END IF;
  ELSE
    IF TG_OP <> 'DELETE' THEN
      signed := ARRAY(SELECT ROW(organization_id, client_id, 0, total_cents)::billing_wip_move FROM new_rows
        WHERE status = 'completed' AND billable AND invoice_id IS NULL);
    END IF;
    IF TG_OP <> 'INSERT' THEN
      signed := signed || ARRAY(SELECT ROW(organization_id, client_id, 0, -total_cents)::billing_wip_move
        FROM old_rows WHERE status = 'completed' AND billable AND invoice_id IS NULL);
    END IF;
  END IF;
  wip_moves := ARRAY(
    SELECT ROW(organization_id, client_id, sum(minutes), sum(cents))::billing_wip_move FROM unnest(signed)
    GROUP BY organization_id, client_id HAVING sum(minutes) <> 0 OR sum(cents) <> 0);
  IF cardinality(wip_moves) = 0 THEN
    RETURN NULL;
  END IF;
  -- Writers hold their organization's lock shared until they commit; a rebuild takes it alone
  -- (0033). A statement that moves no figure has nothing a rebuild could miss or count twice.
  PERFORM count(pg_advisory_xact_lock_shared(1138, organization_id))
  FROM (SELECT DISTINCT organization_id FROM unnest(wip_moves) ORDER BY 1) o;
  INSERT INTO billing_client_wip AS w (organization_id, client_id, minutes, cents)
  SELECT organization_id, client_id, minutes, cents FROM unnest(wip_moves) ORDER BY organization_id, client_id
  ON CONFLICT (organization_id, client_id)
  DO UPDATE SET minutes = w.minutes + excluded.minutes, cents = w.cents + excluded.cents;
  INSERT INTO billing_org_wip AS o (organization_id, stripe, minutes, cents)
  SELECT organization_id, client_id % 16, sum(minutes), sum(cents) FROM unnest(wip_moves)
  GROUP BY organization_id, client_id % 16 ORDER BY 1, 2
  ON CONFLICT (organization_id, stripe)
  DO UPDATE SET minutes = o.minutes + excluded.minutes, cents = o.cents + excluded.cents;
  RETURN NULL;
END $$;

-- The function no longer takes the value columns as arguments.
DROP TRIGGER time_entries_billing_inserted ON time_entries;
DROP TRIGGER time_entries_billing_updated ON time_entries;
DROP TRIGGER time_entries_billing_deleted ON time_entries;
DROP TRIGGER expenses_billing_inserted ON expenses;
DROP TRIGGER expenses_billing_updated ON expenses;
DROP TRIGGER expenses_billing_deleted ON expenses;
CREATE TRIGGER time_entries_billing_inserted AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip();
CREATE TRIGGER time_entries_billing_updated AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip();
CREATE TRIGGER time_entries_billing_deleted AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip();
CREATE TRIGGER expenses_billing_inserted AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip();
CREATE TRIGGER expenses_billing_updated AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip();
CREATE TRIGGER expenses_billing_deleted AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip();
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_billing_inserted;
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_billing_updated;
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_billing_deleted;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_billing_inserted;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_billing_updated;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_billing_deleted;

-- invoices: billed on the issue date while pending, partial or paid.
CREATE OR REPLACE FUNCTION billing_track_invoices() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  signed billing_day_move[] := '{}';
  day_moves billing_day_move[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    signed := ARRAY(SELECT ROW(organization_id, issue_date, client_id, total_cents)::billing_day_move FROM new_rows
      WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    signed := signed || ARRAY(SELECT ROW(organization_id, issue_date, client_id, -total_cents)::billing_day_move
      FROM old_rows WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL);
  END IF;
  day_moves := ARRAY(
    SELECT ROW(organization_id, day, client_id, sum(billed_cents))::billing_day_move FROM unnest(signed)
    GROUP BY organization_id, day, client_id HAVING sum(billed_cents) <> 0);
  IF cardinality(day_moves) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM count(pg_advisory_xact_lock_shared(1138, organization_id))
  FROM (SELECT DISTINCT organization_id FROM unnest(day_moves) ORDER BY 1) o;
  INSERT INTO billing_client_days AS d (organization_id, day, client_id, billed_cents, collected_cents, ledger_cents)
  SELECT organization_id, day, client_id, billed_cents, 0, 0 FROM unnest(day_moves) ORDER BY organization_id, day, client_id
  ON CONFLICT (organization_id, day, client_id) DO UPDATE SET billed_cents = d.billed_cents + excluded.billed_cents;
  INSERT INTO billing_org_days AS o (organization_id, day, stripe, billed_cents, collected_cents, ledger_cents)
  SELECT organization_id, day, client_id % 16, sum(billed_cents), 0, 0 FROM unnest(day_moves)
  GROUP BY organization_id, day, client_id % 16 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, day, stripe) DO UPDATE SET billed_cents = o.billed_cents + excluded.billed_cents;
  RETURN NULL;
END $$;

-- Only billing_track_wip and billing_track_invoices composed these.
DROP FUNCTION billing_lock_statement(text);
DROP FUNCTION billing_changes(text);

-- 0039: the report rollups.

CREATE TYPE report_time_move AS (organization_id integer, month date, client_id integer, user_id integer,
  activity_type_id integer, entries bigint, minutes bigint, billable_minutes bigint, standard_cents bigint);
CREATE TYPE report_invoice_move AS (organization_id integer, id integer, client_id integer, issue_date date,
  applied_cents bigint, total_cents bigint, sign integer);
CREATE TYPE report_billing_move AS (organization_id integer, month date, client_id integer, user_id integer,
  activity_type_id integer, standard_cents bigint, billed_cents bigint, write_up_cents bigint,
  write_down_cents bigint, collected_cents bigint);
CREATE TYPE report_money_move AS (organization_id integer, client_id integer, month date, invoices bigint,
  billed_cents bigint, payments bigint, received_cents bigint, refunded_cents bigint, debit_cents bigint,
  credit_cents bigint);

-- The firm's money months in 16 stripes (the connection's backend pid modulo 16, as the invoice
-- counters of migration 0035). With one row per firm and month, every issue and payment of the
-- month queued on it from its statement to its commit, a payment from its first insert on.
-- Readers sum the stripes (money-reports.ts sums by month already); a rebuild writes stripe 0.
ALTER TABLE report_firm_money_months ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE report_firm_money_months DROP CONSTRAINT report_firm_money_months_pkey;
ALTER TABLE report_firm_money_months ADD PRIMARY KEY (organization_id, month, stripe);

-- report_rebuild's statements (0039) with the firm rows' new key.
CREATE OR REPLACE FUNCTION report_add_money(changes text, columns text[]) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE
  AS $$
DECLARE
  sums text := (SELECT string_agg(format('sum(%I)', c), ', ') FROM unnest(columns) c);
  nonzero text := (SELECT string_agg(format('sum(%I) <> 0', c), ' OR ') FROM unnest(columns) c);
  adds text := (SELECT string_agg(format('%1$I = r.%1$I + excluded.%1$I', c), ', ') FROM unnest(columns) c);
  names text := (SELECT string_agg(format('%I', c), ', ') FROM unnest(columns) c);
BEGIN
  RETURN ARRAY[format('INSERT INTO report_money_months AS r (organization_id, client_id, month, %1$s)
    SELECT organization_id, client_id, month, %2$s FROM (%5$s) changes
    GROUP BY organization_id, client_id, month HAVING %3$s ORDER BY organization_id, client_id, month
    ON CONFLICT (organization_id, client_id, month) DO UPDATE SET %4$s', names, sums, nonzero, adds, changes),
  format('INSERT INTO report_firm_money_months AS r (organization_id, month, %1$s)
    SELECT organization_id, month, %2$s FROM (%5$s) changes
    GROUP BY organization_id, month HAVING %3$s ORDER BY organization_id, month
    ON CONFLICT (organization_id, month, stripe) DO UPDATE SET %4$s', names, sums, nonzero, adds, changes)];
END $$;

-- Adds money moves to the client and firm months. The caller groups them by organization,
-- client and month (an upsert may not reach one row twice) and leaves out those of all zeros.
CREATE FUNCTION report_count_money(money_moves report_money_move[]) RETURNS void
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  INSERT INTO report_money_months AS r (organization_id, client_id, month, invoices, billed_cents, payments,
    received_cents, refunded_cents, debit_cents, credit_cents)
  SELECT organization_id, client_id, month, invoices, billed_cents, payments, received_cents, refunded_cents,
    debit_cents, credit_cents
  FROM unnest(money_moves) ORDER BY organization_id, client_id, month
  ON CONFLICT (organization_id, client_id, month) DO UPDATE SET invoices = r.invoices + excluded.invoices,
    billed_cents = r.billed_cents + excluded.billed_cents, payments = r.payments + excluded.payments,
    received_cents = r.received_cents + excluded.received_cents,
    refunded_cents = r.refunded_cents + excluded.refunded_cents,
    debit_cents = r.debit_cents + excluded.debit_cents, credit_cents = r.credit_cents + excluded.credit_cents;
  INSERT INTO report_firm_money_months AS r (organization_id, month, stripe, invoices, billed_cents, payments,
    received_cents, refunded_cents, debit_cents, credit_cents)
  SELECT organization_id, month, (pg_backend_pid() % 16)::smallint, sum(invoices), sum(billed_cents), sum(payments),
    sum(received_cents), sum(refunded_cents), sum(debit_cents), sum(credit_cents)
  FROM unnest(money_moves) GROUP BY organization_id, month
  HAVING sum(invoices) <> 0 OR sum(billed_cents) <> 0 OR sum(payments) <> 0 OR sum(received_cents) <> 0
    OR sum(refunded_cents) <> 0 OR sum(debit_cents) <> 0 OR sum(credit_cents) <> 0
  ORDER BY organization_id, month
  ON CONFLICT (organization_id, month, stripe) DO UPDATE SET invoices = r.invoices + excluded.invoices,
    billed_cents = r.billed_cents + excluded.billed_cents, payments = r.payments + excluded.payments,
    received_cents = r.received_cents + excluded.received_cents,
    refunded_cents = r.refunded_cents + excluded.refunded_cents,
    debit_cents = r.debit_cents + excluded.debit_cents, credit_cents = r.credit_cents + excluded.credit_cents;
END $$;

CREATE OR REPLACE FUNCTION report_roll_time() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  signed report_time_move[] := '{}';
  time_moves report_time_move[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    signed := ARRAY(SELECT ROW(organization_id, date_trunc('month', entry_date)::date, client_id, user_id,
        activity_type_id, 1, minutes, CASE WHEN billable THEN minutes ELSE 0 END,
        CASE WHEN billable THEN amount_cents ELSE 0 END)::report_time_move
      FROM new_rows);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    signed := signed || ARRAY(SELECT ROW(organization_id, date_trunc('month', entry_date)::date, client_id, user_id,
        activity_type_id, -1, -minutes, CASE WHEN billable THEN -minutes ELSE 0 END,
        CASE WHEN billable THEN -amount_cents ELSE 0 END)::report_time_move
      FROM old_rows);
  END IF;
  time_moves := ARRAY(
    SELECT ROW(organization_id, month, client_id, user_id, activity_type_id, sum(entries), sum(minutes),
        sum(billable_minutes), sum(standard_cents))::report_time_move
    FROM unnest(signed) GROUP BY organization_id, month, client_id, user_id, activity_type_id
    HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0);
  IF cardinality(time_moves) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO report_time_months AS r (organization_id, month, client_id, user_id, activity_type_id, entries, minutes,
    billable_minutes, standard_cents)
  SELECT organization_id, month, client_id, user_id, activity_type_id, entries, minutes, billable_minutes, standard_cents
  FROM unnest(time_moves) ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_id, month, client_id, user_id, activity_type_id) DO UPDATE SET entries = r.entries + excluded.entries,
    minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
    standard_cents = r.standard_cents + excluded.standard_cents;
  INSERT INTO report_time_user_months AS r (organization_id, month, user_id, activity_type_id, entries, minutes,
    billable_minutes, standard_cents)
  SELECT organization_id, month, user_id, activity_type_id, sum(entries), sum(minutes), sum(billable_minutes),
    sum(standard_cents)
  FROM unnest(time_moves) GROUP BY 1, 2, 3, 4
  HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, month, user_id, activity_type_id) DO UPDATE SET entries = r.entries + excluded.entries,
    minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
    standard_cents = r.standard_cents + excluded.standard_cents;
  INSERT INTO report_time_client_months AS r (organization_id, month, client_id, entries, minutes, billable_minutes,
    standard_cents)
  SELECT organization_id, month, client_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
  FROM unnest(time_moves) GROUP BY 1, 2, 3
  HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, month, client_id) DO UPDATE SET entries = r.entries + excluded.entries,
    minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
    standard_cents = r.standard_cents + excluded.standard_cents;
  RETURN NULL;
END $$;

-- Issued invoices that count (pending, partial, paid, with an issue date), signed. An invoice
-- counted before and after an update with the same figures appears +1 and -1 under one key and
-- drops out: most updates (version, e-mail, a status among the counted ones) add nothing and
-- read no line. Lines of an issued invoice never change (refuse_issued_line_change), so the
-- old rows' share computed now is the share they added. The lines' share is computed once, at
-- the finest grain, and the coarser grains summed from it.
CREATE OR REPLACE FUNCTION report_roll_invoices() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  signed report_invoice_move[] := '{}';
  invoice_moves report_invoice_move[];
  line_moves report_billing_move[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    signed := ARRAY(SELECT ROW(organization_id, id, client_id, issue_date, applied_cents, total_cents, 1)::report_invoice_move
      FROM new_rows WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    signed := signed || ARRAY(
      SELECT ROW(organization_id, id, client_id, issue_date, applied_cents, total_cents, -1)::report_invoice_move
      FROM old_rows WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL);
  END IF;
  invoice_moves := ARRAY(
    SELECT ROW(organization_id, id, client_id, issue_date, applied_cents, total_cents, sum(sign))::report_invoice_move
    FROM unnest(signed) GROUP BY organization_id, id, client_id, issue_date, applied_cents, total_cents
    HAVING sum(sign) <> 0);
  IF cardinality(invoice_moves) = 0 THEN
    RETURN NULL;
  END IF;
  -- Collected per line: what payments applied pay of the fees (applied up to the lines' sum),
  -- spread over the lines by amount, the rounding remainder on the largest line (0039).
  line_moves := ARRAY(
    SELECT ROW(organization_id, month, client_id, user_id, activity_type_id, sum(standard_cents)::bigint,
        sum(billed_cents)::bigint, sum(write_up_cents)::bigint, sum(write_down_cents)::bigint,
        sum(collected_cents)::bigint)::report_billing_move
    FROM (
      SELECT organization_id, month, client_id, user_id, activity_type_id,
        sign * standard_cents AS standard_cents, sign * amount_cents AS billed_cents,
        sign * greatest(amount_cents - standard_cents, 0) AS write_up_cents,
        sign * greatest(standard_cents - amount_cents, 0) AS write_down_cents,
        sign * (share + CASE WHEN place = 1 THEN paid - sum(share) OVER invoice ELSE 0 END) AS collected_cents
      FROM (
        SELECT organization_id, invoice_id, sign, month, client_id, user_id, activity_type_id, standard_cents,
          amount_cents, paid, place,
          CASE WHEN fees > 0 THEN floor(amount_cents::numeric * paid / fees)::bigint ELSE 0 END AS share
        FROM (
          SELECT i.organization_id, i.id AS invoice_id, i.sign, date_trunc('month', i.issue_date)::date AS month,
            i.client_id, coalesce(l.user_id, 0) AS user_id, coalesce(l.activity_type_id, 0) AS activity_type_id,
            l.standard_cents, l.amount_cents,
            least(i.applied_cents, sum(l.amount_cents) OVER lines) AS paid, sum(l.amount_cents) OVER lines AS fees,
            row_number() OVER (PARTITION BY i.organization_id, i.id, i.sign ORDER BY l.amount_cents DESC, l.id) AS place
          FROM unnest(invoice_moves) i
          JOIN invoice_lines l ON l.organization_id = i.organization_id AND l.invoice_id = i.id
          WINDOW lines AS (PARTITION BY i.organization_id, i.id, i.sign)
        ) priced
      ) shared
      WINDOW invoice AS (PARTITION BY organization_id, invoice_id, sign)
    ) shares
    GROUP BY organization_id, month, client_id, user_id, activity_type_id
    HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
      OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0);
  INSERT INTO report_billing_months AS r (organization_id, month, client_id, user_id, activity_type_id,
    standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT organization_id, month, client_id, user_id, activity_type_id, standard_cents, billed_cents, write_up_cents,
    write_down_cents, collected_cents
  FROM unnest(line_moves) ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_id, month, client_id, user_id, activity_type_id) DO UPDATE SET
    standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
    write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
    collected_cents = r.collected_cents + excluded.collected_cents;
  INSERT INTO report_billing_user_months AS r (organization_id, month, user_id, activity_type_id,
    standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT organization_id, month, user_id, activity_type_id,
    sum(standard_cents), sum(billed_cents), sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
  FROM unnest(line_moves) GROUP BY 1, 2, 3, 4
  HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
    OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, month, user_id, activity_type_id) DO UPDATE SET
    standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
    write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
    collected_cents = r.collected_cents + excluded.collected_cents;
  INSERT INTO report_billing_client_months AS r (organization_id, month, client_id,
    standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT organization_id, month, client_id,
    sum(standard_cents), sum(billed_cents), sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
  FROM unnest(line_moves) GROUP BY 1, 2, 3
  HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
    OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, month, client_id) DO UPDATE SET
    standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
    write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
    collected_cents = r.collected_cents + excluded.collected_cents;
  PERFORM report_count_money(ARRAY(
    SELECT ROW(organization_id, client_id, date_trunc('month', issue_date)::date, sum(sign), sum(sign * total_cents),
        0, 0, 0, 0, 0)::report_money_move
    FROM unnest(invoice_moves) GROUP BY organization_id, client_id, date_trunc('month', issue_date)
    HAVING sum(sign) <> 0 OR sum(sign * total_cents) <> 0));
  RETURN NULL;
END $$;

-- Active payments by payment date. A payment's applied amount set after its insert moves
-- nothing here.
CREATE OR REPLACE FUNCTION report_roll_payments() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  signed report_money_move[] := '{}';
  money_moves report_money_move[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    signed := ARRAY(SELECT ROW(organization_id, client_id, date_trunc('month', payment_date)::date, 0, 0, 1,
        amount_cents, 0, 0, 0)::report_money_move
      FROM new_rows WHERE status = 'active');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    signed := signed || ARRAY(SELECT ROW(organization_id, client_id, date_trunc('month', payment_date)::date, 0, 0, -1,
        -amount_cents, 0, 0, 0)::report_money_move
      FROM old_rows WHERE status = 'active');
  END IF;
  money_moves := ARRAY(
    SELECT ROW(organization_id, client_id, month, 0, 0, sum(payments), sum(received_cents), 0, 0, 0)::report_money_move
    FROM unnest(signed) GROUP BY organization_id, client_id, month
    HAVING sum(payments) <> 0 OR sum(received_cents) <> 0);
  IF cardinality(money_moves) > 0 THEN
    PERFORM report_count_money(money_moves);
  END IF;
  RETURN NULL;
END $$;

-- Refunds and ledger rows are append-only: only inserts reach these two.
CREATE OR REPLACE FUNCTION report_roll_refunds() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM report_count_money(ARRAY(
    SELECT ROW(organization_id, client_id, date_trunc('month', refund_date)::date, 0, 0, 0, 0, sum(amount_cents),
        0, 0)::report_money_move
    FROM new_rows GROUP BY organization_id, client_id, date_trunc('month', refund_date)
    HAVING sum(amount_cents) <> 0));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION report_roll_ledger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM report_count_money(ARRAY(
    SELECT ROW(organization_id, client_id, date_trunc('month', entry_date)::date, 0, 0, 0, 0, 0, sum(debit_cents),
        sum(credit_cents))::report_money_move
    FROM new_rows GROUP BY organization_id, client_id, date_trunc('month', entry_date)
    HAVING sum(debit_cents) <> 0 OR sum(credit_cents) <> 0));
  RETURN NULL;
END $$;

-- Only the triggers composed these; report_rebuild keeps report_add_money, report_billed_lines
-- and report_add_billing.
DROP FUNCTION report_same_invoice();
DROP FUNCTION report_counted(text);
DROP FUNCTION report_signed_rows(text, text);
