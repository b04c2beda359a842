-- Calendar-year rollups beside the monthly ones of migration 0039, and time per person without
-- the activity (issue 17, docs/decisions/0176). A whole-firm report over a year read 12 month
-- rows per client (455,914 rows at full scale, ADR 0171); a year row per client (or per person
-- and activity) answers the same sums from a twelfth of the rows. A period is read as its whole
-- calendar years from these tables plus its other months from the monthly ones. Only the
-- coarser grains get years: the finest grain is read with a client, partner or staff filter,
-- which already narrows it. Utilization and time by staff read one row per person and month
-- (or year) instead of one per person, activity and month (about 30 activities a person).
--
-- Exact by the same construction: the triggers of 0039 add each statement's grouped change to
-- the year of its month in the same statement that adds it to the month, so a year row is
-- always the sum of its twelve month rows (a late edit moves minutes between months and, when
-- the date crosses a new year, between years; a void subtracts the invoice's share from its
-- issue year; a backdated payment's application changes `collected` in the invoice's issue
-- year). Rows are upserted in key order after the month rows, so writers lock in one order.

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

-- The upsert of grouped time changes into one rollup: `keys` are its key columns after
-- organization_id, `source` names them (month or year first) with the four figures.
CREATE OR REPLACE FUNCTION report_add_time(rollup text, keys text, source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT format($f$
    INSERT INTO %1$I AS r (organization_id, %2$s, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, %2$s, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
    FROM (%3$s) changes GROUP BY organization_id, %2$s
    HAVING sum(entries) <> 0 OR sum(minutes) <> 0 OR sum(billable_minutes) <> 0 OR sum(standard_cents) <> 0
    ORDER BY organization_id, %2$s
    ON CONFLICT (organization_id, %2$s) DO UPDATE SET entries = r.entries + excluded.entries,
      minutes = r.minutes + excluded.minutes, billable_minutes = r.billable_minutes + excluded.billable_minutes,
      standard_cents = r.standard_cents + excluded.standard_cents$f$, rollup, keys, source)
$$;

-- The same for billing changes (the five figures of report_add_billing).
CREATE OR REPLACE FUNCTION report_add_billed(rollup text, keys text, source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT format($f$
    INSERT INTO %1$I AS r (organization_id, %2$s, standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
    SELECT organization_id, %2$s, sum(standard_cents), sum(billed_cents), sum(write_up_cents), sum(write_down_cents),
      sum(collected_cents)
    FROM (%3$s) changes GROUP BY organization_id, %2$s
    HAVING sum(standard_cents) <> 0 OR sum(billed_cents) <> 0 OR sum(write_up_cents) <> 0
      OR sum(write_down_cents) <> 0 OR sum(collected_cents) <> 0
    ORDER BY organization_id, %2$s
    ON CONFLICT (organization_id, %2$s) DO UPDATE SET
      standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
      write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
      collected_cents = r.collected_cents + excluded.collected_cents$f$, rollup, keys, source)
$$;

-- The grouped changes of a statement with their year beside their month.
CREATE OR REPLACE FUNCTION report_with_year(changes text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT format('SELECT date_trunc(''year'', month)::date AS year, * FROM (%s) monthly', changes)
$$;

-- 0039's time trigger, now also adding to the years. The transition tables are visible to the
-- trigger function's own statements only, so it builds and runs each statement itself.
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
  EXECUTE report_add_time('report_time_months', 'month, client_id, user_id, activity_type_id', changes);
  EXECUTE report_add_time('report_time_user_months', 'month, user_id, activity_type_id', changes);
  EXECUTE report_add_time('report_time_client_months', 'month, client_id', changes);
  EXECUTE report_add_time('report_time_staff_months', 'month, user_id', changes);
  EXECUTE report_add_time('report_time_user_years', 'year, user_id, activity_type_id', report_with_year(changes));
  EXECUTE report_add_time('report_time_client_years', 'year, client_id', report_with_year(changes));
  EXECUTE report_add_time('report_time_staff_years', 'year, user_id', report_with_year(changes));
  RETURN NULL;
END $$;

-- 0039's billing statements (month grains, run by the invoice trigger and report_rebuild), with
-- the two year grains after them.
CREATE OR REPLACE FUNCTION report_add_billing(lines text) RETURNS text[]
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT ARRAY[
    report_add_billed('report_billing_months', 'month, client_id, user_id, activity_type_id', lines),
    report_add_billed('report_billing_user_months', 'month, user_id, activity_type_id', lines),
    report_add_billed('report_billing_client_months', 'month, client_id', lines),
    report_add_billed('report_billing_user_years', 'year, user_id, activity_type_id', report_with_year(lines)),
    report_add_billed('report_billing_client_years', 'year, client_id', report_with_year(lines))]
$$;

-- The rollups of this migration for one organization (or all, given NULL) summed again from
-- the month rows of 0039.
CREATE OR REPLACE FUNCTION report_rebuild_years(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  scope text := CASE WHEN p_organization_id IS NULL THEN 'true' ELSE format('organization_id = %s', p_organization_id) END;
BEGIN
  EXECUTE format('DELETE FROM report_time_staff_months WHERE %s', scope);
  EXECUTE format('DELETE FROM report_time_staff_years WHERE %s', scope);
  EXECUTE format('DELETE FROM report_time_user_years WHERE %s', scope);
  EXECUTE format('DELETE FROM report_time_client_years WHERE %s', scope);
  EXECUTE format('DELETE FROM report_billing_user_years WHERE %s', scope);
  EXECUTE format('DELETE FROM report_billing_client_years WHERE %s', scope);
  EXECUTE format($q$
    INSERT INTO report_time_staff_months (organization_id, month, user_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, month, user_id, sum(entries), sum(minutes), sum(billable_minutes), sum(standard_cents)
    FROM report_time_user_months WHERE %s GROUP BY 1, 2, 3$q$, scope);
  EXECUTE format($q$
    INSERT INTO report_time_staff_years (organization_id, year, user_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, date_trunc('year', month)::date, user_id, sum(entries), sum(minutes), sum(billable_minutes),
      sum(standard_cents)
    FROM report_time_user_months WHERE %s GROUP BY 1, 2, 3$q$, scope);
  EXECUTE format($q$
    INSERT INTO report_time_user_years (organization_id, year, user_id, activity_type_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, date_trunc('year', month)::date, user_id, activity_type_id, sum(entries), sum(minutes),
      sum(billable_minutes), sum(standard_cents)
    FROM report_time_user_months WHERE %s GROUP BY 1, 2, 3, 4$q$, scope);
  EXECUTE format($q$
    INSERT INTO report_time_client_years (organization_id, year, client_id, entries, minutes, billable_minutes, standard_cents)
    SELECT organization_id, date_trunc('year', month)::date, client_id, sum(entries), sum(minutes),
      sum(billable_minutes), sum(standard_cents)
    FROM report_time_client_months WHERE %s GROUP BY 1, 2, 3$q$, scope);
  EXECUTE format($q$
    INSERT INTO report_billing_user_years (organization_id, year, user_id, activity_type_id, standard_cents, billed_cents,
      write_up_cents, write_down_cents, collected_cents)
    SELECT organization_id, date_trunc('year', month)::date, user_id, activity_type_id, sum(standard_cents), sum(billed_cents),
      sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
    FROM report_billing_user_months WHERE %s GROUP BY 1, 2, 3, 4$q$, scope);
  EXECUTE format($q$
    INSERT INTO report_billing_client_years (organization_id, year, client_id, standard_cents, billed_cents,
      write_up_cents, write_down_cents, collected_cents)
    SELECT organization_id, date_trunc('year', month)::date, client_id, sum(standard_cents), sum(billed_cents),
      sum(write_up_cents), sum(write_down_cents), sum(collected_cents)
    FROM report_billing_client_months WHERE %s GROUP BY 1, 2, 3$q$, scope);
END $$;
REVOKE ALL ON FUNCTION report_rebuild_years(integer) FROM PUBLIC;

-- report_rebuild (0039) now rebuilds the years too. Its month part already inserts the billing
-- years through report_add_billing; they are summed again from the months here, which is the
-- same figure, so the year tables have one way of being rebuilt.
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
