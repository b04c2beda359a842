-- Clients per organization and status, kept by triggers, so the dashboard's "active clients"
-- reads one row instead of counting tens of thousands (docs/decisions/0063).
CREATE TABLE client_status_counts (
  organization_id integer NOT NULL REFERENCES organizations (id),
  status text NOT NULL,
  clients integer NOT NULL,
  PRIMARY KEY (organization_id, status)
);

-- One statement-level function for the three events: each branch names only the transition
-- tables its event has. Rows are upserted in key order, so two transactions lock them in the
-- same order.
CREATE OR REPLACE FUNCTION count_client_statuses() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_status_counts AS counts (organization_id, status, clients)
    SELECT organization_id, status, count(*) FROM new_rows GROUP BY organization_id, status
    ORDER BY organization_id, status
    ON CONFLICT (organization_id, status) DO UPDATE SET clients = counts.clients + excluded.clients;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE client_status_counts counts SET clients = counts.clients - gone.clients
    FROM (SELECT organization_id, status, count(*) AS clients FROM old_rows GROUP BY organization_id, status) gone
    WHERE counts.organization_id = gone.organization_id AND counts.status = gone.status;
  ELSE
    INSERT INTO client_status_counts AS counts (organization_id, status, clients)
    SELECT organization_id, status, sum(change) FROM (
      SELECT organization_id, status, 1 AS change FROM new_rows
      UNION ALL
      SELECT organization_id, status, -1 FROM old_rows
    ) changes
    GROUP BY organization_id, status HAVING sum(change) <> 0
    ORDER BY organization_id, status
    ON CONFLICT (organization_id, status) DO UPDATE SET clients = counts.clients + excluded.clients;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER clients_count_inserted AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_client_statuses();
CREATE TRIGGER clients_count_updated AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_client_statuses();
CREATE TRIGGER clients_count_deleted AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_client_statuses();
-- Bulk loads that switch triggers off (session_replication_role = replica) must keep counting.
ALTER TABLE clients ENABLE ALWAYS TRIGGER clients_count_inserted;
ALTER TABLE clients ENABLE ALWAYS TRIGGER clients_count_updated;
ALTER TABLE clients ENABLE ALWAYS TRIGGER clients_count_deleted;

INSERT INTO client_status_counts (organization_id, status, clients)
SELECT organization_id, status, count(*) FROM clients GROUP BY organization_id, status;

GRANT SELECT, INSERT, UPDATE ON client_status_counts TO app_user;
ALTER TABLE client_status_counts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON client_status_counts USING (organization_id = current_org_id()) WITH CHECK (organization_id = current_org_id());
