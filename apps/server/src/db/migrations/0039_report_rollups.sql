-- Monthly rollups behind GET /reports/{name} (issue 17, docs/decisions/0152). Each is kept
-- by a statement-level trigger on its source table that adds the new rows' share and
-- subtracts the old rows', so a late edit, a void or a backdated payment moves the figures of
-- the month the document is dated in, in the same transaction. ENABLE ALWAYS: bulk loads
-- that switch triggers off (session_replication_role = replica) keep them exact too.
-- Reports run over whole months; the grains are the ones the reports group and filter by.

-- Time by entry month. Standard value = the billable entries' amount (hours x rate at entry).
CREATE TABLE report_time_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  client_id integer NOT NULL,
  user_id integer NOT NULL,
  activity_type_id integer NOT NULL,
  entries bigint NOT NULL,
  minutes bigint NOT NULL,
  billable_minutes bigint NOT NULL,
  standard_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month, client_id, user_id, activity_type_id)
);
CREATE INDEX report_time_months_client ON report_time_months (organization_id, client_id, month);
CREATE INDEX report_time_months_user ON report_time_months (organization_id, user_id, month);
-- The whole firm by staff or activity, and by client, without reading the finest grain.
CREATE TABLE report_time_user_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  user_id integer NOT NULL,
  activity_type_id integer NOT NULL,
  entries bigint NOT NULL,
  minutes bigint NOT NULL,
  billable_minutes bigint NOT NULL,
  standard_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month, user_id, activity_type_id)
);
CREATE TABLE report_time_client_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  client_id integer NOT NULL,
  entries bigint NOT NULL,
  minutes bigint NOT NULL,
  billable_minutes bigint NOT NULL,
  standard_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month, client_id)
);

-- Billed lines by the invoice's issue month, for issued invoices that are not void. user 0 and
-- activity 0 stand for lines without one (expenses, fixed fees). collected = what payments
-- applied to the invoice pay of its fees (applied up to the lines' sum), spread over the lines
-- in proportion to their amounts, the rounding remainder on the largest line.
CREATE TABLE report_billing_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  client_id integer NOT NULL,
  user_id integer NOT NULL,
  activity_type_id integer NOT NULL,
  standard_cents bigint NOT NULL,
  billed_cents bigint NOT NULL,
  write_up_cents bigint NOT NULL,
  write_down_cents bigint NOT NULL,
  collected_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month, client_id, user_id, activity_type_id)
);
CREATE INDEX report_billing_months_client ON report_billing_months (organization_id, client_id, month);
CREATE INDEX report_billing_months_user ON report_billing_months (organization_id, user_id, month);
CREATE TABLE report_billing_user_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  user_id integer NOT NULL,
  activity_type_id integer NOT NULL,
  standard_cents bigint NOT NULL,
  billed_cents bigint NOT NULL,
  write_up_cents bigint NOT NULL,
  write_down_cents bigint NOT NULL,
  collected_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month, user_id, activity_type_id)
);
CREATE TABLE report_billing_client_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  client_id integer NOT NULL,
  standard_cents bigint NOT NULL,
  billed_cents bigint NOT NULL,
  write_up_cents bigint NOT NULL,
  write_down_cents bigint NOT NULL,
  collected_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month, client_id)
);

-- Money by month per client and for the whole firm: invoices issued (not void) by issue
-- month, payments received (not void) by payment date, refunds by refund date, and the AR
-- ledger's debits and credits by entry date (its running sum is the AR balance at a month end).
CREATE TABLE report_money_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  client_id integer NOT NULL,
  invoices bigint NOT NULL DEFAULT 0,
  billed_cents bigint NOT NULL DEFAULT 0,
  payments bigint NOT NULL DEFAULT 0,
  received_cents bigint NOT NULL DEFAULT 0,
  refunded_cents bigint NOT NULL DEFAULT 0,
  debit_cents bigint NOT NULL DEFAULT 0,
  credit_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, client_id, month)
);
CREATE TABLE report_firm_money_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  invoices bigint NOT NULL DEFAULT 0,
  billed_cents bigint NOT NULL DEFAULT 0,
  payments bigint NOT NULL DEFAULT 0,
  received_cents bigint NOT NULL DEFAULT 0,
  refunded_cents bigint NOT NULL DEFAULT 0,
  debit_cents bigint NOT NULL DEFAULT 0,
  credit_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, month)
);

