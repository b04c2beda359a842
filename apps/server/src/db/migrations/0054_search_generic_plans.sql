-- GET /api/search with plans each pooled connection keeps for good (docs/decisions/0196). A
-- PL/pgSQL statement is planned again on every call while the plan cache holds its custom plans
-- cheaper than the generic one, and an EXECUTE is planned on every call: a profile of the search
-- under load spent about a seventh of the database's time in the planner. Every statement of the
-- search is written to be right with a generic plan (found ids matched as arrays, trigram
-- lookups fenced from the ORDER BY ... LIMIT that would tempt the planner into a walk in name
-- order), so the functions are told to keep their generic plans.

-- A contact's name in lower case, stored: the contacts' walk lower-cased 2,000 names on every
-- search that reached it (lower() in UTF-8 goes through wide characters: half the walk's time).
ALTER TABLE client_contacts ADD COLUMN search_name text GENERATED ALWAYS AS (lower(name)) STORED;
DROP INDEX client_contacts_client_name;
CREATE INDEX client_contacts_client_name ON client_contacts (organization_id, client_id) INCLUDE (search_name);
DROP INDEX client_contacts_name_trgm;
CREATE INDEX client_contacts_name_trgm ON client_contacts USING gin (search_name gin_trgm_ops);

-- The walks of ADR 0194, the clients' one continued for common terms; the fallbacks to the
-- trigram indexes are static statements where they were EXECUTEd to be planned for their pattern.
CREATE OR REPLACE FUNCTION search_client_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  SET plan_cache_mode = force_generic_plan
  ROWS 10
  AS $$
DECLARE
  v_org integer := current_org_id();
  v_needle text := lower(pattern);
  v_found integer[];
BEGIN
  v_found := ARRAY(
    SELECT w.id FROM (
      SELECT c.id, c.search_key FROM clients c WHERE c.organization_id = v_org ORDER BY c.legal_name, c.id LIMIT 2000
    ) w
    WHERE w.search_key LIKE v_needle LIMIT max_rows);
  -- A few matches among the first 2,000 names say the term is common but rarer there than
  -- further on (names in alphabetical order): the next 6,000 names hold the rest of the first
  -- max_rows far more cheaply than the trigram index, which would read every match (up to 900
  -- rows at full scale for a trade word) to sort them by name. The rows are the same either way.
  IF cardinality(v_found) >= 3 AND cardinality(v_found) < max_rows THEN
    v_found := v_found || ARRAY(
      SELECT w.id FROM (
        SELECT c.id, c.search_key FROM clients c WHERE c.organization_id = v_org
        ORDER BY c.legal_name, c.id OFFSET 2000 LIMIT 6000
      ) w
      WHERE w.search_key LIKE v_needle LIMIT max_rows - cardinality(v_found));
  END IF;
  IF cardinality(v_found) < max_rows THEN
    v_found := ARRAY(
      SELECT m.id FROM (
        SELECT c.id, c.legal_name FROM clients c WHERE c.organization_id = v_org AND c.search_key LIKE v_needle OFFSET 0
      ) m
      ORDER BY m.legal_name, m.id LIMIT max_rows);
  END IF;
  RETURN QUERY SELECT unnest(v_found);
END $$;

CREATE OR REPLACE FUNCTION search_contact_client_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  SET plan_cache_mode = force_generic_plan
  ROWS 10
  AS $$
DECLARE
  v_org integer := current_org_id();
  v_needle text := lower(pattern);
  v_found integer[];
BEGIN
  v_found := ARRAY(
    SELECT DISTINCT w.client_id FROM (
      SELECT cc.client_id, cc.search_name FROM client_contacts cc WHERE cc.organization_id = v_org
      ORDER BY cc.client_id LIMIT 2000
    ) w
    WHERE w.search_name LIKE v_needle LIMIT max_rows);
  IF cardinality(v_found) < max_rows THEN
    v_found := ARRAY(
      SELECT DISTINCT m.client_id FROM (
        SELECT cc.client_id FROM client_contacts cc
        WHERE cc.organization_id = v_org AND cc.search_name LIKE v_needle OFFSET 0
      ) m
      LIMIT max_rows);
  END IF;
  RETURN QUERY SELECT unnest(v_found);
END $$;

CREATE OR REPLACE FUNCTION search_invoice_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  v_org integer := current_org_id();
BEGIN
  RETURN QUERY
    SELECT m.id FROM (
      SELECT i.id FROM invoices i WHERE i.organization_id = v_org AND i.number ILIKE pattern OFFSET 0
    ) m
    ORDER BY m.id DESC LIMIT max_rows;
END $$;

-- GET /api/search's rows, as in migration 0052, with five changes (ADR 0196):
-- - SECURITY DEFINER, as the id lookups it calls: every read names the organization itself
--   (organization_id = v_org, v_org from current_org_id(), the signed tenant binding), so
--   row-level security no longer adds its own current_org_id() check to each of the about 16
--   tables read (the feed's included); without a binding it answers nothing (v_org is NULL).
-- - Narratives are matched with strpos on the lower-cased text: ILIKE in UTF-8 lower-cases the
--   pattern again for every row.
-- - The feed's page is answered whole, and only when the firm's latest audit id differs from
--   p_feed_known (the page the server kept); the server matches the term in it.
-- - A contact is matched on its stored lower-case name.
-- - Of the time entries found for a reader who sees everyone's, only the p_max latest are read
--   in full (it read all of them, up to 60, to keep 10); the invoices found are ranked before
--   their clients are read (it read the client of each of up to 60).
DROP FUNCTION search_view(integer, text, text, integer, boolean, boolean, boolean, boolean, boolean, boolean, boolean);
CREATE FUNCTION search_view(
  p_user_id integer, p_term text, p_pattern text, p_max integer, p_everyone boolean, p_feed_clients boolean,
  p_clients boolean, p_users boolean, p_entries boolean, p_invoices boolean, p_activities boolean, p_feed_known bigint
)
  RETURNS json
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  SET plan_cache_mode = force_generic_plan
  AS $$
DECLARE
  v_org integer := current_org_id();
  v_needle text := lower(p_term);
  v_lower_pattern text := lower(p_pattern);
  v_client_ids integer[] := '{}';
  v_name_ids integer[] := '{}';
  v_contact_ids integer[] := '{}';
  v_clients json := '[]';
  v_users json := '[]';
  v_entries json := '[]';
  v_invoices json := '[]';
  v_activities json;
  v_feed_latest bigint;
  v_feed_settled boolean;
BEGIN
  IF p_clients OR p_entries OR p_invoices THEN
    v_name_ids := ARRAY(SELECT search_client_ids(p_pattern, p_max));
    -- Contacts' clients come after the name matches: with p_max of those, none would be shown.
    IF cardinality(v_name_ids) < p_max THEN
      v_contact_ids := ARRAY(SELECT search_contact_client_ids(p_pattern, p_max));
    END IF;
  END IF;
  IF cardinality(v_name_ids) > 0 AND cardinality(v_contact_ids) = 0 THEN
    SELECT coalesce(array_agg(c.id ORDER BY c.legal_name, c.id), '{}'),
           coalesce(json_agg(json_build_object(
             'id', c.id, 'code', c.code, 'legal_name', c.legal_name, 'dba', c.dba, 'status', c.status,
             'updated_at', c.updated_at, 'contact', NULL) ORDER BY c.legal_name, c.id), '[]')
    INTO v_client_ids, v_clients
    FROM clients c
    WHERE c.organization_id = v_org AND c.id = ANY (v_name_ids);
  ELSIF cardinality(v_contact_ids) > 0 THEN
    SELECT coalesce(array_agg(h.id ORDER BY h.grp, h.pos), '{}'),
           coalesce(json_agg(json_build_object(
             'id', h.id, 'code', h.code, 'legal_name', h.legal_name, 'dba', h.dba, 'status', h.status,
             'updated_at', h.updated_at, 'contact', h.contact) ORDER BY h.grp, h.pos), '[]')
    INTO v_client_ids, v_clients
    FROM (
      SELECT f.* FROM (
        SELECT DISTINCT ON (b.id) b.* FROM (
          (SELECT c.id, c.code, c.legal_name, c.dba, c.status, c.updated_at, NULL::text AS contact, 1 AS grp,
                  row_number() OVER (ORDER BY c.legal_name, c.id) AS pos
           FROM clients c
           WHERE c.organization_id = v_org AND c.id = ANY (v_name_ids)
           ORDER BY c.legal_name, c.id LIMIT p_max)
          UNION ALL
          (SELECT c.id, c.code, c.legal_name, c.dba, c.status, c.updated_at,
                  (SELECT cc.name FROM client_contacts cc
                   WHERE cc.organization_id = c.organization_id AND cc.client_id = c.id
                     AND cc.search_name LIKE v_lower_pattern ORDER BY cc.position LIMIT 1),
                  2, row_number() OVER (ORDER BY c.legal_name, c.id)
           FROM clients c
           WHERE c.organization_id = v_org AND c.id = ANY (v_contact_ids)
           ORDER BY c.legal_name, c.id LIMIT p_max)
        ) b
        ORDER BY b.id, b.grp
      ) f
      ORDER BY f.grp, f.pos LIMIT p_max
    ) h;
  END IF;

  IF p_users THEN
    SELECT coalesce(json_agg(json_build_object(
             'id', m.id, 'username', m.username, 'email', m.email, 'first_name', m.first_name,
             'last_name', m.last_name, 'active', m.active, 'created_at', m.created_at)
             ORDER BY m.active DESC, m.last_name, m.first_name, m.id), '[]')
    INTO v_users
    FROM (
      SELECT u.id, u.username, u.email, u.first_name, u.last_name, u.active, u.created_at FROM users u
      WHERE u.organization_id = v_org
        AND u.search_key LIKE v_lower_pattern
      ORDER BY u.active DESC, u.last_name, u.first_name, u.id
      LIMIT p_max
    ) m;
  END IF;

  IF p_entries AND p_everyone THEN
    -- The window is read newest first and left at the first p_max matches; only the p_max
    -- latest of the found entries are read in full.
    WITH followed AS (SELECT v_client_ids[1:5] AS ids),
    found AS (
      (SELECT w.id, w.entry_date FROM (
         SELECT t.id, t.client_id, t.narrative, t.entry_date FROM time_entries t
         WHERE t.organization_id = v_org ORDER BY t.id DESC LIMIT 300
       ) w, followed
       WHERE w.client_id = ANY (followed.ids) OR strpos(lower(w.narrative), v_needle) > 0
       ORDER BY w.id DESC LIMIT p_max)
      UNION
      SELECT e.id, e.entry_date FROM followed CROSS JOIN LATERAL unnest(followed.ids) AS matched(client_id)
      CROSS JOIN LATERAL (
        SELECT t.id, t.entry_date FROM time_entries t
        WHERE t.organization_id = v_org AND t.client_id = matched.client_id
        ORDER BY t.entry_date DESC LIMIT p_max
      ) e
    )
    SELECT coalesce(json_agg(json_build_object(
             'id', x.id, 'narrative', x.narrative, 'entry_date', x.entry_date, 'minutes', x.minutes,
             'status', x.status, 'client_code', x.code, 'client_name', x.legal_name)
             ORDER BY x.entry_date DESC, x.id DESC), '[]')
    INTO v_entries
    FROM (
      SELECT t.id, t.narrative, t.entry_date, t.minutes, t.status, c.code, c.legal_name
      FROM time_entries t
      JOIN clients c ON c.organization_id = t.organization_id AND c.id = t.client_id
      WHERE t.organization_id = v_org
        AND t.id = ANY (ARRAY(SELECT found.id FROM found ORDER BY found.entry_date DESC, found.id DESC LIMIT p_max))
    ) x;
  ELSIF p_entries THEN
    SELECT coalesce(json_agg(json_build_object(
             'id', x.id, 'narrative', x.narrative, 'entry_date', x.entry_date, 'minutes', x.minutes,
             'status', x.status, 'client_code', x.code, 'client_name', x.legal_name)
             ORDER BY x.entry_date DESC, x.id DESC), '[]')
    INTO v_entries
    FROM (
      SELECT t.id, t.narrative, t.entry_date, t.minutes, t.status, c.code, c.legal_name
      FROM time_entries t
      JOIN clients c ON c.organization_id = t.organization_id AND c.id = t.client_id
      WHERE t.organization_id = v_org AND t.id = ANY (ARRAY(
        SELECT w.id FROM (
          SELECT o.id, o.entry_date, o.client_id, o.narrative FROM time_entries o
          WHERE o.organization_id = v_org AND o.user_id = p_user_id
          ORDER BY o.entry_date DESC, o.id DESC LIMIT 300
        ) w
        WHERE w.client_id = ANY (v_client_ids) OR strpos(lower(w.narrative), v_needle) > 0
        ORDER BY w.entry_date DESC, w.id DESC LIMIT p_max
      ))
      ORDER BY t.entry_date DESC, t.id DESC
    ) x;
  END IF;

  IF p_invoices THEN
    WITH found AS (
      SELECT s.id FROM search_invoice_ids(p_pattern, p_max) AS s(id)
      UNION
      SELECT i.id FROM unnest(v_client_ids[1:5]) AS matched(client_id)
      CROSS JOIN LATERAL (
        SELECT v.id FROM invoices v
        WHERE v.organization_id = v_org AND v.client_id = matched.client_id
        ORDER BY v.issue_date DESC NULLS FIRST, v.id DESC LIMIT p_max
      ) i
    )
    SELECT coalesce(json_agg(json_build_object(
             'id', x.id, 'number', x.number, 'status', x.status, 'issue_date', x.issue_date,
             'created_at', x.created_at, 'total_cents', x.total_cents, 'client_code', x.code,
             'client_name', x.legal_name)
             ORDER BY x.by_number DESC, x.issue_date DESC NULLS FIRST, x.id DESC), '[]')
    INTO v_invoices
    FROM (
      SELECT i.*, c.code, c.legal_name
      FROM (
        SELECT i.id, i.number, i.status, i.issue_date, i.created_at, i.total_cents, i.client_id,
               coalesce(strpos(lower(i.number), v_needle) > 0, false) AS by_number
        FROM invoices i
        WHERE i.organization_id = v_org AND i.id = ANY (ARRAY(SELECT found.id FROM found))
        ORDER BY by_number DESC, i.issue_date DESC NULLS FIRST, i.id DESC
        LIMIT p_max
      ) i
      JOIN clients c ON c.organization_id = v_org AND c.id = i.client_id
    ) x;
  END IF;

  -- The feed's page only when it may differ from the one the server kept: a new audit row
  -- (a client or a person renamed writes one too) moves the latest id. The server matches the
  -- term in the page itself.
  IF p_activities THEN
    v_feed_latest := coalesce((SELECT l.id FROM audit_log l WHERE l.organization_id = v_org ORDER BY l.id DESC LIMIT 1), 0);
    IF v_feed_latest <> p_feed_known THEN
      SELECT coalesce(json_agg(json_build_object(
               'id', f.id, 'action', f.action, 'entity', f.entity, 'entity_id', f.entity_id,
               'created_at', f.created_at, 'user_name', f.user_name, 'username', f.username,
               'client_id', f.client_id, 'client_name', f.client_name, 'client_code', f.client_code,
               'description', f.description) ORDER BY f.id DESC), '[]')
      INTO v_activities
      FROM activity_feed_rows(p_user_id, p_everyone, p_feed_clients, 0, 50) f;
      -- An audit row written by a transaction still open could commit below the latest id
      -- later; a page read while any write was in progress is not to be kept.
      v_feed_settled := NOT EXISTS (SELECT FROM pg_snapshot_xip(pg_current_snapshot()));
    END IF;
  END IF;

  RETURN json_build_object(
    'clients', v_clients, 'users', v_users, 'timeEntries', v_entries, 'invoices', v_invoices,
    'feed', json_build_object('latest', v_feed_latest, 'settled', v_feed_settled, 'items', v_activities)
  );
END $$;

REVOKE ALL ON FUNCTION search_view(integer, text, text, integer, boolean, boolean, boolean, boolean, boolean, boolean, boolean, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION search_view(integer, text, text, integer, boolean, boolean, boolean, boolean, boolean, boolean, boolean, bigint) TO app_user;

ALTER FUNCTION activity_feed_rows(integer, boolean, boolean, integer, integer)
  SET plan_cache_mode = force_generic_plan;
