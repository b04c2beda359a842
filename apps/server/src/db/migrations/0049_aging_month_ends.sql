-- The AR aging as of a past month end, kept rather than recomputed (issue 17, docs/decisions/0183).
--
-- The aging as of a date before the firm's last ledger row ages every invoice, application,
-- adjustment, payment and refund dated by then: 13-21 s a call at full scale (ADR 0182). The
-- reports ask it as of month and year ends, which lie in the past and rarely change:
-- - dated_aging: that computation (ADR 0131's rules), the one place it is written; the exact
--   path of GET /ledger/aging reads it, and so do the two below;
-- - aging_month_ends: per past month end and client, the buckets and unapplied credit that
--   dated_aging answers, only for the month ends in aging_month_end_marks. The first ask of a
--   month end computes the whole firm once (mark_aging_month_end); from then on the triggers
--   below recompute a client's rows whenever something dated on or before a kept month end
--   changes for it (a backdated payment, a void dated as its payment was). Work dated in the
--   current month touches no kept month end and costs one comparison.
-- One advisory lock per firm orders the first computation against such backdated changes: a
-- change that commits while a month end is computed could otherwise be missed by both.

CREATE OR REPLACE FUNCTION dated_aging(p_organization_id integer, p_as_of date, p_clients integer[], p_partner_id integer)
  RETURNS TABLE (
    client_id integer, current_cents bigint, days_1_30_cents bigint, days_31_60_cents bigint,
    days_61_90_cents bigint, days_over_90_cents bigint, unapplied_cents bigint
  )
  LANGUAGE plpgsql STABLE
  SET search_path = public, pg_temp
  AS $$
BEGIN
  -- Dynamic, so each call is planned with its filter: one client reads its own rows by index,
  -- the firm scans once.
  RETURN QUERY EXECUTE format($sql$
    WITH chosen AS (
      SELECT c.id FROM clients c WHERE c.organization_id = $1 %s %s
    ),
    open_invoices AS (
      SELECT i.client_id, $2 - coalesce(i.due_date, i.issue_date) AS late,
        i.total_cents
        - coalesce((SELECT sum(a.amount_cents) FROM invoice_adjustments a
            WHERE a.organization_id = i.organization_id AND a.invoice_id = i.id AND a.adjustment_date <= $2), 0)
        - coalesce((SELECT sum(pa.amount_cents) FROM payment_applications pa
            JOIN payments p ON p.organization_id = pa.organization_id AND p.id = pa.payment_id
            WHERE pa.organization_id = i.organization_id AND pa.invoice_id = i.id AND p.payment_date <= $2), 0) AS owed
      FROM invoices i JOIN chosen ON chosen.id = i.client_id
      WHERE i.organization_id = $1 AND i.status <> 'draft' AND i.issue_date <= $2
        AND NOT EXISTS (SELECT 1 FROM ar_ledger v WHERE v.organization_id = i.organization_id
          AND v.invoice_id = i.id AND v.kind = 'invoice_void' AND v.entry_date <= $2)
    ),
    buckets AS (
      SELECT o.client_id,
        sum(o.owed) FILTER (WHERE o.late <= 0) AS current_cents,
        sum(o.owed) FILTER (WHERE o.late BETWEEN 1 AND 30) AS days_1_30_cents,
        sum(o.owed) FILTER (WHERE o.late BETWEEN 31 AND 60) AS days_31_60_cents,
        sum(o.owed) FILTER (WHERE o.late BETWEEN 61 AND 90) AS days_61_90_cents,
        sum(o.owed) FILTER (WHERE o.late > 90) AS days_over_90_cents
      FROM open_invoices o GROUP BY o.client_id
    ),
    credits AS (
      SELECT m.client_id, -sum(m.cents) AS unapplied_cents FROM (
        SELECT p.client_id, p.amount_cents
          - coalesce((SELECT sum(pa.amount_cents) FROM payment_applications pa
              JOIN invoices i ON i.organization_id = pa.organization_id AND i.id = pa.invoice_id
              WHERE pa.organization_id = p.organization_id AND pa.payment_id = p.id AND i.issue_date <= $2), 0) AS cents
        FROM payments p JOIN chosen ON chosen.id = p.client_id
        WHERE p.organization_id = $1 AND p.status = 'active' AND p.payment_date <= $2
        UNION ALL
        SELECT r.client_id, -r.amount_cents FROM refunds r JOIN chosen ON chosen.id = r.client_id
        WHERE r.organization_id = $1 AND r.refund_date <= $2
      ) m GROUP BY m.client_id
    ),
    figures AS (
      SELECT chosen.id AS client_id,
        coalesce(b.current_cents, 0)::bigint AS current_cents,
        coalesce(b.days_1_30_cents, 0)::bigint AS days_1_30_cents,
        coalesce(b.days_31_60_cents, 0)::bigint AS days_31_60_cents,
        coalesce(b.days_61_90_cents, 0)::bigint AS days_61_90_cents,
        coalesce(b.days_over_90_cents, 0)::bigint AS days_over_90_cents,
        coalesce(u.unapplied_cents, 0)::bigint AS unapplied_cents
      FROM chosen
      LEFT JOIN buckets b ON b.client_id = chosen.id
      LEFT JOIN credits u ON u.client_id = chosen.id
    )
    SELECT * FROM figures f
    WHERE f.current_cents <> 0 OR f.days_1_30_cents <> 0 OR f.days_31_60_cents <> 0
      OR f.days_61_90_cents <> 0 OR f.days_over_90_cents <> 0 OR f.unapplied_cents <> 0
    $sql$,
    CASE WHEN p_clients IS NULL THEN '' ELSE 'AND c.id = ANY ($3)' END,
    CASE WHEN p_partner_id IS NULL THEN '' ELSE 'AND c.responsible_partner_id = $4' END)
  USING p_organization_id, p_as_of, p_clients, p_partner_id;
END $$;
REVOKE ALL ON FUNCTION dated_aging(integer, date, integer[], integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION dated_aging(integer, date, integer[], integer) TO app_user;

-- A kept month end, with how many clients have a row and the sums of their figures: the firm's
-- count and totals without reading 35,000 rows per call.
CREATE TABLE aging_month_end_marks (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month_end date NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  clients integer NOT NULL DEFAULT 0,
  current_cents bigint NOT NULL DEFAULT 0,
  days_1_30_cents bigint NOT NULL DEFAULT 0,
  days_31_60_cents bigint NOT NULL DEFAULT 0,
  days_61_90_cents bigint NOT NULL DEFAULT 0,
  days_over_90_cents bigint NOT NULL DEFAULT 0,
  unapplied_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, month_end)
);

-- Only clients with a figure that is not zero have a row, as dated_aging answers.
CREATE TABLE aging_month_ends (
  organization_id integer NOT NULL,
  month_end date NOT NULL,
  client_id integer NOT NULL,
  current_cents bigint NOT NULL,
  days_1_30_cents bigint NOT NULL,
  days_31_60_cents bigint NOT NULL,
  days_61_90_cents bigint NOT NULL,
  days_over_90_cents bigint NOT NULL,
  unapplied_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month_end, client_id),
  FOREIGN KEY (organization_id, month_end) REFERENCES aging_month_end_marks (organization_id, month_end),
  FOREIGN KEY (organization_id, client_id) REFERENCES clients (organization_id, id)
);

