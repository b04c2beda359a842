-- GET /billing ("View Client Totals", docs/decisions/0138) without reading the firm's time,
-- invoices and ledger on every call: three rollups kept by statement-level triggers in the
-- transaction that changes what they sum, as invoice_day_revenue is (migration 0022).
--   billing_client_wip:  per client, the unbilled WIP now (completed, billable, on no invoice).
--   billing_client_ar:   per client, the sum of its ledger rows (debits - credits).
--   billing_client_days: per client and day, issued non-void invoice totals by issue date
--                        (billed), payments less their voids and refunds by ledger date
--                        (collected), and the net of its ledger rows (for "balance as of today").
-- and the same figures for the whole firm in 16 stripes (by client id), so the firm's totals
-- read a few hundred rows, not one per client, and no single row queues every writer of a firm:
--   billing_org_wip, billing_org_ar, billing_org_days.
-- billing_totals_rebuild(org) recomputes an organization's rows from scratch (POST /billing/refresh).

CREATE TABLE billing_client_wip (
  organization_id integer NOT NULL REFERENCES organizations (id),
  client_id integer NOT NULL,
  minutes bigint NOT NULL,
  cents bigint NOT NULL,
  PRIMARY KEY (organization_id, client_id),
  FOREIGN KEY (organization_id, client_id) REFERENCES clients (organization_id, id) ON DELETE CASCADE
);
CREATE TABLE billing_client_ar (
  organization_id integer NOT NULL REFERENCES organizations (id),
  client_id integer NOT NULL,
  balance_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, client_id),
  FOREIGN KEY (organization_id, client_id) REFERENCES clients (organization_id, id) ON DELETE CASCADE
);
-- Keyed by day first: a period's rows are one range of the primary key.
CREATE TABLE billing_client_days (
  organization_id integer NOT NULL REFERENCES organizations (id),
  day date NOT NULL,
  client_id integer NOT NULL,
  billed_cents bigint NOT NULL,
  collected_cents bigint NOT NULL,
  ledger_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, day, client_id),
  FOREIGN KEY (organization_id, client_id) REFERENCES clients (organization_id, id) ON DELETE CASCADE
);
-- One client's figures of a period (the rows of a page), read from the index alone.
CREATE INDEX billing_client_days_client ON billing_client_days (organization_id, client_id, day)
  INCLUDE (billed_cents, collected_cents, ledger_cents);
CREATE TABLE billing_org_wip (
  organization_id integer NOT NULL REFERENCES organizations (id),
  stripe smallint NOT NULL,
  minutes bigint NOT NULL,
  cents bigint NOT NULL,
  PRIMARY KEY (organization_id, stripe)
);
CREATE TABLE billing_org_ar (
  organization_id integer NOT NULL REFERENCES organizations (id),
  stripe smallint NOT NULL,
  balance_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, stripe)
);
CREATE TABLE billing_org_days (
  organization_id integer NOT NULL REFERENCES organizations (id),
  day date NOT NULL,
  stripe smallint NOT NULL,
  billed_cents bigint NOT NULL,
  collected_cents bigint NOT NULL,
  ledger_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, day, stripe)
);

