-- Issue 12 and 13 speed budgets at full scale (docs/decisions/0140).
--
-- 1. client_wip(org, client, as_of): GET /clients/{id}/wip as one plan-cached statement (ADR
--    0089's pattern) that answers the whole JSON document, instead of four statements in a
--    transaction planned afresh on every call.
-- 2. What is owed now, kept by statement-level triggers (the pattern of migrations 0007 and
--    0022), so the aging "as of today" reads a few rows instead of aging every invoice,
--    application and payment of the firm:
--    - client_open: per client, the balance of its open (pending, partial) invoices; a client
--      with none has no row, so the rows are the clients that owe;
--    - firm_open_due: per due date, the firm's open balance, in the 16 stripes of migration
--      0035 (a firm-wide row per date would make every payment and issue of the firm queue);
--    - firm_open_clients: how many rows client_open has, in the same stripes;
--    - client_credit: per client, the unapplied credit (active payments less what they apply,
--      less refunds).
--    The first two are written only by changes of invoices, the third only by changes of
--    payments and refunds: a payment call locks the client's credit row before it locks the
--    invoices it applies to, while a credit memo locks an invoice and then the open rows; with
--    one row for both, the two could wait on each other (docs/decisions/0130's lock order).

CREATE TABLE client_open (
  organization_id integer NOT NULL,
  client_id integer NOT NULL,
  open_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, client_id),
  FOREIGN KEY (organization_id, client_id) REFERENCES clients (organization_id, id)
);

CREATE TABLE firm_open_due (
  organization_id integer NOT NULL REFERENCES organizations (id),
  due_on date NOT NULL,
  stripe smallint NOT NULL,
  open_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, due_on, stripe)
);

-- How many rows client_open has (the clients that owe), in stripes: the firm-wide aging's count
-- without reading 37,000 rows per call.
CREATE TABLE firm_open_clients (
  organization_id integer NOT NULL REFERENCES organizations (id),
  stripe smallint NOT NULL,
  clients integer NOT NULL,
  PRIMARY KEY (organization_id, stripe)
);

CREATE TABLE client_credit (
  organization_id integer NOT NULL,
  client_id integer NOT NULL,
  credit_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, client_id),
  FOREIGN KEY (organization_id, client_id) REFERENCES clients (organization_id, id)
);

