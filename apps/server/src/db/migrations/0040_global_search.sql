-- Global search (issue 15, docs/decisions/0156). Under row-level security a LIKE cannot use a
-- trigram index (ADR 0062), so the two searches over tables that grow with the firm go through
-- SECURITY DEFINER functions scoped by current_org_id() with no organization argument, as
-- client_list_matching does. Each returns ids only, at most max_rows of them.
CREATE INDEX client_contacts_name_trgm ON client_contacts USING gin (lower(name) gin_trgm_ops);

CREATE FUNCTION search_contact_client_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT DISTINCT client_id FROM client_contacts
     WHERE organization_id = current_org_id() AND lower(name) LIKE lower($1) LIMIT $2'
    USING pattern, max_rows;
END $$;
REVOKE ALL ON FUNCTION search_contact_client_ids(text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION search_contact_client_ids(text, integer) TO app_user;

CREATE FUNCTION search_invoice_ids(pattern text, max_rows integer)
  RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id FROM invoices
     WHERE organization_id = current_org_id() AND number ILIKE $1 ORDER BY id DESC LIMIT $2'
    USING pattern, max_rows;
END $$;
REVOKE ALL ON FUNCTION search_invoice_ids(text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION search_invoice_ids(text, integer) TO app_user;
