-- Client search that can use the trigram index under row-level security (docs/decisions/0062).
-- ILIKE is not leakproof, so PostgreSQL applies the tenant policy before it and never uses
-- clients_search_trgm for app_user: every search read all of an organization's clients.
-- This function runs as its owner (who is not subject to the policy) but answers only for
-- current_org_id(), the organization withTenant set for the transaction: it takes no
-- organization argument, so no caller can name another one, and it returns ids only.
CREATE OR REPLACE FUNCTION client_ids_matching(pattern text) RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  -- EXECUTE plans with the pattern's value: a 1- or 2-letter pattern has no trigram and is
  -- better read sequentially than through the whole index.
  RETURN QUERY EXECUTE
    'SELECT id FROM clients WHERE organization_id = current_org_id() AND search_text ILIKE $1'
    USING pattern;
END $$;
REVOKE ALL ON FUNCTION client_ids_matching(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION client_ids_matching(text) TO app_user;