CREATE OR REPLACE FUNCTION aging_month_ends_lock(p_organization_id integer) RETURNS void
  LANGUAGE sql
  SET search_path = public, pg_temp
  AS $$ SELECT pg_advisory_xact_lock(hashtextextended('aging_month_ends:' || p_organization_id, 0)) $$;

-- Computes and keeps the firm's aging as of a past month end, once; a second caller waits for
-- the first and finds the mark.
CREATE OR REPLACE FUNCTION mark_aging_month_end(p_organization_id integer, p_month_end date) RETURNS void
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM aging_month_ends_lock(p_organization_id);
  IF EXISTS (SELECT 1 FROM aging_month_end_marks m
             WHERE m.organization_id = p_organization_id AND m.month_end = p_month_end) THEN
    RETURN;
  END IF;
  INSERT INTO aging_month_end_marks (organization_id, month_end) VALUES (p_organization_id, p_month_end);
  WITH came AS (
    INSERT INTO aging_month_ends
    SELECT p_organization_id, p_month_end, d.* FROM dated_aging(p_organization_id, p_month_end, NULL, NULL) d
    RETURNING *
  )
  UPDATE aging_month_end_marks m SET
    clients = t.clients, current_cents = t.current_cents, days_1_30_cents = t.days_1_30_cents,
    days_31_60_cents = t.days_31_60_cents, days_61_90_cents = t.days_61_90_cents,
    days_over_90_cents = t.days_over_90_cents, unapplied_cents = t.unapplied_cents
  FROM (
    SELECT count(*) AS clients, coalesce(sum(c.current_cents), 0) AS current_cents,
      coalesce(sum(c.days_1_30_cents), 0) AS days_1_30_cents, coalesce(sum(c.days_31_60_cents), 0) AS days_31_60_cents,
      coalesce(sum(c.days_61_90_cents), 0) AS days_61_90_cents,
      coalesce(sum(c.days_over_90_cents), 0) AS days_over_90_cents, coalesce(sum(c.unapplied_cents), 0) AS unapplied_cents
    FROM came c
  ) t
  WHERE m.organization_id = p_organization_id AND m.month_end = p_month_end;