-- The statements that add grouped changes to the money tables, rows in key order so two
-- transactions lock them in the same order. `changes` must name organization_id, month,
-- client_id and the given columns. The trigger functions run them themselves: a trigger's
-- transition tables are visible to its own statements only, not to functions it calls.
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
    ON CONFLICT (organization_id, month) DO UPDATE SET %4$s', names, sums, nonzero, adds, changes)];
END $$;

-- The new rows with sign 1 and the old ones with sign -1, as the event has them.
CREATE OR REPLACE FUNCTION report_signed_rows(operation text, columns text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT concat_ws(' UNION ALL ',
    CASE WHEN operation IN ('INSERT', 'UPDATE') THEN format('SELECT %s, 1 AS sign FROM new_rows', columns) END,
    CASE WHEN operation IN ('DELETE', 'UPDATE') THEN format('SELECT %s, -1 AS sign FROM old_rows', columns) END)
$$;

CREATE OR REPLACE FUNCTION report_roll_time() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changes text := format($f$
    SELECT organization_id, date_trunc('month', entry_date)::date AS month, client_id, user_id, activity_type_id,
      sign::bigint AS entries, (sign * minutes)::bigint AS minutes,
      (CASE WHEN billable THEN sign * minutes ELSE 0 END)::bigint AS billable_minutes,
      (CASE WHEN billable THEN sign * amount_cents ELSE 0 END)::bigint AS standard_cents
    FROM (%s) signed$f$,
    report_signed_rows(TG_OP, 'organization_id, entry_date, client_id, user_id, activity_type_id, minutes, billable, amount_cents'));
BEGIN
  EXECUTE format($f$
    INSERT INTO report_time_months AS r (organization_id, month, client_id, user_id, activity_type_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, month, client_id, user_id, activity_type_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
    FROM (%s) changes GROUP BY 1, 2, 3, 4, 5
    HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, month, client_id, user_id, activity_type_id) DO UPDATE SET entries = r.entries + excluded.entries,
      minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
      standard_cents = r.standard_cents + excluded.standard_cents$f$, changes);
  EXECUTE format($f$
    INSERT INTO report_time_user_months AS r (organization_id, month, user_id, activity_type_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, month, user_id, activity_type_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
    FROM (%s) changes GROUP BY 1, 2, 3, 4
    HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, month, user_id, activity_type_id) DO UPDATE SET entries = r.entries + excluded.entries,
      minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
      standard_cents = r.standard_cents + excluded.standard_cents$f$, changes);
  EXECUTE format($f$
    INSERT INTO report_time_client_months AS r (organization_id, month, client_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, month, client_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
    FROM (%s) changes GROUP BY 1, 2, 3
    HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, month, client_id) DO UPDATE SET entries = r.entries + excluded.entries,
      minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
      standard_cents = r.standard_cents + excluded.standard_cents$f$, changes);
  RETURN NULL;
END $$;

-- The billed lines' share of the given signed invoices (organization_id, id, client_id,
-- issue_date, applied_cents, total_cents, sign; issued and not void only). The lines of an
-- issued invoice never change (refuse_issued_line_change), so the old rows' share computed now
-- is the share they added.
CREATE OR REPLACE FUNCTION report_billed_lines(invoices text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT format($f$
    SELECT organization_id, month, client_id, user_id, activity_type_id,
      sign * standard_cents AS standard_cents, sign * amount_cents AS billed_cents,
      sign * greatest(amount_cents - standard_cents, 0) AS write_up_cents,
      sign * greatest(standard_cents - amount_cents, 0) AS write_down_cents,
      sign * (share + CASE WHEN place = 1 THEN paid - sum(share) OVER invoice ELSE 0 END) AS collected_cents
    FROM (
      SELECT organization_id, invoice_id, sign, month, client_id, user_id, activity_type_id, standard_cents, amount_cents,
        paid, place, CASE WHEN fees > 0 THEN floor(amount_cents::numeric * paid / fees)::bigint ELSE 0 END AS share
      FROM (
        SELECT i.organization_id, i.id AS invoice_id, i.sign, date_trunc('month', i.issue_date)::date AS month, i.client_id,
          coalesce(l.user_id, 0) AS user_id, coalesce(l.activity_type_id, 0) AS activity_type_id,
          l.standard_cents, l.amount_cents,
          least(i.applied_cents, sum(l.amount_cents) OVER lines) AS paid, sum(l.amount_cents) OVER lines AS fees,
          row_number() OVER (PARTITION BY i.organization_id, i.id, i.sign ORDER BY l.amount_cents DESC, l.id) AS place
        FROM (%s) i
        JOIN invoice_lines l ON l.organization_id = i.organization_id AND l.invoice_id = i.id
        WINDOW lines AS (PARTITION BY i.organization_id, i.id, i.sign)
      ) priced
    ) shared
    WINDOW invoice AS (PARTITION BY organization_id, invoice_id, sign)$f$, invoices)
$$;

CREATE OR REPLACE FUNCTION report_add_billing(lines text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE
  AS $$
BEGIN
  RETURN ARRAY[format($f$
    INSERT INTO report_billing_months AS r (organization_id, month, client_id, user_id, activity_type_id,
      standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
    SELECT organization_id, month, client_id, user_id, activity_type_id,
      sum(standard_cents), sum(billed_cents), sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
    FROM (%s) changes GROUP BY 1, 2, 3, 4, 5
    HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
      OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, month, client_id, user_id, activity_type_id) DO UPDATE SET
      standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
      write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
      collected_cents = r.collected_cents + excluded.collected_cents$f$, lines),
  format($f$
    INSERT INTO report_billing_user_months AS r (organization_id, month, user_id, activity_type_id,
      standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
    SELECT organization_id, month, user_id, activity_type_id,
      sum(standard_cents), sum(billed_cents), sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
    FROM (%s) changes GROUP BY 1, 2, 3, 4
    HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
      OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, month, user_id, activity_type_id) DO UPDATE SET
      standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
      write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
      collected_cents = r.collected_cents + excluded.collected_cents$f$, lines),
  format($f$
    INSERT INTO report_billing_client_months AS r (organization_id, month, client_id,
      standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
    SELECT organization_id, month, client_id,
      sum(standard_cents), sum(billed_cents), sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
    FROM (%s) changes GROUP BY 1, 2, 3
    HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
      OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, month, client_id) DO UPDATE SET
      standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
      write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
      collected_cents = r.collected_cents + excluded.collected_cents$f$, lines)];
END $$;

-- An invoice counts in the reports once issued and until voided.
CREATE OR REPLACE FUNCTION report_counted(alias text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT format($f$%1$I.status IN ('pending', 'partial', 'paid') AND %1$I.issue_date IS NOT NULL$f$, alias)
$$;

-- The old and new versions of an invoice that count the same in the reports.
CREATE OR REPLACE FUNCTION report_same_invoice() RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT 'o.organization_id = n.organization_id AND o.id = n.id AND o.client_id = n.client_id AND o.issue_date = n.issue_date
    AND o.applied_cents = n.applied_cents AND o.total_cents = n.total_cents'
$$;

-- An update that leaves an invoice's counted figures as they were (most updates: version,
-- e-mail, status among pending/partial/paid with the same applied sum) adds nothing.
CREATE OR REPLACE FUNCTION report_roll_invoices() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  columns text := 'organization_id, id, client_id, issue_date, applied_cents, total_cents';
  invoices text;
  statement text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    invoices := format($f$
      SELECT %1$s, 1 AS sign FROM new_rows n WHERE %2$s AND NOT EXISTS (%4$s)
      UNION ALL
      SELECT %1$s, -1 AS sign FROM old_rows o WHERE %3$s AND NOT EXISTS (%5$s)$f$,
      columns, report_counted('n'), report_counted('o'),
      format('SELECT FROM old_rows o WHERE %s AND %s', report_counted('o'), report_same_invoice()),
      format('SELECT FROM new_rows n WHERE %s AND %s', report_counted('n'), report_same_invoice()));
  ELSE
    invoices := format($f$SELECT %s, sign FROM (%s) signed WHERE %s$f$, columns,
      report_signed_rows(TG_OP, columns || ', status'), report_counted('signed'));
  END IF;
  FOREACH statement IN ARRAY report_add_billing(report_billed_lines(invoices)) LOOP
    EXECUTE statement;
  END LOOP;
  FOREACH statement IN ARRAY report_add_money(format($f$
    SELECT organization_id, client_id, date_trunc('month', issue_date)::date AS month,
      sign::bigint AS invoices, (sign * total_cents)::bigint AS billed_cents FROM (%s) signed$f$, invoices),
    ARRAY['invoices', 'billed_cents']) LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION report_roll_payments() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY report_add_money(format($f$
    SELECT organization_id, client_id, date_trunc('month', payment_date)::date AS month,
      sign::bigint AS payments, (sign * amount_cents)::bigint AS received_cents
    FROM (%s) signed WHERE status = 'active'$f$,
    report_signed_rows(TG_OP, 'organization_id, client_id, payment_date, amount_cents, status')),
    ARRAY['payments', 'received_cents']) LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $$;

-- Refunds and ledger rows are append-only: only inserts reach these two.
CREATE OR REPLACE FUNCTION report_roll_refunds() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY report_add_money($f$
    SELECT organization_id, client_id, date_trunc('month', refund_date)::date AS month,
      amount_cents::bigint AS refunded_cents FROM new_rows$f$, ARRAY['refunded_cents']) LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION report_roll_ledger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY report_add_money($f$
    SELECT organization_id, client_id, date_trunc('month', entry_date)::date AS month,
      debit_cents::bigint AS debit_cents, credit_cents::bigint AS credit_cents FROM new_rows$f$,
    ARRAY['debit_cents', 'credit_cents']) LOOP
    EXECUTE statement;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER time_entries_report_inserted AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_time();
CREATE TRIGGER time_entries_report_updated AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_time();
CREATE TRIGGER time_entries_report_deleted AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_time();
CREATE TRIGGER invoices_report_inserted AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_invoices();
CREATE TRIGGER invoices_report_updated AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_invoices();
CREATE TRIGGER invoices_report_deleted AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_invoices();
CREATE TRIGGER payments_report_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_payments();
CREATE TRIGGER payments_report_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_payments();
CREATE TRIGGER payments_report_deleted AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_payments();
CREATE TRIGGER refunds_report_inserted AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_refunds();
CREATE TRIGGER ar_ledger_report_inserted AFTER INSERT ON ar_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_roll_ledger();
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_report_inserted;
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_report_updated;
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_report_deleted;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_report_inserted;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_report_updated;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_report_deleted;
ALTER TABLE payments ENABLE ALWAYS TRIGGER payments_report_inserted;
ALTER TABLE payments ENABLE ALWAYS TRIGGER payments_report_updated;
ALTER TABLE payments ENABLE ALWAYS TRIGGER payments_report_deleted;
ALTER TABLE refunds ENABLE ALWAYS TRIGGER refunds_report_inserted;
ALTER TABLE ar_ledger ENABLE ALWAYS TRIGGER ar_ledger_report_inserted;

-- The rollups of one organization (or all, given NULL) rebuilt from the source tables: what
-- a database migrated before the reports gets below, and a repair should one ever be needed.
CREATE OR REPLACE FUNCTION report_rebuild(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  scope text := CASE WHEN p_organization_id IS NULL THEN 'true' ELSE format('organization_id = %s', p_organization_id) END;
  statements text[] := ARRAY[]::text[];
  statement text;
  rollup text;
BEGIN
  FOREACH rollup IN ARRAY ARRAY['report_time_months', 'report_time_user_months', 'report_time_client_months',
    'report_billing_months', 'report_billing_user_months', 'report_billing_client_months',
    'report_money_months', 'report_firm_money_months'] LOOP
    EXECUTE format('DELETE FROM %I WHERE %s', rollup, scope);
  END LOOP;
  EXECUTE format($q$
    INSERT INTO report_time_months (organization_id, month, client_id, user_id, activity_type_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, date_trunc('month', entry_date)::date, client_id, user_id, activity_type_id, count(*), sum(minutes),
      coalesce(sum(minutes) FILTER (WHERE billable), 0), coalesce(sum(amount_cents) FILTER (WHERE billable), 0)
    FROM time_entries WHERE %s GROUP BY 1, 2, 3, 4, 5$q$, scope);
  EXECUTE format($q$
    INSERT INTO report_time_user_months (organization_id, month, user_id, activity_type_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, month, user_id, activity_type_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
    FROM report_time_months WHERE %s GROUP BY 1, 2, 3, 4$q$, scope);
  EXECUTE format($q$
    INSERT INTO report_time_client_months (organization_id, month, client_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, month, client_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
    FROM report_time_months WHERE %s GROUP BY 1, 2, 3$q$, scope);
  statements := statements || report_add_billing(report_billed_lines(format(
    $q$SELECT organization_id, id, client_id, issue_date, applied_cents, total_cents, 1 AS sign FROM invoices
      WHERE %s AND status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL$q$, scope)));
  statements := statements || report_add_money(format($q$SELECT organization_id, client_id, date_trunc('month', issue_date)::date AS month,
      1::bigint AS invoices, total_cents::bigint AS billed_cents FROM invoices
      WHERE %s AND status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL$q$, scope), ARRAY['invoices', 'billed_cents']);
  statements := statements || report_add_money(format($q$SELECT organization_id, client_id, date_trunc('month', payment_date)::date AS month,
      1::bigint AS payments, amount_cents::bigint AS received_cents FROM payments WHERE %s AND status = 'active'$q$, scope),
    ARRAY['payments', 'received_cents']);
  statements := statements || report_add_money(format($q$SELECT organization_id, client_id, date_trunc('month', refund_date)::date AS month,
      amount_cents::bigint AS refunded_cents FROM refunds WHERE %s$q$, scope), ARRAY['refunded_cents']);
  statements := statements || report_add_money(format($q$SELECT organization_id, client_id, date_trunc('month', entry_date)::date AS month,
      debit_cents::bigint AS debit_cents, credit_cents::bigint AS credit_cents FROM ar_ledger WHERE %s$q$, scope),
    ARRAY['debit_cents', 'credit_cents']);
  FOREACH statement IN ARRAY statements LOOP
    EXECUTE statement;
  END LOOP;
END $$;
REVOKE ALL ON FUNCTION report_rebuild(integer) FROM PUBLIC;

SELECT report_rebuild(NULL);

GRANT SELECT, INSERT, UPDATE ON report_time_months, report_time_user_months, report_time_client_months,
  report_billing_months, report_billing_user_months, report_billing_client_months,
  report_money_months, report_firm_money_months TO app_user;
ALTER TABLE report_time_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_time_months FORCE ROW LEVEL SECURITY;
ALTER TABLE report_time_user_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_time_user_months FORCE ROW LEVEL SECURITY;
ALTER TABLE report_time_client_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_time_client_months FORCE ROW LEVEL SECURITY;
ALTER TABLE report_billing_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_billing_months FORCE ROW LEVEL SECURITY;
ALTER TABLE report_billing_user_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_billing_user_months FORCE ROW LEVEL SECURITY;
ALTER TABLE report_billing_client_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_billing_client_months FORCE ROW LEVEL SECURITY;
ALTER TABLE report_money_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_money_months FORCE ROW LEVEL SECURITY;
ALTER TABLE report_firm_money_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_firm_money_months FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_time_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_time_user_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_time_client_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_billing_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_billing_user_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_billing_client_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_money_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_firm_money_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
