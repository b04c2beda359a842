-- The client portal (issue 14, docs/decisions/0143 to 0146): the lookup of an invoice by its
-- access code, the portal's checkouts, and the built-in sandbox provider's own state.

-- An access code names one invoice of one firm, before any firm is known: the lookup crosses
-- the tenant wall, so it is one narrow function. It takes the code's SHA-256 digest (never the
-- code), answers only the two ids of an issued, not void invoice with exactly that digest, and
-- takes no organization argument.
CREATE OR REPLACE FUNCTION portal_invoice_by_code(code_digest bytea)
  RETURNS TABLE (organization_id integer, invoice_id integer)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT i.organization_id, i.id FROM invoices i
    WHERE i.access_code_digest = code_digest AND i.status IN ('pending', 'partial', 'paid')
  $$;
REVOKE ALL ON FUNCTION portal_invoice_by_code(bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portal_invoice_by_code(bytea) TO app_user;

-- One payment a client started in the portal: the amount, the provider's checkout, and what
-- became of it. The first provider event that settles it records the payment; later ones find
-- it settled (docs/decisions/0144).
CREATE TABLE payment_checkouts (
  organization_id integer NOT NULL REFERENCES organizations (id),
  id text NOT NULL CHECK (id ~ '^[0-9a-f-]{36}$'),
  invoice_id integer NOT NULL,
  client_id integer NOT NULL,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  provider_checkout_id text CHECK (length(provider_checkout_id) <= 255),
  url text CHECK (length(url) <= 2000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'succeeded', 'failed')),
  failure_message text CHECK (length(failure_message) <= 500),
  provider_event_id text CHECK (length(provider_event_id) <= 255),
  payment_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id),
  FOREIGN KEY (organization_id, client_id) REFERENCES clients (organization_id, id),
  FOREIGN KEY (organization_id, payment_id) REFERENCES payments (organization_id, id),
  CHECK ((status = 'succeeded') = (payment_id IS NOT NULL))
);
CREATE INDEX payment_checkouts_invoice ON payment_checkouts (organization_id, invoice_id, created_at);

GRANT SELECT, INSERT, UPDATE ON payment_checkouts TO app_user;
ALTER TABLE payment_checkouts ENABLE ROW LEVEL SECURITY;
ALTER TABLE payment_checkouts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payment_checkouts
  USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));

-- The sandbox provider's side (docs/decisions/0145): what a real provider keeps on its own
-- servers. Not tenant data: the app's role has no right on them; the owner's handle runs the
-- sandbox's hosted card page and its webhook deliveries.
CREATE TABLE sandbox_checkouts (
  id text PRIMARY KEY CHECK (length(id) <= 100),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL CHECK (length(description) <= 200),
  success_url text NOT NULL CHECK (length(success_url) <= 2000),
  cancel_url text NOT NULL CHECK (length(cancel_url) <= 2000),
  metadata jsonb NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'succeeded', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

-- Signed events waiting for delivery to POST /api/payments/webhooks/sandbox, retried with
-- backoff until the webhook answers 2xx, as a real provider redelivers.
CREATE TABLE sandbox_events (
  id text PRIMARY KEY CHECK (length(id) <= 100),
  checkout_id text NOT NULL REFERENCES sandbox_checkouts (id),
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX sandbox_events_due ON sandbox_events (next_attempt_at) WHERE status = 'pending';
REVOKE ALL ON sandbox_checkouts, sandbox_events FROM PUBLIC;
