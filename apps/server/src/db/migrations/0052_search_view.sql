-- GET /api/search in one statement whose plans each pooled connection keeps, and the activity
-- feed's text made where it is read (docs/decisions/0194). The search sent five or six
-- statements in a transaction, each planned afresh, and read 200 feed rows with their
-- snapshots into the server to find the few whose text matched.

-- The feed's sentences are written where the feed is read, so the search can match them there.
-- Each helper below is one expression naming each argument once or only as a plain column, so
-- the planner inlines it into the query: a SQL function it cannot inline runs as a nested
-- statement per row (about a fifth of a millisecond per feed row, measured).

-- Hours as the app shows them: one decimal, halves away from zero (formatHours).
CREATE FUNCTION hours_text(minutes numeric)
  RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT round(minutes / 60, 1)::text $$;

-- Cents as the app shows them with decimals: $1,234.56, a negative amount as [$1,234.56] (formatMoney).
-- STABLE as to_char is: a function declared more constant than its body is not inlined.
CREATE FUNCTION money_text(cents numeric)
  RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT translate(regexp_replace(to_char(trunc(cents) / 100, 'FM999,999,999,999,999,990.00PR'), '^(<?)', '\1$'),
                     '<>', '[]')
  $$;

-- A snapshot's number, or 0 when it holds none (the feed must not fail on one odd row).
CREATE FUNCTION snapshot_number(snapshot jsonb, field text)
  RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE WHEN jsonb_typeof(snapshot -> field) = 'number' THEN (snapshot ->> field)::numeric ELSE 0 END
  $$;

-- The feed's sentence for one audit row (it was made in the server before, ADR 0050). The
-- expense labels are EXPENSE_CATEGORY_LABELS of @practice/shared (a test compares them).
CREATE FUNCTION activity_description(entity text, action text, snapshot jsonb, client_name text, client_code text)
  RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(CASE entity
        WHEN 'client' THEN CASE action WHEN 'create' THEN 'Created client' WHEN 'update' THEN 'Updated client'
                                       WHEN 'delete' THEN 'Deleted client' END
        WHEN 'time_entry' THEN CASE action WHEN 'create' THEN 'Recorded' WHEN 'update' THEN 'Updated'
                                           WHEN 'delete' THEN 'Deleted' END
        WHEN 'expense' THEN CASE action WHEN 'create' THEN 'Added expense' WHEN 'update' THEN 'Updated expense'
                                        WHEN 'delete' THEN 'Deleted expense' END
        WHEN 'activity_type' THEN CASE action WHEN 'create' THEN 'Created activity type'
                                              WHEN 'update' THEN 'Updated activity type'
                                              WHEN 'delete' THEN 'Deleted activity type' END
      END, action || ' ' || entity)
      || ' '
      || CASE entity
        WHEN 'client' THEN
          coalesce(snapshot ->> 'legal_name', client_name, '') || ' (' || coalesce(snapshot ->> 'client_id', client_code, '') || ')'
        WHEN 'time_entry' THEN hours_text(snapshot_number(snapshot, 'minutes')) || ' h'
        WHEN 'expense' THEN
          money_text(snapshot_number(snapshot, 'amount_cents')) || ' ('
            || CASE snapshot ->> 'category'
                 WHEN 'filing_fee' THEN 'Filing fee'
                 WHEN 'postage' THEN 'Postage'
                 WHEN 'printing' THEN 'Printing'
                 WHEN 'courier' THEN 'Courier'
                 WHEN 'travel' THEN 'Travel'
                 WHEN 'mileage' THEN 'Mileage'
                 WHEN 'meals' THEN 'Meals'
                 WHEN 'software' THEN 'Software'
                 WHEN 'other' THEN 'Other'
                 ELSE 'Expense'
               END || ')'
        ELSE coalesce(snapshot ->> 'name', '') || ' (' || coalesce(snapshot ->> 'code', '') || ')'
      END
      || CASE WHEN entity IN ('time_entry', 'expense') AND coalesce(client_name, '') <> '' THEN ' for ' || client_name
              ELSE '' END
  $$;