-- The rows a statement changed, signed: +1 for the new version of a row, -1 for the old one.
CREATE FUNCTION billing_changes(operation text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT CASE operation
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END
$$;

-- Writers hold their organization's lock shared until they commit; a rebuild takes it alone,
-- so it neither misses nor counts twice a change made while it runs. 1138: this ADR's key.
-- (Inlined in each trigger: transition tables are visible in the trigger's own function only.)
CREATE FUNCTION billing_lock_statement(changes text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT format('SELECT count(pg_advisory_xact_lock_shared(1138, organization_id))
    FROM (SELECT DISTINCT organization_id FROM (%s) c ORDER BY 1) o', changes)
$$;

-- time_entries and expenses: TG_ARGV[0] is the value column, TG_ARGV[1] the minutes (or 0).
CREATE FUNCTION billing_track_wip() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changes text := billing_changes(TG_OP);
BEGIN
  EXECUTE billing_lock_statement(changes);
  EXECUTE format(
    'WITH delta AS (
       SELECT organization_id, client_id, sum(sign * %2$s::bigint) AS minutes, sum(sign * %1$I::bigint) AS cents
       FROM (%3$s) c WHERE status = ''completed'' AND billable AND invoice_id IS NULL
       GROUP BY organization_id, client_id
       HAVING sum(sign * %2$s::bigint) <> 0 OR sum(sign * %1$I::bigint) <> 0
     ), clients AS (
       INSERT INTO billing_client_wip AS w (organization_id, client_id, minutes, cents)
       SELECT organization_id, client_id, minutes, cents FROM delta ORDER BY organization_id, client_id
       ON CONFLICT (organization_id, client_id)
       DO UPDATE SET minutes = w.minutes + excluded.minutes, cents = w.cents + excluded.cents
     )
     INSERT INTO billing_org_wip AS o (organization_id, stripe, minutes, cents)
     SELECT organization_id, client_id %% 16, sum(minutes), sum(cents) FROM delta
     GROUP BY organization_id, client_id %% 16 ORDER BY 1, 2
     ON CONFLICT (organization_id, stripe)
     DO UPDATE SET minutes = o.minutes + excluded.minutes, cents = o.cents + excluded.cents',
    TG_ARGV[0], TG_ARGV[1], changes);
  RETURN NULL;
END $$;

-- invoices: billed on the issue date while pending, partial or paid (as invoice_day_revenue).
CREATE FUNCTION billing_track_invoices() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changes text := billing_changes(TG_OP);
BEGIN
  EXECUTE billing_lock_statement(changes);
  EXECUTE format(
    'WITH delta AS (
       SELECT organization_id, issue_date AS day, client_id, sum(sign * total_cents::bigint) AS billed
       FROM (%s) c WHERE status IN (''pending'', ''partial'', ''paid'') AND issue_date IS NOT NULL
       GROUP BY organization_id, issue_date, client_id HAVING sum(sign * total_cents::bigint) <> 0
     ), clients AS (
       INSERT INTO billing_client_days AS d (organization_id, day, client_id, billed_cents, collected_cents, ledger_cents)
       SELECT organization_id, day, client_id, billed, 0, 0 FROM delta ORDER BY organization_id, day, client_id
       ON CONFLICT (organization_id, day, client_id) DO UPDATE SET billed_cents = d.billed_cents + excluded.billed_cents
     )
     INSERT INTO billing_org_days AS o (organization_id, day, stripe, billed_cents, collected_cents, ledger_cents)
     SELECT organization_id, day, client_id %% 16, sum(billed), 0, 0 FROM delta
     GROUP BY organization_id, day, client_id %% 16 ORDER BY 1, 2, 3
     ON CONFLICT (organization_id, day, stripe) DO UPDATE SET billed_cents = o.billed_cents + excluded.billed_cents',
    changes);
  RETURN NULL;
END $$;

-- ar_ledger is append-only (migration 0020): only inserts reach its rollups. Payment voids and
-- edits are dated as the payment was (ADR 0130), so collected on a day = the payments that
-- stand today dated that day, less refunds dated that day.
CREATE FUNCTION billing_track_ledger() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM count(pg_advisory_xact_lock_shared(1138, organization_id))
  FROM (SELECT DISTINCT organization_id FROM new_rows ORDER BY 1) o;
  WITH delta AS (
    SELECT organization_id, entry_date AS day, client_id,
           sum(CASE kind WHEN 'payment' THEN credit_cents WHEN 'payment_void' THEN -debit_cents
                         WHEN 'refund' THEN -debit_cents ELSE 0 END) AS collected,
           sum(debit_cents - credit_cents) AS ledger
    FROM new_rows GROUP BY organization_id, entry_date, client_id
  ), client_balances AS (
    INSERT INTO billing_client_ar AS a (organization_id, client_id, balance_cents)
    SELECT organization_id, client_id, sum(ledger) FROM delta
    GROUP BY organization_id, client_id ORDER BY organization_id, client_id
    ON CONFLICT (organization_id, client_id) DO UPDATE SET balance_cents = a.balance_cents + excluded.balance_cents
  ), firm_balances AS (
    INSERT INTO billing_org_ar AS a (organization_id, stripe, balance_cents)
    SELECT organization_id, client_id % 16, sum(ledger) FROM delta
    GROUP BY organization_id, client_id % 16 ORDER BY 1, 2
    ON CONFLICT (organization_id, stripe) DO UPDATE SET balance_cents = a.balance_cents + excluded.balance_cents
  ), client_days AS (
    INSERT INTO billing_client_days AS d (organization_id, day, client_id, billed_cents, collected_cents, ledger_cents)
    SELECT organization_id, day, client_id, 0, collected, ledger FROM delta ORDER BY organization_id, day, client_id
    ON CONFLICT (organization_id, day, client_id) DO UPDATE
      SET collected_cents = d.collected_cents + excluded.collected_cents,
          ledger_cents = d.ledger_cents + excluded.ledger_cents
  )
  INSERT INTO billing_org_days AS o (organization_id, day, stripe, billed_cents, collected_cents, ledger_cents)
  SELECT organization_id, day, client_id % 16, 0, sum(collected), sum(ledger) FROM delta
  GROUP BY organization_id, day, client_id % 16 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, day, stripe) DO UPDATE
    SET collected_cents = o.collected_cents + excluded.collected_cents,
        ledger_cents = o.ledger_cents + excluded.ledger_cents;
  RETURN NULL;
END $$;

CREATE TRIGGER time_entries_billing_inserted AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip('amount_cents', 'minutes');
CREATE TRIGGER time_entries_billing_updated AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip('amount_cents', 'minutes');
CREATE TRIGGER time_entries_billing_deleted AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip('amount_cents', 'minutes');
CREATE TRIGGER expenses_billing_inserted AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip('total_cents', '0');
CREATE TRIGGER expenses_billing_updated AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip('total_cents', '0');
CREATE TRIGGER expenses_billing_deleted AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_wip('total_cents', '0');
CREATE TRIGGER invoices_billing_inserted AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_invoices();
CREATE TRIGGER invoices_billing_updated AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_invoices();
CREATE TRIGGER invoices_billing_deleted AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_invoices();
CREATE TRIGGER ar_ledger_billing_inserted AFTER INSERT ON ar_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_track_ledger();
-- Bulk loads that switch triggers off (session_replication_role = replica) must keep counting.
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_billing_inserted;
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_billing_updated;
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_billing_deleted;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_billing_inserted;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_billing_updated;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_billing_deleted;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_billing_inserted;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_billing_updated;
ALTER TABLE invoices ENABLE ALWAYS TRIGGER invoices_billing_deleted;
ALTER TABLE ar_ledger ENABLE ALWAYS TRIGGER ar_ledger_billing_inserted;

-- From scratch, for one organization, in the caller's transaction. Run by the app as app_user
-- under row-level security (it reaches its own firm only) and by this migration as the owner.
CREATE FUNCTION billing_totals_rebuild(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1138, p_organization_id);
  DELETE FROM billing_client_wip WHERE organization_id = p_organization_id;
  DELETE FROM billing_client_ar WHERE organization_id = p_organization_id;
  DELETE FROM billing_client_days WHERE organization_id = p_organization_id;
  DELETE FROM billing_org_wip WHERE organization_id = p_organization_id;
  DELETE FROM billing_org_ar WHERE organization_id = p_organization_id;
  DELETE FROM billing_org_days WHERE organization_id = p_organization_id;
  INSERT INTO billing_client_wip (organization_id, client_id, minutes, cents)
  SELECT p_organization_id, client_id, sum(minutes), sum(cents) FROM (
    SELECT client_id, minutes::bigint AS minutes, amount_cents::bigint AS cents FROM time_entries
    WHERE organization_id = p_organization_id AND status = 'completed' AND billable AND invoice_id IS NULL
    UNION ALL
    SELECT client_id, 0, total_cents::bigint FROM expenses
    WHERE organization_id = p_organization_id AND status = 'completed' AND billable AND invoice_id IS NULL
  ) wip GROUP BY client_id;
  INSERT INTO billing_client_ar (organization_id, client_id, balance_cents)
  SELECT p_organization_id, client_id, sum(debit_cents - credit_cents) FROM ar_ledger
  WHERE organization_id = p_organization_id GROUP BY client_id;
  INSERT INTO billing_client_days (organization_id, day, client_id, billed_cents, collected_cents, ledger_cents)
  SELECT p_organization_id, day, client_id, sum(billed), sum(collected), sum(ledger) FROM (
    SELECT issue_date AS day, client_id, total_cents::bigint AS billed, 0::bigint AS collected, 0::bigint AS ledger
    FROM invoices
    WHERE organization_id = p_organization_id AND status IN ('pending', 'partial', 'paid') AND issue_date IS NOT NULL
    UNION ALL
    SELECT entry_date, client_id, 0,
           CASE kind WHEN 'payment' THEN credit_cents WHEN 'payment_void' THEN -debit_cents
                     WHEN 'refund' THEN -debit_cents ELSE 0 END,
           debit_cents - credit_cents
    FROM ar_ledger WHERE organization_id = p_organization_id
  ) moves GROUP BY day, client_id
  -- In day order, so that a period's rows sit together on disk.
  ORDER BY day, client_id;
  INSERT INTO billing_org_wip (organization_id, stripe, minutes, cents)
  SELECT p_organization_id, client_id % 16, sum(minutes), sum(cents) FROM billing_client_wip
  WHERE organization_id = p_organization_id GROUP BY client_id % 16;
  INSERT INTO billing_org_ar (organization_id, stripe, balance_cents)
  SELECT p_organization_id, client_id % 16, sum(balance_cents) FROM billing_client_ar
  WHERE organization_id = p_organization_id GROUP BY client_id % 16;
  INSERT INTO billing_org_days (organization_id, day, stripe, billed_cents, collected_cents, ledger_cents)
  SELECT p_organization_id, day, client_id % 16, sum(billed_cents), sum(collected_cents), sum(ledger_cents)
  FROM billing_client_days WHERE organization_id = p_organization_id GROUP BY day, client_id % 16;
END $$;
REVOKE ALL ON FUNCTION billing_totals_rebuild(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION billing_totals_rebuild(integer) TO app_user;

SELECT billing_totals_rebuild(id) FROM organizations ORDER BY id;

-- Fresh statistics, so the first plans of GET /billing know the sizes.
ANALYZE billing_client_wip, billing_client_ar, billing_client_days, billing_org_wip, billing_org_ar, billing_org_days;

GRANT SELECT, INSERT, UPDATE, DELETE ON billing_client_wip, billing_client_ar, billing_client_days,
  billing_org_wip, billing_org_ar, billing_org_days TO app_user;
ALTER TABLE billing_client_wip ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_client_wip FORCE ROW LEVEL SECURITY;
ALTER TABLE billing_client_ar ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_client_ar FORCE ROW LEVEL SECURITY;
ALTER TABLE billing_client_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_client_days FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON billing_client_wip USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON billing_client_ar USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON billing_client_days USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
ALTER TABLE billing_org_wip ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_org_wip FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON billing_org_wip USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
ALTER TABLE billing_org_ar ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_org_ar FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON billing_org_ar USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
ALTER TABLE billing_org_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_org_days FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON billing_org_days USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
