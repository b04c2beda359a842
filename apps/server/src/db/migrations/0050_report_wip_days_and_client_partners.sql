-- The unbilled WIP of the wip-aging report by client and day of the work (issue 17,
-- docs/decisions/0184). The report read every completed billable time entry and expense dated
-- on or before its date, at full scale hundreds of thousands of rows a call (ADR 0176: 86-94 ms
-- alone, no answer under load, ADR 0182). Its figures are sums of the items' values by the age
-- of their day on the report's date, so one row per client and day answers them, and a firm
-- row per day answers the totals and how many clients have WIP on or before the date.
--
-- What counts is what wipAging counts: time entries and expenses with status 'completed' and
-- billable (an item on a draft invoice still counts; issuing sets it 'billed', voiding sets it
-- back), valued at amount_cents (time) or total_cents (expenses), on entry_date or
-- expense_date. Kept exact as 0044 keeps its rollups: statement triggers add the new rows'
-- share and subtract the old rows' (an edit of the date, value, client, status or billable flag
-- moves it; a delete removes it), written out as static statements over arrays of a row type
-- (no EXECUTE, planned once per connection, docs/decisions/0174), ENABLE ALWAYS so bulk loads
-- keep them too. A client's day row is deleted when its last item goes (billing empties most
-- days), so a row exists exactly when the client has WIP that day.
--
-- The firm rows count, per day, the clients whose first WIP day it is: the number of clients
-- with WIP on or before a date is the sum of that count over the days up to it. A writer reads
-- a client's first day before and after its change, so writers of the same client take turns
-- (transaction-scoped advisory locks, in key order, until commit: one per client under the
-- organization's taken shared, or for a statement of many clients the organization's alone,
-- as PgBouncer's transaction pooling allows); the firm rows are kept in 16 stripes by backend
-- pid (as 0044's firm money months) so writers of the same day do not queue on one row.
-- Readers sum the stripes; a rebuild writes stripe 0.

CREATE TABLE report_wip_days (
  organization_id integer NOT NULL REFERENCES organizations (id),
  client_id integer NOT NULL,
  day date NOT NULL,
  items bigint NOT NULL,
  cents bigint NOT NULL,
  PRIMARY KEY (organization_id, client_id, day)
);
-- The rows on or before a date, for a report whose date has little WIP before it.
CREATE INDEX report_wip_days_day ON report_wip_days (organization_id, day);
CREATE TABLE report_wip_firm_days (
  organization_id integer NOT NULL REFERENCES organizations (id),
  day date NOT NULL,
  stripe smallint NOT NULL,
  items bigint NOT NULL,
  cents bigint NOT NULL,
  first_clients bigint NOT NULL,
  PRIMARY KEY (organization_id, day, stripe)
);

CREATE TYPE report_wip_move AS (organization_id integer, client_id integer, day date, items bigint, cents bigint);
CREATE TYPE report_wip_first AS (organization_id integer, client_id integer, day date);

CREATE FUNCTION report_track_wip() RETURNS trigger
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  signed report_wip_move[] := '{}';
  wip_moves report_wip_move[];
  firsts_before report_wip_first[];
  firsts_after report_wip_first[];
BEGIN
  IF TG_TABLE_NAME = 'time_entries' THEN
    IF TG_OP <> 'DELETE' THEN
      signed := ARRAY(SELECT ROW(organization_id, client_id, entry_date, 1, amount_cents)::report_wip_move
        FROM new_rows WHERE status = 'completed' AND billable);
    END IF;
    IF TG_OP <> 'INSERT' THEN
      signed := signed || ARRAY(SELECT ROW(organization_id, client_id, entry_date, -1, -amount_cents)::report_wip_move
        FROM old_rows WHERE status = 'completed' AND billable);
    END IF;
  ELSE
    IF TG_OP <> 'DELETE' THEN
      signed := ARRAY(SELECT ROW(organization_id, client_id, expense_date, 1, total_cents)::report_wip_move
        FROM new_rows WHERE status = 'completed' AND billable);
    END IF;
    IF TG_OP <> 'INSERT' THEN
      signed := signed || ARRAY(SELECT ROW(organization_id, client_id, expense_date, -1, -total_cents)::report_wip_move
        FROM old_rows WHERE status = 'completed' AND billable);
    END IF;
  END IF;
  wip_moves := ARRAY(
    SELECT ROW(organization_id, client_id, day, sum(items), sum(cents))::report_wip_move FROM unnest(signed)
    GROUP BY organization_id, client_id, day HAVING sum(items) <> 0 OR sum(cents) <> 0);
  IF cardinality(wip_moves) = 0 THEN
    RETURN NULL;
  END IF;
  -- Writers of the same client take turns from here to commit. A statement of a few clients
  -- (a save, an issue) locks each (clients are numbered across organizations: the id names
  -- one) under its organization's lock shared; a bulk statement (an import, a seed) takes the
  -- organization's lock alone instead of a lock per client, which could fill the lock table.
  IF (SELECT count(DISTINCT client_id) FROM unnest(wip_moves)) <= 16 THEN
    PERFORM count(pg_advisory_xact_lock_shared(1151, organization_id))
    FROM (SELECT DISTINCT organization_id FROM unnest(wip_moves) ORDER BY 1) o;
    PERFORM count(pg_advisory_xact_lock(1150, client_id))
    FROM (SELECT DISTINCT client_id FROM unnest(wip_moves) ORDER BY 1) c;
  ELSE
    PERFORM count(pg_advisory_xact_lock(1151, organization_id))
    FROM (SELECT DISTINCT organization_id FROM unnest(wip_moves) ORDER BY 1) o;
  END IF;
  firsts_before := ARRAY(
    SELECT ROW(c.organization_id, c.client_id, (SELECT min(d.day) FROM report_wip_days d
        WHERE d.organization_id = c.organization_id AND d.client_id = c.client_id))::report_wip_first
    FROM (SELECT DISTINCT organization_id, client_id FROM unnest(wip_moves)) c);
  INSERT INTO report_wip_days AS d (organization_id, client_id, day, items, cents)
  SELECT organization_id, client_id, day, items, cents FROM unnest(wip_moves) ORDER BY organization_id, client_id, day
  ON CONFLICT (organization_id, client_id, day) DO UPDATE SET items = d.items + excluded.items, cents = d.cents + excluded.cents;
  DELETE FROM report_wip_days d USING unnest(wip_moves) m
  WHERE d.organization_id = m.organization_id AND d.client_id = m.client_id AND d.day = m.day AND d.items = 0;
  firsts_after := ARRAY(
    SELECT ROW(c.organization_id, c.client_id, (SELECT min(d.day) FROM report_wip_days d
        WHERE d.organization_id = c.organization_id AND d.client_id = c.client_id))::report_wip_first
    FROM (SELECT DISTINCT organization_id, client_id FROM unnest(wip_moves)) c);
  INSERT INTO report_wip_firm_days AS f (organization_id, day, stripe, items, cents, first_clients)
  SELECT organization_id, day, (pg_backend_pid() % 16)::smallint, sum(items), sum(cents), sum(first_clients)
  FROM (
    SELECT organization_id, day, items, cents, 0 AS first_clients FROM unnest(wip_moves)
    UNION ALL
    SELECT organization_id, day, 0, 0, -1 FROM unnest(firsts_before) WHERE day IS NOT NULL
    UNION ALL
    SELECT organization_id, day, 0, 0, 1 FROM unnest(firsts_after) WHERE day IS NOT NULL
  ) firm
  GROUP BY organization_id, day HAVING sum(items) <> 0 OR sum(cents) <> 0 OR sum(first_clients) <> 0
  ORDER BY organization_id, day
  ON CONFLICT (organization_id, day, stripe) DO UPDATE SET items = f.items + excluded.items,
    cents = f.cents + excluded.cents, first_clients = f.first_clients + excluded.first_clients;
  RETURN NULL;
END $$;

CREATE TRIGGER time_entries_report_wip_inserted AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_track_wip();
CREATE TRIGGER time_entries_report_wip_updated AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_track_wip();
CREATE TRIGGER time_entries_report_wip_deleted AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_track_wip();
CREATE TRIGGER expenses_report_wip_inserted AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_track_wip();
CREATE TRIGGER expenses_report_wip_updated AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_track_wip();
CREATE TRIGGER expenses_report_wip_deleted AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_track_wip();
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_report_wip_inserted;
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_report_wip_updated;
ALTER TABLE time_entries ENABLE ALWAYS TRIGGER time_entries_report_wip_deleted;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_report_wip_inserted;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_report_wip_updated;
ALTER TABLE expenses ENABLE ALWAYS TRIGGER expenses_report_wip_deleted;

-- The WIP rows of one organization (or all, given NULL) from the source tables: the backfill
-- below, and part of report_rebuild.
CREATE FUNCTION report_rebuild_wip(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM report_wip_days WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  DELETE FROM report_wip_firm_days WHERE p_organization_id IS NULL OR organization_id = p_organization_id;
  INSERT INTO report_wip_days (organization_id, client_id, day, items, cents)
  SELECT organization_id, client_id, day, count(*), sum(cents)
  FROM (
    SELECT organization_id, client_id, entry_date AS day, amount_cents::bigint AS cents FROM time_entries
    WHERE (p_organization_id IS NULL OR organization_id = p_organization_id) AND status = 'completed' AND billable
    UNION ALL
    SELECT organization_id, client_id, expense_date, total_cents::bigint FROM expenses
    WHERE (p_organization_id IS NULL OR organization_id = p_organization_id) AND status = 'completed' AND billable
  ) items
  GROUP BY 1, 2, 3;
  INSERT INTO report_wip_firm_days (organization_id, day, stripe, items, cents, first_clients)
  SELECT organization_id, day, 0, sum(items), sum(cents), sum(first_clients)
  FROM (
    SELECT organization_id, day, items, cents, 0 AS first_clients FROM report_wip_days
    WHERE p_organization_id IS NULL OR organization_id = p_organization_id
    UNION ALL
    SELECT organization_id, min(day), 0, 0, 1 FROM report_wip_days
    WHERE p_organization_id IS NULL OR organization_id = p_organization_id
    GROUP BY organization_id, client_id
  ) firm
  GROUP BY 1, 2;
END $$;
REVOKE ALL ON FUNCTION report_rebuild_wip(integer) FROM PUBLIC;

-- report_rebuild (0046) rebuilds the WIP days too.
CREATE OR REPLACE FUNCTION report_rebuild(p_organization_id integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM report_rebuild_months(p_organization_id);
  PERFORM report_rebuild_years(p_organization_id);
  PERFORM report_rebuild_wip(p_organization_id);
END $$;
REVOKE ALL ON FUNCTION report_rebuild(integer) FROM PUBLIC;

SELECT report_rebuild_wip(NULL);

-- The trigger deletes a client's day when its last item goes, as the writing user.
GRANT SELECT, INSERT, UPDATE, DELETE ON report_wip_days TO app_user;
GRANT SELECT, INSERT, UPDATE ON report_wip_firm_days TO app_user;
ALTER TABLE report_wip_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_wip_days FORCE ROW LEVEL SECURITY;
ALTER TABLE report_wip_firm_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_wip_firm_days FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_wip_days USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
CREATE POLICY tenant_isolation ON report_wip_firm_days USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));

-- Reports by responsible partner (realization's default grouping, and time and WIP by partner)
-- join a period's client rollup rows (about 19,000 a month at full scale) to each client's
-- partner. From the clients table itself that is a scan of every client's whole row (13 ms of
-- 28 for the month's realization); from this index, an index-only scan of (id, partner).
CREATE INDEX clients_partners ON clients (organization_id, id) INCLUDE (responsible_partner_id);
