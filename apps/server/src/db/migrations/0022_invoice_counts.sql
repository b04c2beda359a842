-- The dashboard's billing figures without reading every invoice (docs/decisions/0112): the
-- firm's invoices per status, and the total issued per day, kept by statement-level triggers
-- as client_status_counts is (migration 0007). With a million invoices the old scan took
-- hundreds of milliseconds per dashboard of anyone who sees billing.
CREATE TABLE invoice_status_counts (
  organization_id integer NOT NULL REFERENCES organizations (id),
  status text NOT NULL,
  invoices integer NOT NULL,
  PRIMARY KEY (organization_id, status)
);
-- Issued, not void (pending, partial, paid): what the month's revenue sums, by issue date.
CREATE TABLE invoice_day_revenue (
  organization_id integer NOT NULL REFERENCES organizations (id),
  issue_date date NOT NULL,
  total_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, issue_date)
);

-- One function for the three events: each branch names only the transition tables its event
-- has (+1 and the total for a new row, -1 and minus the total for an old one). Rows are
-- upserted in key order, so two transactions lock them in the same order.
CREATE OR REPLACE FUNCTION count_invoices() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_status_counts AS counts (organization_id, status, invoices)
    SELECT organization_id, status, sum(invoices) FROM (SELECT organization_id, status, issue_date, 1 AS invoices, total_cents FROM new_rows) changes
    GROUP BY organization_id, status HAVING sum(invoices) <> 0
    ORDER BY organization_id, status
    ON CONFLICT (organization_id, status) DO UPDATE SET invoices = counts.invoices + excluded.invoices;
    INSERT INTO invoice_day_revenue AS revenue (organization_id, issue_date, total_cents)
    SELECT organization_id, issue_date, sum(total_cents) FROM (SELECT organization_id, status, issue_date, 1 AS invoices, total_cents FROM new_rows) changes
    WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL
    GROUP BY organization_id, issue_date HAVING sum(total_cents) <> 0
    ORDER BY organization_id, issue_date
    ON CONFLICT (organization_id, issue_date) DO UPDATE SET total_cents = revenue.total_cents + excluded.total_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_status_counts AS counts (organization_id, status, invoices)
    SELECT organization_id, status, sum(invoices) FROM (SELECT organization_id, status, issue_date, -1 AS invoices, -total_cents AS total_cents FROM old_rows) changes
    GROUP BY organization_id, status HAVING sum(invoices) <> 0
    ORDER BY organization_id, status
    ON CONFLICT (organization_id, status) DO UPDATE SET invoices = counts.invoices + excluded.invoices;
    INSERT INTO invoice_day_revenue AS revenue (organization_id, issue_date, total_cents)
    SELECT organization_id, issue_date, sum(total_cents) FROM (SELECT organization_id, status, issue_date, -1 AS invoices, -total_cents AS total_cents FROM old_rows) changes
    WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL
    GROUP BY organization_id, issue_date HAVING sum(total_cents) <> 0
    ORDER BY organization_id, issue_date
    ON CONFLICT (organization_id, issue_date) DO UPDATE SET total_cents = revenue.total_cents + excluded.total_cents;
  ELSE
    INSERT INTO invoice_status_counts AS counts (organization_id, status, invoices)
    SELECT organization_id, status, sum(invoices) FROM (SELECT organization_id, status, issue_date, 1 AS invoices, total_cents FROM new_rows
      UNION ALL SELECT organization_id, status, issue_date, -1 AS invoices, -total_cents AS total_cents FROM old_rows) changes
    GROUP BY organization_id, status HAVING sum(invoices) <> 0
    ORDER BY organization_id, status
    ON CONFLICT (organization_id, status) DO UPDATE SET invoices = counts.invoices + excluded.invoices;
    INSERT INTO invoice_day_revenue AS revenue (organization_id, issue_date, total_cents)
    SELECT organization_id, issue_date, sum(total_cents) FROM (SELECT organization_id, status, issue_date, 1 AS invoices, total_cents FROM new_rows
      UNION ALL SELECT organization_id, status, issue_date, -1 AS invoices, -total_cents AS total_cents FROM old_rows) changes
    WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL
    GROUP BY organization_id, issue_date HAVING sum(total_cents) <> 0
    ORDER BY organization_id, issue_date
    ON CONFLICT (organization_id, issue_date) DO UPDATE SET total_cents = revenue.total_cents + excluded.total_cents;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER invoices_count_inserted AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_invoices();
