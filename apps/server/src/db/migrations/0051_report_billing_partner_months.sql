-- The billing rollups by responsible partner and month (issue 17, docs/decisions/0190). The
-- realization report's default grouping, by partner, read the month's client rows (about 19,000
-- at full scale) and joined each to its client for the partner: 296 ms at p95 under load
-- against a budget of 150. A row per partner and month answers it from a few hundred rows.
--
-- ADR 0184: a partner grain must move a client's rows when its partner changes, and lock the
-- client (here an advisory lock, below). Kept exact by two triggers, both written out as 0044
-- writes them (static statements over arrays of row types, plan_cache_mode, ENABLE ALWAYS):
-- - the invoice trigger (0046's, replaced here) adds its billing moves, the ones it adds to the
--   client months, to the partner each client has, read from clients;
-- - a trigger on clients moves a client's billing months (read from 0039's finest grain by
--   its client index; they sum to the client months) from its old partner to its new one.
-- Clients without a partner are partner 0, as the reports' coalesce(responsible_partner_id, 0).
--
-- Concurrency, under READ COMMITTED. A money write W and a partner change P of the same client
-- take turns on a transaction-scoped advisory lock of the client (key 1190; clients are numbered
-- across organizations), held to commit: W shared (money writers do not wait for each other), P
-- alone. W takes it before it writes any rollup and reads the partner in a later statement; P
-- takes it in its trigger, after its UPDATE, and reads the billing months in a later statement,
-- so each reads in a snapshot taken after the other committed or before it wrote:
-- - W first: P waits for W's commit, then reads W's moves in the billing months and moves them
--   from the partner W read (P's old row's: no other change of the partner could commit while
--   W held the lock, and P's own was not committed when W read).
-- - P first: W waits for P's commit, then reads the partner P set; P read the billing months
--   before W wrote any, so moved none of W's moves. If P rolls back, W reads the old partner.
-- Two partner changes of one client take turns on the row lock, the second's old row being the
-- first's new one. Not a row lock on the client: payments hold the client row FOR NO KEY UPDATE
-- before they lock its invoices (docs/decisions/0130), while an issue or a void holds its
-- invoice before the trigger runs, so a lock on the client row there would close a circle. A
-- statement of more than 16 clients takes the organization's lock (key 1191) alone, which the
-- others take shared, so the lock table does not fill. The rows are kept in 16 stripes by
-- backend pid, as 0044's firm money months: a partner's month row is shared by all its
-- clients' issues and payments, which would queue on it from their statement to their commit.
-- Readers sum the stripes; a rebuild writes stripe 0.

CREATE TABLE report_billing_partner_months (
  organization_id integer NOT NULL REFERENCES organizations (id),
  month date NOT NULL,
  partner_id integer NOT NULL,
  stripe smallint NOT NULL,
  standard_cents bigint NOT NULL,
  billed_cents bigint NOT NULL,
  write_up_cents bigint NOT NULL,
  write_down_cents bigint NOT NULL,
  collected_cents bigint NOT NULL,
  PRIMARY KEY (organization_id, month, partner_id, stripe)
);

CREATE TYPE report_client_partner AS (organization_id integer, client_id integer, partner_id integer);
CREATE TYPE report_partner_change AS (organization_id integer, client_id integer, old_partner_id integer,
  new_partner_id integer);

-- Writes must not run while the backfill below reads: invoices (their trigger) and clients
-- (partner changes) wait for this migration to commit, and it for writes already in progress.
LOCK TABLE clients, invoices IN SHARE ROW EXCLUSIVE MODE;

-- 0046's invoice trigger with the partner months after its client years, before the money
-- months, and the clients' partner locks taken before the first rollup is written.
CREATE OR REPLACE FUNCTION report_roll_invoices() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  signed report_invoice_move[] := '{}';
  invoice_moves report_invoice_move[];
  line_moves report_billing_move[];
  partners report_client_partner[];
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
  -- Money writers of a client hold its partner lock shared from here to commit, before any
  -- rollup is written, and read its partner after taking it (see the header). A statement of
  -- many clients (an import, a seed) takes the organization's lock alone instead, as 0050 does.
  IF (SELECT count(DISTINCT client_id) FROM unnest(invoice_moves)) <= 16 THEN
    PERFORM count(pg_advisory_xact_lock_shared(1191, organization_id))
    FROM (SELECT DISTINCT organization_id FROM unnest(invoice_moves) ORDER BY 1) o;
    PERFORM count(pg_advisory_xact_lock_shared(1190, client_id))
    FROM (SELECT DISTINCT client_id FROM unnest(invoice_moves) ORDER BY 1) c;
  ELSE
    PERFORM count(pg_advisory_xact_lock(1191, organization_id))
    FROM (SELECT DISTINCT organization_id FROM unnest(invoice_moves) ORDER BY 1) o;
  END IF;
  partners := ARRAY(
    SELECT ROW(c.organization_id, c.id, coalesce(c.responsible_partner_id, 0))::report_client_partner
    FROM clients c
    WHERE (c.organization_id, c.id) IN (SELECT DISTINCT organization_id, client_id FROM unnest(invoice_moves)));
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
  INSERT INTO report_billing_partner_months AS r (organization_id, month, partner_id, stripe,
    standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT m.organization_id, m.month, p.partner_id, (pg_backend_pid() % 16)::smallint,
    sum(m.standard_cents), sum(m.billed_cents), sum(m.write_up_cents), sum(m.write_down_cents), sum(m.collected_cents)
  FROM unnest(line_moves) m
  JOIN unnest(partners) p ON p.organization_id = m.organization_id AND p.client_id = m.client_id
  GROUP BY 1, 2, 3
  HAVING sum(m.standard_cents) <> 0 OR sum(m.billed_cents) <> 0 OR sum(m.write_up_cents) <> 0
    OR sum(m.write_down_cents) <> 0 OR sum(m.collected_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, month, partner_id, stripe) DO UPDATE SET
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

-- A client's billing months moved from its old partner to its new one. Only a change of the
-- partner moves anything; the client's other edits read nothing.
CREATE FUNCTION report_move_partner() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  changes report_partner_change[];
BEGIN
  changes := ARRAY(
    SELECT ROW(n.organization_id, n.id, coalesce(o.responsible_partner_id, 0),
        coalesce(n.responsible_partner_id, 0))::report_partner_change
    FROM new_rows n JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
    WHERE coalesce(o.responsible_partner_id, 0) <> coalesce(n.responsible_partner_id, 0));
  IF cardinality(changes) = 0 THEN
    RETURN NULL;
  END IF;
  -- The changed clients' partner locks alone (or their organization's, for many clients), so
  -- that the billing months read below hold every money write that read the old partner.
  IF cardinality(changes) <= 16 THEN
    PERFORM count(pg_advisory_xact_lock_shared(1191, organization_id))
    FROM (SELECT DISTINCT organization_id FROM unnest(changes) ORDER BY 1) o;
    PERFORM count(pg_advisory_xact_lock(1190, client_id))
    FROM (SELECT DISTINCT client_id FROM unnest(changes) ORDER BY 1) c;
  ELSE
    PERFORM count(pg_advisory_xact_lock(1191, organization_id))
    FROM (SELECT DISTINCT organization_id FROM unnest(changes) ORDER BY 1) o;
  END IF;
  INSERT INTO report_billing_partner_months AS r (organization_id, month, partner_id, stripe,
    standard_cents, billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT b.organization_id, b.month, side.partner_id, (pg_backend_pid() % 16)::smallint,
    sum(side.sign * b.standard_cents), sum(side.sign * b.billed_cents), sum(side.sign * b.write_up_cents),
    sum(side.sign * b.write_down_cents), sum(side.sign * b.collected_cents)
  FROM unnest(changes) ch
  JOIN report_billing_months b ON b.organization_id = ch.organization_id AND b.client_id = ch.client_id
  CROSS JOIN LATERAL (VALUES (ch.old_partner_id, -1), (ch.new_partner_id, 1)) side (partner_id, sign)
  GROUP BY 1, 2, 3
  HAVING sum(side.sign * b.standard_cents) <> 0 OR sum(side.sign * b.billed_cents) <> 0
    OR sum(side.sign * b.write_up_cents) <> 0 OR sum(side.sign * b.write_down_cents) <> 0
    OR sum(side.sign * b.collected_cents) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, month, partner_id, stripe) DO UPDATE SET
    standard_cents = r.standard_cents + excluded.standard_cents, billed_cents = r.billed_cents + excluded.billed_cents,
    write_up_cents = r.write_up_cents + excluded.write_up_cents, write_down_cents = r.write_down_cents + excluded.write_down_cents,
    collected_cents = r.collected_cents + excluded.collected_cents;
  RETURN NULL;
END $$;

CREATE TRIGGER clients_report_partner_updated AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_move_partner();
ALTER TABLE clients ENABLE ALWAYS TRIGGER clients_report_partner_updated;

-- The partner months of one organization (or all, given NULL) from its client months and its
-- clients' partners now, in stripe 0.
CREATE FUNCTION report_rebuild_partners(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM report_billing_partner_months WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  INSERT INTO report_billing_partner_months (organization_id, month, partner_id, stripe, standard_cents,
    billed_cents, write_up_cents, write_down_cents, collected_cents)
  SELECT b.organization_id, b.month, coalesce(c.responsible_partner_id, 0), 0, sum(b.standard_cents),
    sum(b.billed_cents), sum(b.write_up_cents), sum(b.write_down_cents), sum(b.collected_cents)
  FROM report_billing_client_months b
  JOIN clients c ON c.organization_id = b.organization_id AND c.id = b.client_id
  WHERE p_organization_id IS NULL OR b.organization_id = p_organization_id
  GROUP BY 1, 2, 3;
END $$;
REVOKE ALL ON FUNCTION report_rebuild_partners(integer) FROM PUBLIC;

-- report_rebuild (0050) rebuilds the partner months too, from the client months it has just
-- rebuilt.
CREATE OR REPLACE FUNCTION report_rebuild(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM report_rebuild_months(p_organization_id);
  PERFORM report_rebuild_years(p_organization_id);
  PERFORM report_rebuild_wip(p_organization_id);
  PERFORM report_rebuild_partners(p_organization_id);
END $$;
REVOKE ALL ON FUNCTION report_rebuild(integer) FROM PUBLIC;

SELECT report_rebuild_partners(NULL);

GRANT SELECT, INSERT, UPDATE ON report_billing_partner_months TO app_user;
ALTER TABLE report_billing_partner_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_billing_partner_months FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_billing_partner_months USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
