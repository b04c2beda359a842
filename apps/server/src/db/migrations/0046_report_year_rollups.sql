-- Calendar-year rollups beside the monthly ones of migration 0039, and time per person without
-- the activity (issue 17, docs/decisions/0176). A whole-firm report over a year read 12 month
-- rows per client (455,914 rows at full scale, ADR 0171); a year row per client (or per person
-- and activity) answers the same sums from a twelfth of the rows. A period is read as its whole
-- calendar years from these tables plus its other months from the monthly ones. Only the
-- coarser grains get years: the finest grain is read with a client, partner or staff filter,
-- which already narrows it. Utilization and time by staff read one row per person and month
-- (or year) instead of one per person, activity and month (about 30 activities a person).
--
-- Exact by the same construction: the time and invoice triggers, as migration 0044 writes them
-- out (static statements over arrays of row types, no EXECUTE, docs/decisions/0174), are
-- replaced here by the same functions with more upserts from the same grouped moves, so each
-- statement's change reaches the year of its month in the same trigger call that adds it to
-- the month and a year row is always the sum of its twelve month rows (a late edit moves
-- minutes between months and, when the date crosses a new year, between years; a void
-- subtracts the invoice's share from its issue year; a backdated payment's application changes
-- `collected` in the invoice's issue year). Rows are upserted in key order after 0044's month
-- rows, so writers lock in one order. The firm's money months keep 0044's stripes untouched.

CREATE TABLE report_time_staff_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  user_id integer NOT NULL,
  entries bigint NOT NULL,
  minutes bigint NOT NULL,
  billable_minutes bigint NOT NULL,
  standard_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month, user_id)
);
CREATE TABLE report_time_staff_years (
  organization_id integer NOT NULL REFERENCES organizations (id),
  year date NOT NULL,
  user_id integer NOT NULL,
  entries bigint NOT NULL,
  minutes bigint NOT NULL,
  billable_minutes bigint NOT NULL,
  standard_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, year, user_id)
);
CREATE TABLE report_time_user_years (
  organization_id integer NOT NULL REFERENCES organizations (id),
  year date NOT NULL,
  user_id integer NOT NULL,
  activity_type_id integer NOT NULL,
  entries bigint NOT NULL,
  minutes bigint NOT NULL,
  billable_minutes bigint NOT NULL,
  standard_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, year, user_id, activity_type_id)
);
CREATE TABLE report_time_client_years (
  organization_id integer NOT NULL REFERENCES organizations (id),
  year date NOT NULL,
  client_id integer NOT NULL,
  entries bigint NOT NULL,
  minutes bigint NOT NULL,
  billable_minutes bigint NOT NULL,
  standard_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, year, client_id)
);
CREATE TABLE report_billing_user_years (
  organization_id integer NOT NULL REFERENCES organizations (id),
  year date NOT NULL,
  user_id integer NOT NULL,
  activity_type_id integer NOT NULL,
  standard_cents bigint NOT NULL,
  billed_cents bigint NOT NULL,
  write_up_cents bigint NOT NULL,
  write_down_cents bigint NOT NULL,
  collected_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, year, user_id, activity_type_id)
);
CREATE TABLE report_billing_client_years (
  organization_id integer NOT NULL REFERENCES organizations (id),
  year date NOT NULL,
  client_id integer NOT NULL,
  standard_cents bigint NOT NULL,
  billed_cents bigint NOT NULL,
  write_up_cents bigint NOT NULL,
  write_down_cents bigint NOT NULL,
  collected_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, year, client_id)
);

-- 0044's time trigger, written out as 0044 writes it, adding each statement's grouped moves
-- to the person months and then to the three year grains after 0044's month grains.
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
  INSERT INTO report_time_staff_months AS r (organization_id, month, user_id, entries, minutes, billable_minutes, standard_cents)
  SELECT organization_id, month, user_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
  FROM unnest(time_moves) GROUP BY 1, 2, 3
  HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, month, user_id) DO UPDATE SET entries = r.entries + excluded.entries,
    minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
    standard_cents = r.standard_cents + excluded.standard_cents;
  INSERT INTO report_time_user_years AS r (organization_id, year, user_id, activity_type_id, entries, minutes, billable_minutes, standard_cents)
  SELECT organization_id, date_trunc('year', month)::date, user_id, activity_type_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
  FROM unnest(time_moves) GROUP BY 1, 2, 3, 4
  HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, year, user_id, activity_type_id) DO UPDATE SET entries = r.entries + excluded.entries,
    minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
    standard_cents = r.standard_cents + excluded.standard_cents;
  INSERT INTO report_time_client_years AS r (organization_id, year, client_id, entries, minutes, billable_minutes, standard_cents)
  SELECT organization_id, date_trunc('year', month)::date, client_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
  FROM unnest(time_moves) GROUP BY 1, 2, 3
  HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, year, client_id) DO UPDATE SET entries = r.entries + excluded.entries,
    minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
    standard_cents = r.standard_cents + excluded.standard_cents;
  INSERT INTO report_time_staff_years AS r (organization_id, year, user_id, entries, minutes, billable_minutes, standard_cents)
  SELECT organization_id, date_trunc('year', month)::date, user_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
  FROM unnest(time_moves) GROUP BY 1, 2, 3
  HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, year, user_id) DO UPDATE SET entries = r.entries + excluded.entries,
    minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
    standard_cents = r.standard_cents + excluded.standard_cents;
  RETURN NULL;
END $$;