-- Each branch names only the transition tables its event has and collects the changes of open
-- balances; keep_open_balances applies them. Rows are upserted in key order, so two statements
-- lock them in the same order; a client whose open balance falls to zero loses its row.
CREATE OR REPLACE FUNCTION keep_open_balances() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH up AS (
      INSERT INTO client_open AS open (organization_id, client_id, open_cents)
    SELECT organization_id, client_id, sum(balance_cents) FROM new_rows WHERE status IN ('pending', 'partial')
    GROUP BY organization_id, client_id HAVING sum(balance_cents) <> 0 ORDER BY organization_id, client_id
    ON CONFLICT (organization_id, client_id) DO UPDATE SET open_cents = open.open_cents + excluded.open_cents
      RETURNING organization_id, (xmax = 0) AS inserted
    )
    INSERT INTO firm_open_clients AS n (organization_id, stripe, clients)
    SELECT organization_id, (pg_backend_pid() % 16)::smallint, count(*) FROM up WHERE inserted
    GROUP BY organization_id ORDER BY organization_id
    ON CONFLICT (organization_id, stripe) DO UPDATE SET clients = n.clients + excluded.clients;
    INSERT INTO firm_open_due AS due (organization_id, due_on, stripe, open_cents)
    SELECT organization_id, coalesce(due_date, issue_date), (pg_backend_pid() % 16)::smallint, sum(balance_cents)
    FROM new_rows WHERE status IN ('pending', 'partial')
    GROUP BY 1, 2, 3 HAVING sum(balance_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, due_on, stripe) DO UPDATE SET open_cents = due.open_cents + excluded.open_cents;
    -- The statement's clients that owe nothing now lose their row (the upsert above locked it).
    WITH gone AS (
      DELETE FROM client_open o USING (SELECT DISTINCT organization_id, client_id FROM new_rows) t
      WHERE o.organization_id = t.organization_id AND o.client_id = t.client_id AND o.open_cents = 0
      RETURNING o.organization_id
    )
    INSERT INTO firm_open_clients AS n (organization_id, stripe, clients)
    SELECT organization_id, (pg_backend_pid() % 16)::smallint, -count(*) FROM gone
    GROUP BY organization_id ORDER BY organization_id
    ON CONFLICT (organization_id, stripe) DO UPDATE SET clients = n.clients + excluded.clients;
  ELSIF TG_OP = 'DELETE' THEN
    WITH up AS (
      INSERT INTO client_open AS open (organization_id, client_id, open_cents)
    SELECT organization_id, client_id, -sum(balance_cents) FROM old_rows WHERE status IN ('pending', 'partial')
    GROUP BY organization_id, client_id HAVING sum(balance_cents) <> 0 ORDER BY organization_id, client_id
    ON CONFLICT (organization_id, client_id) DO UPDATE SET open_cents = open.open_cents + excluded.open_cents
      RETURNING organization_id, (xmax = 0) AS inserted
    )
    INSERT INTO firm_open_clients AS n (organization_id, stripe, clients)
    SELECT organization_id, (pg_backend_pid() % 16)::smallint, count(*) FROM up WHERE inserted
    GROUP BY organization_id ORDER BY organization_id
    ON CONFLICT (organization_id, stripe) DO UPDATE SET clients = n.clients + excluded.clients;
    INSERT INTO firm_open_due AS due (organization_id, due_on, stripe, open_cents)
    SELECT organization_id, coalesce(due_date, issue_date), (pg_backend_pid() % 16)::smallint, -sum(balance_cents)
    FROM old_rows WHERE status IN ('pending', 'partial')
    GROUP BY 1, 2, 3 HAVING sum(balance_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, due_on, stripe) DO UPDATE SET open_cents = due.open_cents + excluded.open_cents;
    -- The statement's clients that owe nothing now lose their row (the upsert above locked it).
    WITH gone AS (
      DELETE FROM client_open o USING (SELECT DISTINCT organization_id, client_id FROM old_rows) t
      WHERE o.organization_id = t.organization_id AND o.client_id = t.client_id AND o.open_cents = 0
      RETURNING o.organization_id
    )
    INSERT INTO firm_open_clients AS n (organization_id, stripe, clients)
    SELECT organization_id, (pg_backend_pid() % 16)::smallint, -count(*) FROM gone
    GROUP BY organization_id ORDER BY organization_id
    ON CONFLICT (organization_id, stripe) DO UPDATE SET clients = n.clients + excluded.clients;
  ELSE
    WITH up AS (
      INSERT INTO client_open AS open (organization_id, client_id, open_cents)
    SELECT organization_id, client_id, sum(cents) FROM (
      SELECT organization_id, client_id, balance_cents AS cents FROM new_rows WHERE status IN ('pending', 'partial')
      UNION ALL
      SELECT organization_id, client_id, -balance_cents FROM old_rows WHERE status IN ('pending', 'partial')
    ) changes
    GROUP BY organization_id, client_id HAVING sum(cents) <> 0 ORDER BY organization_id, client_id
    ON CONFLICT (organization_id, client_id) DO UPDATE SET open_cents = open.open_cents + excluded.open_cents
      RETURNING organization_id, (xmax = 0) AS inserted
    )
    INSERT INTO firm_open_clients AS n (organization_id, stripe, clients)
    SELECT organization_id, (pg_backend_pid() % 16)::smallint, count(*) FROM up WHERE inserted
    GROUP BY organization_id ORDER BY organization_id
    ON CONFLICT (organization_id, stripe) DO UPDATE SET clients = n.clients + excluded.clients;
    INSERT INTO firm_open_due AS due (organization_id, due_on, stripe, open_cents)
    SELECT organization_id, due_on, (pg_backend_pid() % 16)::smallint, sum(cents) FROM (
      SELECT organization_id, coalesce(due_date, issue_date) AS due_on, balance_cents AS cents FROM new_rows
      WHERE status IN ('pending', 'partial')
      UNION ALL
      SELECT organization_id, coalesce(due_date, issue_date), -balance_cents FROM old_rows
      WHERE status IN ('pending', 'partial')
    ) changes
    GROUP BY 1, 2, 3 HAVING sum(cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, due_on, stripe) DO UPDATE SET open_cents = due.open_cents + excluded.open_cents;
    -- The statement's clients that owe nothing now lose their row (the upsert above locked it).
    WITH gone AS (
      DELETE FROM client_open o USING (SELECT DISTINCT organization_id, client_id FROM new_rows) t
      WHERE o.organization_id = t.organization_id AND o.client_id = t.client_id AND o.open_cents = 0
      RETURNING o.organization_id
    )
    INSERT INTO firm_open_clients AS n (organization_id, stripe, clients)
    SELECT organization_id, (pg_backend_pid() % 16)::smallint, -count(*) FROM gone
    GROUP BY organization_id ORDER BY organization_id
    ON CONFLICT (organization_id, stripe) DO UPDATE SET clients = n.clients + excluded.clients;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER invoices_open_inserted AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_open_balances();