END $$;
REVOKE ALL ON FUNCTION mark_aging_month_end(integer, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION mark_aging_month_end(integer, date) TO app_user;

-- GET /ledger/aging as of a past month end, as firm_aging answers it (migration 0034): a page of
-- the clients with a row, walked by name (each looked up by key, so the walk stops at the
-- page's last), the count and the totals of every such client, as JSON text. The month end is
-- computed first if it never was. NULL when the day is not before the firm's today: only past
-- month ends are kept. Dynamic, so each filter gets a plan of its own.
CREATE OR REPLACE FUNCTION month_end_aging(
  p_organization_id integer, p_month_end date, p_client_id integer, p_partner_id integer,
  p_limit integer, p_offset integer
) RETURNS text
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
DECLARE
  answer text;
BEGIN
  IF p_month_end >= (SELECT (now() AT TIME ZONE o.time_zone)::date FROM organizations o WHERE o.id = p_organization_id) THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM aging_month_end_marks m
                 WHERE m.organization_id = p_organization_id AND m.month_end = p_month_end) THEN
    PERFORM mark_aging_month_end(p_organization_id, p_month_end);
  END IF;
  -- The firm's count and totals are the mark's; a client or partner sums its own rows.
  EXECUTE format($sql$
    WITH page AS MATERIALIZED (
      SELECT c.id, c.code, c.legal_name FROM clients c
      WHERE c.organization_id = $1 %1$s
        AND (SELECT true FROM aging_month_ends a
             WHERE a.organization_id = $1 AND a.month_end = $2 AND a.client_id = c.id)
      ORDER BY c.legal_name, c.id LIMIT $5 OFFSET $6
    )
    SELECT json_build_object(
      'as_of', to_char($2, 'YYYY-MM-DD'),
      'total', t.clients,
      'totals', json_build_object(
          'current_cents', t.current_cents, 'days_1_30_cents', t.days_1_30_cents,
          'days_31_60_cents', t.days_31_60_cents, 'days_61_90_cents', t.days_61_90_cents,
          'days_over_90_cents', t.days_over_90_cents, 'unapplied_cents', t.unapplied_cents),
      -- A scalar lookup per client of the page: a join would be planned from the table's
      -- statistics, which a month end just computed does not have yet.
      'items', (SELECT json_agg((
          SELECT json_build_object(
            'client_id', p.id, 'code', p.code, 'legal_name', p.legal_name,
            'current_cents', a.current_cents, 'days_1_30_cents', a.days_1_30_cents,
            'days_31_60_cents', a.days_31_60_cents, 'days_61_90_cents', a.days_61_90_cents,
            'days_over_90_cents', a.days_over_90_cents, 'unapplied_cents', a.unapplied_cents)
          FROM aging_month_ends a WHERE a.organization_id = $1 AND a.month_end = $2 AND a.client_id = p.id
        ) ORDER BY p.legal_name, p.id)
        FROM page p)
    )::text
    FROM (%2$s) t
    $sql$,
    CASE WHEN p_client_id IS NULL THEN '' ELSE 'AND c.id = $3' END
      || CASE WHEN p_partner_id IS NULL THEN '' ELSE ' AND c.responsible_partner_id = $4' END,
    CASE WHEN p_client_id IS NULL AND p_partner_id IS NULL THEN
      'SELECT * FROM aging_month_end_marks m WHERE m.organization_id = $1 AND m.month_end = $2'
    ELSE
      'SELECT count(*) AS clients, coalesce(sum(a.current_cents), 0) AS current_cents,
         coalesce(sum(a.days_1_30_cents), 0) AS days_1_30_cents,
         coalesce(sum(a.days_31_60_cents), 0) AS days_31_60_cents,
         coalesce(sum(a.days_61_90_cents), 0) AS days_61_90_cents,
         coalesce(sum(a.days_over_90_cents), 0) AS days_over_90_cents,
         coalesce(sum(a.unapplied_cents), 0) AS unapplied_cents
       FROM aging_month_ends a JOIN clients c ON c.organization_id = a.organization_id AND c.id = a.client_id
       WHERE a.organization_id = $1 AND a.month_end = $2'
        || CASE WHEN p_client_id IS NULL THEN '' ELSE ' AND c.id = $3' END
        || CASE WHEN p_partner_id IS NULL THEN '' ELSE ' AND c.responsible_partner_id = $4' END
    END)
  INTO answer
  USING p_organization_id, p_month_end, p_client_id, p_partner_id, p_limit, p_offset;
  RETURN answer;
END $$;
REVOKE ALL ON FUNCTION month_end_aging(integer, date, integer, integer, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION month_end_aging(integer, date, integer, integer, integer, integer) TO app_user;

-- Recomputes the kept month ends on or after p_from of the clients a change touched.
CREATE OR REPLACE FUNCTION refresh_aging_month_ends(p_organization_id integer, p_clients integer[], p_from date)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
DECLARE
  kept date;
  was record;
  now_is record;
BEGIN
  -- Work dated in the firm's current month reaches no kept month end (they all lie before today).
  IF p_from >= (SELECT date_trunc('month', (now() AT TIME ZONE o.time_zone)::date)::date
                FROM organizations o WHERE o.id = p_organization_id) THEN
    RETURN;
  END IF;
  PERFORM aging_month_ends_lock(p_organization_id);
  FOR kept IN SELECT m.month_end FROM aging_month_end_marks m
              WHERE m.organization_id = p_organization_id AND m.month_end >= p_from ORDER BY m.month_end
  LOOP
    -- The mark's count and sums move by what the clients' rows were and what they are now.
    WITH gone AS (
      DELETE FROM aging_month_ends a
      WHERE a.organization_id = p_organization_id AND a.month_end = kept AND a.client_id = ANY (p_clients)
      RETURNING a.*
    )
    SELECT count(*) AS clients, coalesce(sum(g.current_cents), 0) AS current_cents,
      coalesce(sum(g.days_1_30_cents), 0) AS days_1_30_cents, coalesce(sum(g.days_31_60_cents), 0) AS days_31_60_cents,
      coalesce(sum(g.days_61_90_cents), 0) AS days_61_90_cents,
      coalesce(sum(g.days_over_90_cents), 0) AS days_over_90_cents, coalesce(sum(g.unapplied_cents), 0) AS unapplied_cents
    INTO was FROM gone g;
    WITH came AS (
      INSERT INTO aging_month_ends
      SELECT p_organization_id, kept, d.* FROM dated_aging(p_organization_id, kept, p_clients, NULL) d
      RETURNING *
    )
    SELECT count(*) AS clients, coalesce(sum(c.current_cents), 0) AS current_cents,
      coalesce(sum(c.days_1_30_cents), 0) AS days_1_30_cents, coalesce(sum(c.days_31_60_cents), 0) AS days_31_60_cents,
      coalesce(sum(c.days_61_90_cents), 0) AS days_61_90_cents,
      coalesce(sum(c.days_over_90_cents), 0) AS days_over_90_cents, coalesce(sum(c.unapplied_cents), 0) AS unapplied_cents
    INTO now_is FROM came c;
    UPDATE aging_month_end_marks m SET
      clients = m.clients - was.clients + now_is.clients,
      current_cents = m.current_cents - was.current_cents + now_is.current_cents,
      days_1_30_cents = m.days_1_30_cents - was.days_1_30_cents + now_is.days_1_30_cents,
      days_31_60_cents = m.days_31_60_cents - was.days_31_60_cents + now_is.days_31_60_cents,
      days_61_90_cents = m.days_61_90_cents - was.days_61_90_cents + now_is.days_61_90_cents,
      days_over_90_cents = m.days_over_90_cents - was.days_over_90_cents + now_is.days_over_90_cents,
      unapplied_cents = m.unapplied_cents - was.unapplied_cents + now_is.unapplied_cents
    WHERE m.organization_id = p_organization_id AND m.month_end = kept;
  END LOOP;
END $$;

-- Each table's changed rows as (organization, client, the earliest date the change counts from).
-- An application counts from its payment's date: before it, neither the invoice's balance nor
-- the payment's credit includes it, whatever the invoice's date (a payment of today applied to a
-- two-year-old invoice changes no past month end).
CREATE OR REPLACE FUNCTION keep_aging_month_ends() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
DECLARE
  orgs integer[];
  clients integer[];
  days date[];
  changed record;
BEGIN
  IF TG_TABLE_NAME = 'ar_ledger' THEN
    SELECT array_agg(n.organization_id), array_agg(n.client_id), array_agg(n.entry_date)
    INTO orgs, clients, days FROM new_rows n;
  ELSIF TG_TABLE_NAME = 'invoice_adjustments' THEN
    SELECT array_agg(n.organization_id), array_agg(n.client_id), array_agg(n.adjustment_date)
    INTO orgs, clients, days FROM new_rows n;
  ELSIF TG_TABLE_NAME = 'refunds' THEN
    SELECT array_agg(n.organization_id), array_agg(n.client_id), array_agg(n.refund_date)
    INTO orgs, clients, days FROM new_rows n;
  ELSIF TG_TABLE_NAME = 'payments' AND TG_OP = 'INSERT' THEN
    SELECT array_agg(n.organization_id), array_agg(n.client_id), array_agg(n.payment_date)
    INTO orgs, clients, days FROM new_rows n;
  ELSIF TG_TABLE_NAME = 'payments' THEN
    SELECT array_agg(n.organization_id), array_agg(n.client_id), array_agg(least(o.payment_date, n.payment_date))
    INTO orgs, clients, days
    FROM new_rows n JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id;
  ELSIF TG_TABLE_NAME = 'invoices' THEN
    -- Issuing an invoice, or re-dating or re-totalling an issued one. A payment's update of its
    -- balance and status (pending, partial, paid) changes none of what dated_aging reads, and a
    -- void is dated by its ledger row.
    SELECT array_agg(n.organization_id), array_agg(n.client_id), array_agg(least(o.issue_date, n.issue_date))
    INTO orgs, clients, days
    FROM new_rows n JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
    WHERE (o.status <> 'draft' OR n.status <> 'draft')
      AND ((o.status = 'draft') <> (n.status = 'draft') OR o.issue_date IS DISTINCT FROM n.issue_date
        OR o.due_date IS DISTINCT FROM n.due_date OR o.total_cents IS DISTINCT FROM n.total_cents);
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.organization_id), array_agg(p.client_id), array_agg(p.payment_date)
    INTO orgs, clients, days
    FROM new_rows n JOIN payments p ON p.organization_id = n.organization_id AND p.id = n.payment_id;
  ELSE
    SELECT array_agg(o.organization_id), array_agg(p.client_id), array_agg(p.payment_date)
    INTO orgs, clients, days
    FROM old_rows o JOIN payments p ON p.organization_id = o.organization_id AND p.id = o.payment_id;
  END IF;
  -- Most work is dated in the current month, which no kept month end reaches: a firm's today
  -- is within a day of UTC's, so a day on or after the first of UTC's tomorrow's month is in
  -- every firm's current month or later. Then a firm that never asked for a month end keeps none.
  IF days IS NULL
     OR (SELECT min(d) FROM unnest(days) d) >= date_trunc('month', (now() AT TIME ZONE 'UTC')::date + 1)::date
     OR NOT EXISTS (SELECT 1 FROM aging_month_end_marks) THEN
    RETURN NULL;
  END IF;
  FOR changed IN
    SELECT c.organization_id, array_agg(DISTINCT c.client_id) AS clients, min(c.day) AS day
    FROM unnest(orgs, clients, days) AS c (organization_id, client_id, day)
    WHERE c.day IS NOT NULL GROUP BY c.organization_id ORDER BY c.organization_id
  LOOP
    PERFORM refresh_aging_month_ends(changed.organization_id, changed.clients, changed.day);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER ar_ledger_aging_month_ends AFTER INSERT ON ar_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_aging_month_ends();
CREATE TRIGGER invoice_adjustments_aging_month_ends AFTER INSERT ON invoice_adjustments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_aging_month_ends();
CREATE TRIGGER refunds_aging_month_ends AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_aging_month_ends();
CREATE TRIGGER payments_aging_month_ends_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_aging_month_ends();
CREATE TRIGGER payments_aging_month_ends_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_aging_month_ends();
CREATE TRIGGER invoices_aging_month_ends AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_aging_month_ends();
CREATE TRIGGER payment_applications_aging_month_ends_inserted AFTER INSERT ON payment_applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_aging_month_ends();
CREATE TRIGGER payment_applications_aging_month_ends_deleted AFTER DELETE ON payment_applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_aging_month_ends();
ALTER TABLE ar_ledger ENABLE ALWAYS TRIGGER ar_ledger_aging_month_ends;
ALTER TABLE invoice_adjustments ENABLE ALWAYS TRIGGER invoice_adjustments_aging_month_ends;
ALTER TABLE refunds ENABLE ALWAYS TRIGGER refunds_aging_month_ends;
ALTER TABLE payments ENABLE ALWAYS TRIGGER payments_aging_month_ends_inserted;
ALTER TABLE payments ENABLE ALWAYS TRIGGER payments_aging_month_ends_updated;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_aging_month_ends;
ALTER TABLE payment_applications ENABLE ALWAYS TRIGGER payment_applications_aging_month_ends_inserted;
ALTER TABLE payment_applications ENABLE ALWAYS TRIGGER payment_applications_aging_month_ends_deleted;

GRANT SELECT, INSERT, UPDATE ON aging_month_end_marks TO app_user;
GRANT SELECT, INSERT, DELETE ON aging_month_ends TO app_user;
ALTER TABLE aging_month_end_marks ENABLE ROW LEVEL SECURITY;
ALTER TABLE aging_month_end_marks FORCE ROW LEVEL SECURITY;
ALTER TABLE aging_month_ends ENABLE ROW LEVEL SECURITY;
ALTER TABLE aging_month_ends FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON aging_month_end_marks USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON aging_month_ends USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