-- The dashboard's feed (ADRs 0050, 0173, 0185): the page's ids as a union of index ranges, each
-- cut at the rows the page can need; then its audit rows, their people and their clients, each
-- read once as a set by key (= ANY of the ids) and joined in memory. Looked up row by row (a
-- lateral per row and table) the same rows took 0.88 ms for a page of 50, as sets 0.38 ms; as
-- plain joins to the tables a log analyzed while nearly empty was read whole (ADR 0185). A
-- reader who sees only his own time reads his time and expense rows through
-- activity_feed_owner_ids. SECURITY INVOKER, as user_view (0048).
CREATE FUNCTION activity_feed_rows(p_user_id integer, p_everyone boolean, p_clients boolean, p_offset integer, p_rows integer)
  RETURNS TABLE (
    id bigint, action text, entity text, entity_id text, created_at timestamptz, user_id integer, user_name text,
    username text, client_id integer, client_code text, client_name text, description text
  )
  LANGUAGE plpgsql STABLE
  SET search_path = public, pg_temp
  ROWS 200
  AS $$
#variable_conflict use_column
DECLARE
  v_org integer := current_org_id();
  v_wanted integer := p_offset + p_rows;
BEGIN
  RETURN QUERY
    WITH page AS MATERIALIZED (
      SELECT r.id FROM (
        (SELECT l.id FROM audit_log l
         WHERE l.organization_id = v_org AND l.entity = 'activity_type' AND l.action IN ('create', 'update', 'delete')
         ORDER BY l.id DESC LIMIT v_wanted)
        UNION ALL
        (SELECT l.id FROM audit_log l
         WHERE p_clients AND l.organization_id = v_org AND l.entity = 'client'
           AND l.action IN ('create', 'update', 'delete')
         ORDER BY l.id DESC LIMIT v_wanted)
        UNION ALL
        (SELECT l.id FROM audit_log l
         WHERE p_everyone AND l.organization_id = v_org AND l.entity = 'time_entry'
           AND l.action IN ('create', 'update', 'delete')
         ORDER BY l.id DESC LIMIT v_wanted)
        UNION ALL
        (SELECT l.id FROM audit_log l
         WHERE p_everyone AND l.organization_id = v_org AND l.entity = 'expense'
           AND l.action IN ('create', 'update', 'delete')
         ORDER BY l.id DESC LIMIT v_wanted)
        UNION ALL
        (SELECT o.id FROM activity_feed_owner_ids(p_user_id, v_wanted) AS o(id) WHERE NOT p_everyone)
      ) r
      ORDER BY r.id DESC LIMIT p_rows OFFSET p_offset
    ), audit_rows AS MATERIALIZED (
      SELECT l.id, l.action, l.entity, l.entity_id, coalesce(l.after, l.before) AS snapshot, l.created_at, l.user_id,
             CASE WHEN l.entity = 'client' THEN l.entity_id::integer
                  ELSE (coalesce(l.after, l.before) ->> 'client_id')::integer END AS client_ref
      FROM audit_log l WHERE l.organization_id = v_org AND l.id = ANY (ARRAY(SELECT page.id FROM page))
    ), people AS MATERIALIZED (
      SELECT p.id, p.first_name, p.last_name, p.username FROM users p
      WHERE p.organization_id = v_org AND p.id = ANY (ARRAY(SELECT DISTINCT audit_rows.user_id FROM audit_rows))
    ), page_clients AS MATERIALIZED (
      SELECT k.id, k.code, k.legal_name FROM clients k
      WHERE k.organization_id = v_org AND k.id = ANY (ARRAY(SELECT DISTINCT audit_rows.client_ref FROM audit_rows))
    )
    SELECT a.id, a.action, a.entity, a.entity_id, a.created_at, a.user_id,
           CASE WHEN a.user_id IS NULL THEN NULL
                ELSE coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
                              coalesce(u.username, '')) END,
           CASE WHEN a.user_id IS NULL THEN NULL ELSE coalesce(u.username, '') END,
           c.id, c.code, c.legal_name,
           activity_description(a.entity, a.action, a.snapshot, c.legal_name, c.code)
    FROM audit_rows a
    LEFT JOIN people u ON u.id = a.user_id
    LEFT JOIN page_clients c ON c.id = a.client_ref
    ORDER BY a.id DESC;
