-- POST /invoices/{id}/issue before its number (docs/decisions/0195): the client's row locked,
-- then the invoice's (ADR 0192's order), and for a draft with something to bill its items marked
-- billed, with what the answer needs (the client, the invoice as it was, its lines and their
-- people, the firm's prefix, subdomain and today), in one statement whose plans each pooled
-- connection keeps. It was five statements, each built, sent and planned on every issue.
-- SECURITY INVOKER: it runs as app_user under row-level security, as the statements did.
CREATE FUNCTION invoice_issue_start(p_invoice_id integer)
  RETURNS json
  LANGUAGE plpgsql VOLATILE
  SET search_path = public, pg_temp
  AS $$
DECLARE
  v_org integer := current_org_id();
  v_client json;
  v_invoice invoices;
  v_lines json;
  v_time boolean;
  v_expenses boolean;
  v_firm json;
BEGIN
  SELECT json_build_object('code', c.code, 'legal_name', c.legal_name, 'invoice_email', c.invoice_email)
  INTO v_client
  FROM clients c
  WHERE c.organization_id = v_org
    AND c.id = (SELECT i.client_id FROM invoices i WHERE i.organization_id = v_org AND i.id = p_invoice_id)
  FOR NO KEY UPDATE OF c;
  IF v_client IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_invoice FROM invoices i WHERE i.organization_id = v_org AND i.id = p_invoice_id FOR UPDATE;
  IF v_invoice.status <> 'draft' OR v_invoice.total_cents <= 0 THEN
    RETURN json_build_object('client', v_client, 'invoice', to_json(v_invoice));
  END IF;

  -- The draft's lines name its items (the invoice's lock keeps them as they are): a table with
  -- none on this invoice is not updated, which spares its statement triggers.
  SELECT coalesce(json_agg(json_build_object(
           'line', to_json(l),
           'user', CASE WHEN u.id IS NULL THEN NULL
                        ELSE json_build_object('first_name', u.first_name, 'last_name', u.last_name,
                                               'username', u.username) END)
           ORDER BY l.position), '[]'),
         coalesce(bool_or(l.time_entry_id IS NOT NULL), false),
         coalesce(bool_or(l.expense_id IS NOT NULL), false)
  INTO v_lines, v_time, v_expenses
  FROM invoice_lines l
  LEFT JOIN users u ON u.organization_id = l.organization_id AND u.id = l.user_id
  WHERE l.organization_id = v_org AND l.invoice_id = p_invoice_id;
  IF v_time THEN
    UPDATE time_entries t SET status = 'billed' WHERE t.organization_id = v_org AND t.invoice_id = p_invoice_id;
  END IF;
  IF v_expenses THEN
    UPDATE expenses e SET status = 'billed' WHERE e.organization_id = v_org AND e.invoice_id = p_invoice_id;
  END IF;

  SELECT json_build_object('invoice_prefix', o.invoice_prefix, 'subdomain', o.subdomain,
                           'today', to_char((now() AT TIME ZONE o.time_zone)::date, 'YYYY-MM-DD'))
  INTO v_firm
  FROM organizations o WHERE o.id = v_org;
  RETURN json_build_object('client', v_client, 'invoice', to_json(v_invoice), 'lines', v_lines, 'firm', v_firm);
END $$;
REVOKE ALL ON FUNCTION invoice_issue_start(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION invoice_issue_start(integer) TO app_user;