-- 0044's invoice trigger with the two billing year grains after its three month grains and
-- before the money months, the order 0039 and 0044 keep.
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
  INSERT INTO report_billing_user_years AS r (organization_id, year, user_id, activity_type_id,
    standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT organization_id, date_trunc('year', month)::date, user_id, activity_type_id,
    sum(standard_cents), sum(billed_cents), sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
  FROM unnest(line_moves) GROUP BY 1, 2, 3, 4
  HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
    OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, year, user_id, activity_type_id) DO UPDATE SET
    standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
    write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
    collected_cents = r.collected_cents + excluded.collected_cents;
  INSERT INTO report_billing_client_years AS r (organization_id, year, client_id,
    standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT organization_id, date_trunc('year', month)::date, client_id,
    sum(standard_cents), sum(billed_cents), sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
  FROM unnest(line_moves) GROUP BY 1, 2, 3
  HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
    OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, year, client_id) DO UPDATE SET
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

-- The rollups of this migration for one organization (or all, given NULL) summed again from
-- the month rows of 0039. report_rebuild_months (0039's report_rebuild) writes only the month
-- grains; these are rebuilt here alone.
CREATE OR REPLACE FUNCTION report_rebuild_years(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM report_time_staff_months WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  DELETE FROM report_time_staff_years WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  DELETE FROM report_time_user_years WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  DELETE FROM report_time_client_years WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  DELETE FROM report_billing_user_years WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  DELETE FROM report_billing_client_years WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  INSERT INTO report_time_staff_months (organization_id, month, user_id, entries, minutes, billable_minutes, standard_cents)
  SELECT organization_id, month, user_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
  FROM report_time_user_months WHERE p_organization_id IS NULL OR organization_id = p_organization_id
  GROUP BY 1, 2, 3;
  INSERT INTO report_time_staff_years (organization_id, year, user_id, entries, minutes, billable_minutes, standard_cents)
  SELECT organization_id, date_trunc('year', month)::date, user_id, sum(entries), sum(minutes), sum(billable_minutes),
    sum(standard_cents)
  FROM report_time_user_months WHERE p_organization_id IS NULL OR organization_id = p_organization_id
  GROUP BY 1, 2, 3;
  INSERT INTO report_time_user_years (organization_id, year, user_id, activity_type_id, entries, minutes,
    billable_minutes, standard_cents)
  SELECT organization_id, date_trunc('year', month)::date, user_id, activity_type_id, sum(entries), sum(minutes),
    sum(billable_minutes), sum(standard_cents)
  FROM report_time_user_months WHERE p_organization_id IS NULL OR organization_id = p_organization_id
  GROUP BY 1, 2, 3, 4;
  INSERT INTO report_time_client_years (organization_id, year, client_id, entries, minutes, billable_minutes,
    standard_cents)
  SELECT organization_id, date_trunc('year', month)::date, client_id, sum(entries), sum(minutes),
    sum(billable_minutes), sum(standard_cents)
  FROM report_time_client_months WHERE p_organization_id IS NULL OR organization_id = p_organization_id
  GROUP BY 1, 2, 3;
  INSERT INTO report_billing_user_years (organization_id, year, user_id, activity_type_id, standard_cents,
    billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT organization_id, date_trunc('year', month)::date, user_id, activity_type_id, sum(standard_cents),
    sum(billed_cents), sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
  FROM report_billing_user_months WHERE p_organization_id IS NULL OR organization_id = p_organization_id
  GROUP BY 1, 2, 3, 4;
  INSERT INTO report_billing_client_years (organization_id, year, client_id, standard_cents, billed_cents,
    write_up_cents, write_down_cents, collected_cents)
  SELECT organization_id, date_trunc('year', month)::date, client_id, sum(standard_cents), sum(billed_cents),
    sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
  FROM report_billing_client_months WHERE p_organization_id IS NULL OR organization_id = p_organization_id
  GROUP BY 1, 2, 3;
END $$;
REVOKE ALL ON FUNCTION report_rebuild_years(integer) FROM PUBLIC;

-- report_rebuild (0039) now rebuilds the years and person months too, from the month grains it
-- has just rebuilt in the same transaction.
ALTER FUNCTION report_rebuild(integer) RENAME TO report_rebuild_months;
CREATE OR REPLACE FUNCTION report_rebuild(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM report_rebuild_months(p_organization_id);
  PERFORM report_rebuild_years(p_organization_id);
END $$;
REVOKE ALL ON FUNCTION report_rebuild_months(integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION report_rebuild(integer) FROM PUBLIC;

-- The backfill: every organization's new rows from its month rows (no source table is read).
SELECT report_rebuild_years(NULL);

GRANT SELECT, INSERT, UPDATE ON report_time_staff_months, report_time_staff_years, report_time_user_years,
  report_time_client_years, report_billing_user_years, report_billing_client_years TO app_user;
ALTER TABLE report_time_staff_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_time_staff_months FORCE ROW LEVEL SECURITY;
ALTER TABLE report_time_staff_years ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_time_staff_years FORCE ROW LEVEL SECURITY;
ALTER TABLE report_time_user_years ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_time_user_years FORCE ROW LEVEL SECURITY;
ALTER TABLE report_time_client_years ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_time_client_years FORCE ROW LEVEL SECURITY;
ALTER TABLE report_billing_user_years ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_billing_user_years FORCE ROW LEVEL SECURITY;
ALTER TABLE report_billing_client_years ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_billing_client_years FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_time_staff_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_time_staff_years USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_time_user_years USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_time_client_years USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_billing_user_years USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_billing_client_years USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
