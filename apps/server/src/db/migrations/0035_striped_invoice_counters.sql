-- The invoice counters of migration 0022 in 16 stripes (docs/decisions/0140). With one row per
-- firm and status, every draft, issue and payment of a firm queued on the same few rows from its
-- invoice statement to its commit: at full scale POST /invoices waited on the 'draft' row and
-- payments on 'pending' and 'paid'. A statement now counts into the stripe of its database
-- connection (backend pid modulo 16): a connection runs one transaction at a time, so two
-- transactions queue on a counter row only when their connections share a stripe. Readers sum
-- the stripes; the figures stay exact (every change is still counted in its own transaction).

ALTER TABLE invoice_status_counts ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE invoice_status_counts DROP CONSTRAINT invoice_status_counts_pkey;
ALTER TABLE invoice_status_counts ADD PRIMARY KEY (organization_id, status, stripe);
ALTER TABLE invoice_day_revenue ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE invoice_day_revenue DROP CONSTRAINT invoice_day_revenue_pkey;
ALTER TABLE invoice_day_revenue ADD PRIMARY KEY (organization_id, issue_date, stripe);

CREATE OR REPLACE FUNCTION count_invoices() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_status_counts AS counts (organization_id, status, stripe, invoices)
    SELECT organization_id, status, stripe, sum(invoices) FROM (SELECT organization_id, status, issue_date, (pg_backend_pid() % 16)::smallint AS stripe, 1 AS invoices, total_cents FROM new_rows) changes
    GROUP BY organization_id, status, stripe HAVING sum(invoices) <> 0
    ORDER BY organization_id, status, stripe
    ON CONFLICT (organization_id, status, stripe) DO UPDATE SET invoices = counts.invoices + excluded.invoices;
    INSERT INTO invoice_day_revenue AS revenue (organization_id, issue_date, stripe, total_cents)
    SELECT organization_id, issue_date, stripe, sum(total_cents) FROM (SELECT organization_id, status, issue_date, (pg_backend_pid() % 16)::smallint AS stripe, 1 AS invoices, total_cents FROM new_rows) changes
    WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL
    GROUP BY organization_id, issue_date, stripe HAVING sum(total_cents) <> 0
    ORDER BY organization_id, issue_date, stripe
    ON CONFLICT (organization_id, issue_date, stripe) DO UPDATE SET total_cents = revenue.total_cents + excluded.total_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_status_counts AS counts (organization_id, status, stripe, invoices)
    SELECT organization_id, status, stripe, sum(invoices) FROM (SELECT organization_id, status, issue_date, (pg_backend_pid() % 16)::smallint AS stripe, -1 AS invoices, -total_cents AS total_cents FROM old_rows) changes
    GROUP BY organization_id, status, stripe HAVING sum(invoices) <> 0
    ORDER BY organization_id, status, stripe
    ON CONFLICT (organization_id, status, stripe) DO UPDATE SET invoices = counts.invoices + excluded.invoices;
    INSERT INTO invoice_day_revenue AS revenue (organization_id, issue_date, stripe, total_cents)
    SELECT organization_id, issue_date, stripe, sum(total_cents) FROM (SELECT organization_id, status, issue_date, (pg_backend_pid() % 16)::smallint AS stripe, -1 AS invoices, -total_cents AS total_cents FROM old_rows) changes
    WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL
    GROUP BY organization_id, issue_date, stripe HAVING sum(total_cents) <> 0
    ORDER BY organization_id, issue_date, stripe
    ON CONFLICT (organization_id, issue_date, stripe) DO UPDATE SET total_cents = revenue.total_cents + excluded.total_cents;
  ELSE
    INSERT INTO invoice_status_counts AS counts (organization_id, status, stripe, invoices)
    SELECT organization_id, status, stripe, sum(invoices) FROM (SELECT organization_id, status, issue_date, (pg_backend_pid() % 16)::smallint AS stripe, 1 AS invoices, total_cents FROM new_rows
      UNION ALL SELECT organization_id, status, issue_date, (pg_backend_pid() % 16)::smallint AS stripe, -1 AS invoices, -total_cents AS total_cents FROM old_rows) changes
    GROUP BY organization_id, status, stripe HAVING sum(invoices) <> 0
    ORDER BY organization_id, status, stripe
    ON CONFLICT (organization_id, status, stripe) DO UPDATE SET invoices = counts.invoices + excluded.invoices;
    INSERT INTO invoice_day_revenue AS revenue (organization_id, issue_date, stripe, total_cents)
    SELECT organization_id, issue_date, stripe, sum(total_cents) FROM (SELECT organization_id, status, issue_date, (pg_backend_pid() % 16)::smallint AS stripe, 1 AS invoices, total_cents FROM new_rows
      UNION ALL SELECT organization_id, status, issue_date, (pg_backend_pid() % 16)::smallint AS stripe, -1 AS invoices, -total_cents AS total_cents FROM old_rows) changes
    WHERE status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL
    GROUP BY organization_id, issue_date, stripe HAVING sum(total_cents) <> 0
    ORDER BY organization_id, issue_date, stripe
    ON CONFLICT (organization_id, issue_date, stripe) DO UPDATE SET total_cents = revenue.total_cents + excluded.total_cents;
  END IF;
  RETURN NULL;
END $$;

-- The dashboard stats of migration 0022, the pending count summed over the stripes (the month's
-- revenue already sums rows).
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
               SELECT sum(s.invoices) FROM invoice_status_counts s
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
GRANT EXECUTE ON FUNCTION dashboard_stats(integer, integer, timestamptz, integer, boolean) TO app_user;