CREATE TRIGGER invoices_open_updated AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_open_balances();
CREATE TRIGGER invoices_open_deleted AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_open_balances();
-- Bulk loads that switch triggers off (session_replication_role = replica) must keep them too.
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_open_inserted;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_open_updated;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_open_deleted;

-- The unapplied credit: an active payment adds what it does not apply, a refund takes its amount.
CREATE OR REPLACE FUNCTION keep_client_credit() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'refunds' THEN
    INSERT INTO client_credit AS credit (organization_id, client_id, credit_cents)
    SELECT organization_id, client_id, -sum(amount_cents) FROM new_rows
    GROUP BY organization_id, client_id
    ORDER BY organization_id, client_id
    ON CONFLICT (organization_id, client_id) DO UPDATE SET credit_cents = credit.credit_cents + excluded.credit_cents;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO client_credit AS credit (organization_id, client_id, credit_cents)
    SELECT organization_id, client_id, sum(cents) FROM (
      SELECT organization_id, client_id, (amount_cents - applied_cents) AS cents FROM new_rows WHERE status = 'active'
    ) changes
    GROUP BY organization_id, client_id HAVING sum(cents) <> 0
    ORDER BY organization_id, client_id
    ON CONFLICT (organization_id, client_id) DO UPDATE SET credit_cents = credit.credit_cents + excluded.credit_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO client_credit AS credit (organization_id, client_id, credit_cents)
    SELECT organization_id, client_id, sum(cents) FROM (
      SELECT organization_id, client_id, -(amount_cents - applied_cents) AS cents FROM old_rows WHERE status = 'active'
    ) changes
    GROUP BY organization_id, client_id HAVING sum(cents) <> 0
    ORDER BY organization_id, client_id
    ON CONFLICT (organization_id, client_id) DO UPDATE SET credit_cents = credit.credit_cents + excluded.credit_cents;
  ELSE
    INSERT INTO client_credit AS credit (organization_id, client_id, credit_cents)
    SELECT organization_id, client_id, sum(cents) FROM (
      SELECT organization_id, client_id, (amount_cents - applied_cents) AS cents FROM new_rows WHERE status = 'active'
      UNION ALL SELECT organization_id, client_id, -(amount_cents - applied_cents) AS cents FROM old_rows WHERE status = 'active'
    ) changes
    GROUP BY organization_id, client_id HAVING sum(cents) <> 0
    ORDER BY organization_id, client_id
    ON CONFLICT (organization_id, client_id) DO UPDATE SET credit_cents = credit.credit_cents + excluded.credit_cents;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER payments_credit_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_client_credit();
CREATE TRIGGER payments_credit_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_client_credit();
CREATE TRIGGER payments_credit_deleted AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_client_credit();
-- Refunds are never changed or deleted (migration 0030): only their inserts count.
CREATE TRIGGER refunds_credit_inserted AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_client_credit();
ALTER TABLE payments ENABLE ALWAYS TRIGGER payments_credit_inserted;
ALTER TABLE payments ENABLE ALWAYS TRIGGER payments_credit_updated;
ALTER TABLE payments ENABLE ALWAYS TRIGGER payments_credit_deleted;
ALTER TABLE refunds ENABLE ALWAYS TRIGGER refunds_credit_inserted;

