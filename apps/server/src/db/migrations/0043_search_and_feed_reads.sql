-- The dashboard's activity feed and the global search at full scale (docs/decisions/0173).
--
-- The feed reads each kind of change newest first as its own index range, cut at the rows the
-- page needs, instead of walking the whole log back and filtering: a timekeeper who sees only
-- his own time would otherwise read the firm's history back until it held a page of his rows.
-- Both indexes hold only the rows the feed can show.
CREATE INDEX audit_log_feed ON audit_log (organization_id, entity, id)
  WHERE action IN ('create', 'update', 'delete') AND entity IN ('time_entry', 'expense', 'activity_type', 'client');
-- The owner is the snapshot's user_id as text, so no audit row can fail to be written for a
-- value that is not a number.
CREATE INDEX audit_log_feed_owner ON audit_log (organization_id, (coalesce(after, before) ->> 'user_id'), id)
  WHERE action IN ('create', 'update', 'delete') AND entity IN ('time_entry', 'expense');

-- Under row-level security the JSON operator, not leakproof, cannot be an index condition
-- (ADR 0062), so one person's time and expense changes are read here, as the owner, for
-- current_org_id() only. A plain query: one plan fits every person, kept per session.
CREATE FUNCTION activity_feed_owner_ids(owner_id integer, max_rows integer)
  RETURNS SETOF bigint
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 200
  AS $$
BEGIN
  RETURN QUERY
    SELECT id FROM audit_log
    WHERE organization_id = current_org_id()
      AND action IN ('create', 'update', 'delete') AND entity IN ('time_entry', 'expense')
      AND coalesce(after, before) ->> 'user_id' = owner_id::text
    ORDER BY id DESC LIMIT max_rows;
END $$;
REVOKE ALL ON FUNCTION activity_feed_owner_ids(integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION activity_feed_owner_ids(integer, integer) TO app_user;

-- The search's clients by code, legal name or DBA: the first max_rows by name, not every match
-- (client_list_matching returns all of them for the client list's count and pages). A common
-- term is read in name order until max_rows match, a rare one through the trigram index.
CREATE FUNCTION search_client_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 10
  AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM clients
     WHERE organization_id = (SELECT current_org_id()) AND search_key LIKE lower($1)
     ORDER BY legal_name, id LIMIT $2'
    USING pattern, max_rows;
END $$;
REVOKE ALL ON FUNCTION search_client_ids(text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION search_client_ids(text, integer) TO app_user;

-- Migration 0040's lookups, as before but for two things: the organization is computed once per
-- call, not once per candidate row (the trigram indexes hold no organization, so the test is a
-- filter), and the planner is told they return few rows, so their ids are joined through the
-- primary key instead of hashed against every client or invoice of the firm.
CREATE OR REPLACE FUNCTION search_contact_client_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 10
  AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT DISTINCT client_id FROM client_contacts
     WHERE organization_id = (SELECT current_org_id()) AND lower(name) LIKE lower($1) LIMIT $2'
    USING pattern, max_rows;
END $$;

CREATE OR REPLACE FUNCTION search_invoice_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 10
  AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM invoices
     WHERE organization_id = (SELECT current_org_id()) AND number ILIKE $1 ORDER BY id DESC LIMIT $2'
    USING pattern, max_rows;
END $$;