END $$;
REVOKE ALL ON FUNCTION activity_feed_rows(integer, boolean, boolean, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION activity_feed_rows(integer, boolean, boolean, integer, integer) TO app_user;

-- The search's clients by name (search_client_ids) walk the firm's clients in name order until
-- ten match: with the search key in the index the walk reads no table rows (ADR 0194).
CREATE INDEX clients_name_search ON clients (organization_id, legal_name, id) INCLUDE (search_key);

-- Clients by a contact's name (search_contact_client_ids) read contacts in client order until
-- ten clients match: with the name in the index that walk reads no table rows either.
CREATE INDEX client_contacts_client_name ON client_contacts (organization_id, client_id) INCLUDE (name);

-- The two lookups first walk those indexes for the first 2,000 clients or contacts: a term
-- found that often (one in 200) has its first max_rows there, which are then the same rows the
-- whole walk would give. A rarer term goes to the trigram indexes, planned for its pattern. The
-- planner's own choice between the two was unstable: its trigram estimates are off by a factor
-- of 70 for common terms, and the wrong choice cost 0.6 ms (a trigram scan of 353 matches for
-- 'smi') or 5 ms (a walk of all 50,000 clients for a term in none).
CREATE OR REPLACE FUNCTION search_client_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 10
  AS $$
DECLARE
  v_org integer := current_org_id();
  v_found integer[];
BEGIN
  v_found := ARRAY(
    SELECT w.id FROM (
      SELECT c.id, c.search_key FROM clients c WHERE c.organization_id = v_org ORDER BY c.legal_name, c.id LIMIT 2000
    ) w
    WHERE w.search_key LIKE lower(pattern) LIMIT max_rows);
  IF cardinality(v_found) < max_rows THEN
    EXECUTE 'SELECT ARRAY(SELECT id FROM clients WHERE organization_id = $3 AND search_key LIKE lower($1)
                          ORDER BY legal_name, id LIMIT $2)'
      INTO v_found USING pattern, max_rows, v_org;
  END IF;
  RETURN QUERY SELECT unnest(v_found);
END $$;

CREATE OR REPLACE FUNCTION search_contact_client_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  ROWS 10
  AS $$
DECLARE
  v_org integer := current_org_id();
  v_found integer[];
BEGIN
  v_found := ARRAY(
    SELECT DISTINCT w.client_id FROM (
      SELECT cc.client_id, cc.name FROM client_contacts cc WHERE cc.organization_id = v_org
      ORDER BY cc.client_id LIMIT 2000
    ) w
    WHERE lower(w.name) LIKE lower(pattern) LIMIT max_rows);
  IF cardinality(v_found) < max_rows THEN
    RETURN QUERY EXECUTE
      'SELECT DISTINCT client_id FROM client_contacts
       WHERE organization_id = $3 AND lower(name) LIKE lower($1) LIMIT $2'
      USING pattern, max_rows, v_org;
    RETURN;
  END IF;
  RETURN QUERY SELECT unnest(v_found);
END $$;