INSERT INTO client_open (organization_id, client_id, open_cents)
SELECT organization_id, client_id, sum(balance_cents) FROM invoices WHERE status IN ('pending', 'partial')
GROUP BY 1, 2 HAVING sum(balance_cents) <> 0;
INSERT INTO firm_open_clients (organization_id, stripe, clients)
SELECT organization_id, 0, count(*) FROM client_open GROUP BY organization_id;
INSERT INTO firm_open_due (organization_id, due_on, stripe, open_cents)
SELECT organization_id, coalesce(due_date, issue_date), 0, sum(balance_cents) FROM invoices
WHERE status IN ('pending', 'partial')
GROUP BY 1, 2 HAVING sum(balance_cents) <> 0;
INSERT INTO client_credit (organization_id, client_id, credit_cents)
SELECT organization_id, client_id, sum(cents) FROM (
  SELECT organization_id, client_id, amount_cents - applied_cents AS cents FROM payments WHERE status = 'active'
  UNION ALL SELECT organization_id, client_id, -amount_cents FROM refunds
) moves
GROUP BY 1, 2 HAVING sum(cents) <> 0;

GRANT SELECT, INSERT, UPDATE, DELETE ON client_open TO app_user;
GRANT SELECT, INSERT, UPDATE ON firm_open_due, firm_open_clients, client_credit TO app_user;
ALTER TABLE client_open ENABLE ROW LEVEL SECURITY;
ALTER TABLE client_open FORCE ROW LEVEL SECURITY;
ALTER TABLE firm_open_due ENABLE ROW LEVEL SECURITY;
ALTER TABLE firm_open_due FORCE ROW LEVEL SECURITY;
ALTER TABLE firm_open_clients ENABLE ROW LEVEL SECURITY;
ALTER TABLE firm_open_clients FORCE ROW LEVEL SECURITY;
ALTER TABLE client_credit ENABLE ROW LEVEL SECURITY;
ALTER TABLE client_credit FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON client_open USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON firm_open_due USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON firm_open_clients USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON client_credit USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));

-- GET /clients/{id}/wip in one statement (the answer of wip.service.ts, as JSON text); NULL
-- when the client is not the organization's. The view fields are those of time-entry-view.ts
-- and expense-view.ts.
CREATE OR REPLACE FUNCTION client_wip(p_organization_id integer, p_client_id integer, p_as_of date)
  RETURNS text
  LANGUAGE plpgsql STABLE
  SET search_path = public, pg_temp
  AS $$
DECLARE
  answer text;
