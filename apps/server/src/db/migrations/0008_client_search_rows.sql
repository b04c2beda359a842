-- Client search that answers a common term fast (docs/decisions/0087).
-- The search key is stored lower-cased, so the trigram index's recheck is a byte-wise LIKE
-- instead of ILIKE lower-casing every candidate; and the search function returns the
-- columns the client list shows, filters and sorts by, so a term matching thousands of
-- clients is not joined back to clients row by row before the page is cut.
DROP FUNCTION client_ids_matching(text);
ALTER TABLE clients DROP COLUMN search_text;
ALTER TABLE clients
  ADD COLUMN search_key text GENERATED ALWAYS AS (lower(code || ' ' || legal_name || ' ' || coalesce(dba, ''))) STORED;
CREATE INDEX clients_search_trgm ON clients USING gin (search_key gin_trgm_ops);

-- Runs as its owner (not subject to row-level security, whose non-leakproof LIKE would keep
-- the index out of reach) and answers only for current_org_id(): no organization argument,
-- so no caller can name another one. EXECUTE plans with the pattern's value: a 1- or 2-letter
-- pattern has no trigram and is better read sequentially than through the whole index.
CREATE FUNCTION client_list_matching(pattern text)
  RETURNS TABLE (
    id integer, code text, legal_name text, dba text, entity_type text, status text, tags text[],
    responsible_partner_id integer, responsible_manager_id integer,
    created_at timestamptz, updated_at timestamptz
  )
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id, code, legal_name, dba, entity_type, status, tags, responsible_partner_id,
            responsible_manager_id, created_at, updated_at
     FROM clients WHERE organization_id = current_org_id() AND search_key LIKE lower($1)'
    USING pattern;
END $$;
REVOKE ALL ON FUNCTION client_list_matching(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION client_list_matching(text) TO app_user;