-- Invoices by number go through a trigram index; a GIN index keeps new entries in a pending
-- list that every search reads whole until a vacuum merges it (up to 4 MB by default: 0.85 ms a
-- search was measured after a bench run's issues). A small list is merged by the write that fills it.
ALTER INDEX invoices_number_trgm SET (gin_pending_list_limit = 128);

-- People by name, username or e-mail: one lower-case key matched byte-wise, where ILIKE
-- lower-cased three columns of every person on every search (1.9 ms for 2,000 people), walked in
-- the search's order from an index that holds it. The unit separator keeps a term from matching
-- across two fields.
ALTER TABLE users ADD COLUMN search_key text GENERATED ALWAYS AS (
  lower(first_name || ' ' || last_name) || chr(31) || lower(username) || chr(31) || lower(email)
) STORED;
CREATE INDEX users_search ON users (organization_id, active DESC, last_name, first_name, id) INCLUDE (search_key);

-- GET /api/search's rows (modules/search): what each category found, as JSON, for the categories
-- the caller's permissions open (p_clients ... p_activities): clients by name, then by contact;
-- the latest 300 entries (the firm's, or the reader's own) by narrative or client, and for those
-- who see everyone's the latest entries of the 5 best clients; invoices by number or of the 5
-- best clients; the feed's latest 50 items by their text (ADRs 0173 and 0194 give the windows).
-- SECURITY INVOKER: row-level security applies to every read, as in the statements it replaces.
-- Each statement's plan is kept and may become generic, so found ids are matched as arrays
-- (= ANY, a primary-key lookup whatever the planner guesses of their number).
CREATE FUNCTION search_view(
  p_user_id integer, p_term text, p_pattern text, p_max integer, p_everyone boolean, p_feed_clients boolean,
  p_clients boolean, p_users boolean, p_entries boolean, p_invoices boolean, p_activities boolean
)
  RETURNS json
  LANGUAGE plpgsql STABLE
  SET search_path = public, pg_temp
  AS $$
DECLARE
  v_org integer := current_org_id();
  v_needle text := lower(p_term);
  v_client_ids integer[] := '{}';
  v_name_ids integer[] := '{}';
  v_contact_ids integer[] := '{}';
  v_clients json := '[]';
  v_users json := '[]';
  v_entries json := '[]';
  v_invoices json := '[]';
  v_activities json := '[]';
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
                     AND lower(cc.name) LIKE lower(p_pattern) ORDER BY cc.position LIMIT 1),
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
        AND u.search_key LIKE lower(p_pattern)
      ORDER BY u.active DESC, u.last_name, u.first_name, u.id
      LIMIT p_max
    ) m;
  END IF;

  IF p_entries AND p_everyone THEN
    -- The window is read newest first and left at the first p_max matches; only the found
    -- entries are read in full.
    WITH followed AS (SELECT v_client_ids[1:5] AS ids),
    found AS (
      (SELECT w.id FROM (
         SELECT t.id, t.client_id, t.narrative FROM time_entries t
         WHERE t.organization_id = v_org ORDER BY t.id DESC LIMIT 300
       ) w, followed
       WHERE w.narrative ILIKE p_pattern OR w.client_id = ANY (followed.ids)
       ORDER BY w.id DESC LIMIT p_max)
      UNION
      SELECT e.id FROM followed CROSS JOIN LATERAL unnest(followed.ids) AS matched(client_id)
      CROSS JOIN LATERAL (
        SELECT t.id FROM time_entries t
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
      WHERE t.organization_id = v_org AND t.id = ANY (ARRAY(SELECT found.id FROM found))
      ORDER BY t.entry_date DESC, t.id DESC
      LIMIT p_max
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
        WHERE w.narrative ILIKE p_pattern OR w.client_id = ANY (v_client_ids)
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
      SELECT i.id, i.number, i.status, i.issue_date, i.created_at, i.total_cents, c.code, c.legal_name,
             coalesce(i.number ILIKE p_pattern, false) AS by_number
      FROM invoices i
      JOIN clients c ON c.organization_id = i.organization_id AND c.id = i.client_id
      WHERE i.organization_id = v_org AND i.id = ANY (ARRAY(SELECT found.id FROM found))
      ORDER BY by_number DESC, i.issue_date DESC NULLS FIRST, i.id DESC
      LIMIT p_max
    ) x;
  END IF;

  IF p_activities THEN
    SELECT coalesce(json_agg(json_build_object(
             'id', f.id, 'action', f.action, 'entity', f.entity, 'entity_id', f.entity_id,
             'created_at', f.created_at, 'user_name', f.user_name, 'client_id', f.client_id,
             'description', f.description) ORDER BY f.id DESC), '[]')
    INTO v_activities
    FROM (
      SELECT a.* FROM activity_feed_rows(p_user_id, p_everyone, p_feed_clients, 0, 50) a
      WHERE strpos(lower(a.description), v_needle) > 0 OR strpos(lower(a.user_name), v_needle) > 0
         OR strpos(lower(a.username), v_needle) > 0 OR strpos(lower(a.client_name), v_needle) > 0
         OR strpos(lower(a.client_code), v_needle) > 0
      ORDER BY a.id DESC
      LIMIT p_max
    ) f;
  END IF;

  RETURN json_build_object(
    'clients', v_clients, 'users', v_users, 'timeEntries', v_entries, 'invoices', v_invoices,
    'activities', v_activities
  );
END $$;
REVOKE ALL ON FUNCTION search_view(integer, text, text, integer, boolean, boolean, boolean, boolean, boolean, boolean, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION search_view(integer, text, text, integer, boolean, boolean, boolean, boolean, boolean, boolean, boolean) TO app_user;