BEGIN
  SELECT json_build_object(
      'client', json_build_object('id', c.id, 'client_id', c.code, 'legal_name', c.legal_name,
        'payment_terms_days', c.payment_terms_days, 'invoice_email', c.invoice_email),
      'write_spread', o.write_spread,
      'time_entries', coalesce(t.items, '[]'::json),
      'expenses', coalesce(e.items, '[]'::json),
      'totals', json_build_object('minutes', coalesce(t.minutes, 0), 'time_cents', coalesce(t.cents, 0),
        'expense_cents', coalesce(e.cents, 0), 'total_cents', coalesce(t.cents, 0) + coalesce(e.cents, 0))
    )::text
  INTO answer
  FROM clients c
  JOIN organizations o ON o.id = c.organization_id
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object(
        'id', te.id, 'user_id', te.user_id,
        'user', json_build_object('id', te.user_id,
          'name', coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.username)),
        'client_id', te.client_id,
        'client', json_build_object('id', c.id, 'client_id', c.code, 'legal_name', c.legal_name),
        'activity_type_id', te.activity_type_id,
        'activity_type', json_build_object('id', a.id, 'name', a.name, 'code', a.code),
        'entry_date', te.entry_date, 'minutes', te.minutes,
        'hours', (round(te.minutes * 100 / 60.0) / 100)::float8,
        'narrative', te.narrative, 'billable', te.billable, 'status', te.status, 'rate_cents', te.rate_cents,
        'rate_source', te.rate_source, 'amount_cents', te.amount_cents, 'invoice_id', te.invoice_id,
        'version', te.version,
        'created_at', to_char(te.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'updated_at', to_char(te.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) ORDER BY te.entry_date, te.id) AS items,
      sum(te.minutes) AS minutes, sum(te.amount_cents) AS cents
    FROM time_entries te
    JOIN users u ON u.organization_id = te.organization_id AND u.id = te.user_id
    JOIN activity_types a ON a.organization_id = te.organization_id AND a.id = te.activity_type_id
    WHERE te.organization_id = p_organization_id AND te.client_id = p_client_id AND te.status = 'completed'
      AND te.billable AND te.invoice_id IS NULL AND (p_as_of IS NULL OR te.entry_date <= p_as_of)
  ) t ON true
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object(
        'id', x.id, 'user_id', x.user_id,
        'user', json_build_object('id', x.user_id,
          'name', coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.username)),
        'client_id', x.client_id,
        'client', json_build_object('id', c.id, 'client_id', c.code, 'legal_name', c.legal_name),
        'expense_date', x.expense_date, 'category', x.category, 'description', x.description,
        'amount_cents', x.amount_cents,
        'miles', CASE WHEN x.distance_tenths IS NULL THEN NULL ELSE (x.distance_tenths / 10.0)::float8 END,
        'mileage_rate_mills', x.mileage_rate_mills, 'billable', x.billable,
        'markup_basis_points', x.markup_basis_points, 'markup_cents', x.total_cents - x.amount_cents,
        'total_cents', x.total_cents, 'status', x.status, 'invoice_id', x.invoice_id,
        'receipt', CASE WHEN x.receipt_file IS NULL THEN NULL ELSE json_build_object(
          'content_type', coalesce(x.receipt_content_type, 'application/octet-stream'),
          'size', coalesce(x.receipt_size, 0), 'name', coalesce(x.receipt_name, 'receipt')) END,
        'version', x.version,
        'created_at', to_char(x.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'updated_at', to_char(x.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) ORDER BY x.expense_date, x.id) AS items,
      sum(x.total_cents) AS cents
    FROM expenses x
    JOIN users u ON u.organization_id = x.organization_id AND u.id = x.user_id
    WHERE x.organization_id = p_organization_id AND x.client_id = p_client_id AND x.status = 'completed'
      AND x.billable AND x.invoice_id IS NULL AND (p_as_of IS NULL OR x.expense_date <= p_as_of)
  ) e ON true
  WHERE c.organization_id = p_organization_id AND c.id = p_client_id;
  RETURN answer;