CREATE TRIGGER invoices_count_updated AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_invoices();
CREATE TRIGGER invoices_count_deleted AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_invoices();
-- Bulk loads that switch triggers off (session_replication_role = replica) must keep counting.
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_count_inserted;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_count_updated;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_count_deleted;

INSERT INTO invoice_status_counts (organization_id, status, invoices)
SELECT organization_id, status, count(*) FROM invoices GROUP BY organization_id, status;
INSERT INTO invoice_day_revenue (organization_id, issue_date, total_cents)
SELECT organization_id, issue_date, sum(total_cents) FROM invoices
WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL
GROUP BY organization_id, issue_date;

GRANT SELECT, INSERT, UPDATE ON invoice_status_counts, invoice_day_revenue TO app_user;
ALTER TABLE invoice_status_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_status_counts FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_day_revenue ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_day_revenue FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_status_counts USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON invoice_day_revenue USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));

-- The dashboard stats of migration 0009, its billing figures now read from the two tables.
CREATE OR REPLACE FUNCTION dashboard_stats(
    p_organization_id integer, p_user_id integer, p_now timestamptz, p_week_days integer, p_sees_billing boolean)
  RETURNS TABLE (
    time_zone text, today text, week_start text, today_minutes integer, week_minutes integer,
    completed integer, active_clients integer, pending_invoices integer, month_revenue bigint
  )
  LANGUAGE plpgsql STABLE
  SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    WITH day AS MATERIALIZED (
      SELECT o.time_zone AS zone, (p_now AT TIME ZONE o.time_zone)::date AS local_today
      FROM organizations o WHERE o.id = p_organization_id
    )
    SELECT day.zone, to_char(day.local_today, 'YYYY-MM-DD'),
           to_char(day.local_today - (p_week_days - 1), 'YYYY-MM-DD'),
           work.today_minutes, work.week_minutes, work.completed,
           coalesce((
             SELECT c.clients FROM client_status_counts c
             WHERE c.organization_id = p_organization_id AND c.status = 'active'
           ), 0),
           billing.pending_invoices, billing.month_revenue
    FROM day,
    (
      SELECT coalesce(sum(t.minutes) FILTER (WHERE t.entry_date = (SELECT local_today FROM day)), 0)::integer AS today_minutes,
             coalesce(sum(t.minutes), 0)::integer AS week_minutes,
             (count(*) FILTER (WHERE t.status = 'completed'))::integer AS completed
      FROM time_entries t
      WHERE t.organization_id = p_organization_id AND t.user_id = p_user_id
        AND t.entry_date BETWEEN (SELECT local_today - (p_week_days - 1) FROM day) AND (SELECT local_today FROM day)
    ) work,
    (
      SELECT coalesce((
               SELECT s.invoices FROM invoice_status_counts s
               WHERE s.organization_id = p_organization_id AND s.status = 'pending' AND p_sees_billing
             ), 0)::integer AS pending_invoices,
             coalesce((
               SELECT sum(r.total_cents) FROM invoice_day_revenue r
               WHERE r.organization_id = p_organization_id AND p_sees_billing
                 AND r.issue_date BETWEEN (SELECT date_trunc('month', local_today)::date FROM day)
                                      AND (SELECT local_today FROM day)
             ), 0)::bigint AS month_revenue
    ) billing;
END $$;
REVOKE ALL ON FUNCTION dashboard_stats(integer, integer, timestamptz, integer, boolean) FROM PUBLIC;