END $$;
REVOKE ALL ON FUNCTION client_wip(integer, integer, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION client_wip(integer, integer, date) TO app_user;

-- GET /ledger/aging of the whole firm when nothing is dated after the day asked (ADR 0140): a
-- page of the clients that owe, walked by name (each client's open balance and credit looked up
-- by key, so the walk stops at the page's last), their buckets from their open invoices, the
-- firm's totals from firm_open_due and client_credit. One plan-cached statement (ADR 0089):
-- planned afresh, it cost more than it ran. `current` is false when a ledger row is dated
-- after the day: then the caller ages the dated rows instead.
CREATE OR REPLACE FUNCTION firm_aging(p_organization_id integer, p_as_of date, p_limit integer, p_offset integer)
  RETURNS text
  LANGUAGE plpgsql STABLE
  SET search_path = public, pg_temp
  AS $$
DECLARE
  answer text;
  day date;
BEGIN
  SELECT coalesce(p_as_of, (now() AT TIME ZONE o.time_zone)::date) INTO day
  FROM organizations o WHERE o.id = p_organization_id;
  WITH page AS MATERIALIZED (
    SELECT c.id, c.code, c.legal_name, coalesce(b.credit_cents, 0) AS credit_cents
    FROM clients c
    CROSS JOIN LATERAL (
      SELECT (SELECT o.open_cents FROM client_open o
               WHERE o.organization_id = p_organization_id AND o.client_id = c.id) AS open_cents,
             (SELECT k.credit_cents FROM client_credit k
               WHERE k.organization_id = p_organization_id AND k.client_id = c.id) AS credit_cents
    ) b
    WHERE c.organization_id = p_organization_id
      AND (coalesce(b.open_cents, 0) <> 0 OR coalesce(b.credit_cents, 0) <> 0)
    ORDER BY c.legal_name, c.id LIMIT p_limit OFFSET p_offset
  ), page_open AS MATERIALIZED (
    SELECT i.client_id, day - coalesce(i.due_date, i.issue_date) AS late, i.balance_cents AS owed
    FROM invoices i
    WHERE i.organization_id = p_organization_id AND i.status IN ('pending', 'partial')
      AND i.client_id IN (SELECT id FROM page)
  )
  SELECT json_build_object(
    'as_of', to_char(day, 'YYYY-MM-DD'),
    'current', (SELECT coalesce(max(l.entry_date) <= day, true) FROM ar_ledger l
                WHERE l.organization_id = p_organization_id),
    'total', (SELECT coalesce(sum(n.clients), 0) FROM firm_open_clients n WHERE n.organization_id = p_organization_id)
      + (SELECT count(*) FROM client_credit k WHERE k.organization_id = p_organization_id AND k.credit_cents <> 0
           AND NOT EXISTS (SELECT 1 FROM client_open o WHERE o.organization_id = p_organization_id
             AND o.client_id = k.client_id AND o.open_cents <> 0)),
    'totals', (
      SELECT json_build_object(
        'current_cents', coalesce(sum(f.open_cents) FILTER (WHERE day - f.due_on <= 0), 0),
        'days_1_30_cents', coalesce(sum(f.open_cents) FILTER (WHERE day - f.due_on BETWEEN 1 AND 30), 0),
        'days_31_60_cents', coalesce(sum(f.open_cents) FILTER (WHERE day - f.due_on BETWEEN 31 AND 60), 0),
        'days_61_90_cents', coalesce(sum(f.open_cents) FILTER (WHERE day - f.due_on BETWEEN 61 AND 90), 0),
        'days_over_90_cents', coalesce(sum(f.open_cents) FILTER (WHERE day - f.due_on > 90), 0),
        'unapplied_cents', (SELECT coalesce(-sum(k.credit_cents), 0) FROM client_credit k
                            WHERE k.organization_id = p_organization_id))
      FROM firm_open_due f WHERE f.organization_id = p_organization_id),
    'items', (
      SELECT json_agg(json_build_object(
          'client_id', p.id, 'code', p.code, 'legal_name', p.legal_name,
          'current_cents', coalesce((SELECT sum(po.owed) FROM page_open po WHERE po.client_id = p.id AND po.late <= 0), 0),
          'days_1_30_cents', coalesce((SELECT sum(po.owed) FROM page_open po
                                       WHERE po.client_id = p.id AND po.late BETWEEN 1 AND 30), 0),
          'days_31_60_cents', coalesce((SELECT sum(po.owed) FROM page_open po
                                        WHERE po.client_id = p.id AND po.late BETWEEN 31 AND 60), 0),
          'days_61_90_cents', coalesce((SELECT sum(po.owed) FROM page_open po
                                        WHERE po.client_id = p.id AND po.late BETWEEN 61 AND 90), 0),
          'days_over_90_cents', coalesce((SELECT sum(po.owed) FROM page_open po
                                          WHERE po.client_id = p.id AND po.late > 90), 0),
          'unapplied_cents', -p.credit_cents
        ) ORDER BY p.legal_name, p.id)
      FROM page p)
  )::text INTO answer;
  RETURN answer;
END $$;
REVOKE ALL ON FUNCTION firm_aging(integer, date, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION firm_aging(integer, date, integer, integer) TO app_user;

-- The planner's first look at the new tables (a migration runs in a transaction: no VACUUM).
ANALYZE client_open, firm_open_due, firm_open_clients, client_credit;
