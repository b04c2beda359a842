-- Row-level security that the app's own queries cannot step around (docs/decisions/0098).
--
-- 1. The tenant of a transaction is signed: withTenant sets app.org_id and app.org_proof,
--    an HMAC-SHA256 of the id under a key only the owner can read. current_org_id() answers
--    the id only when the proof matches, so set_config('app.org_id', <another firm>) from a
--    query run as app_user names no organization at all.
CREATE TABLE tenant_binding_key (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  key bytea NOT NULL CHECK (length(key) = 64),
  -- HMAC's padded keys (key XOR 0x36.., key XOR 0x5c..), kept so the check is two sha256 calls.
  inner_key bytea NOT NULL,
  outer_key bytea NOT NULL
);
REVOKE ALL ON tenant_binding_key FROM PUBLIC;

DO $$
DECLARE
  -- gen_random_uuid() draws from the server's strong random source: four give 488 random bits.
  k bytea := decode(replace(gen_random_uuid()::text || gen_random_uuid()::text
                            || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex');
  i bytea := k;
  o bytea := k;
BEGIN
  FOR n IN 0..63 LOOP
    i := set_byte(i, n, get_byte(k, n) # 54);
    o := set_byte(o, n, get_byte(k, n) # 92);
  END LOOP;
  INSERT INTO tenant_binding_key (key, inner_key, outer_key) VALUES (k, i, o);
END $$;

-- Runs as its owner to read the key; policies call it once per statement through
-- (SELECT current_org_id()), an init plan, not once per row. PL/pgSQL keeps the plan of its
-- query per session (a SQL function of this kind would plan it at every call), and every name
-- is schema-qualified instead of a SET search_path clause, which cost a third of the time.
-- app_user can create no object in any schema, so no operator it could define comes first.
CREATE OR REPLACE FUNCTION current_org_id() RETURNS integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  AS $$
DECLARE
  org text := pg_catalog.current_setting('app.org_id', true);
  proof text := pg_catalog.current_setting('app.org_proof', true);
BEGIN
  IF org IS NULL OR org = '' OR proof IS NULL THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM public.tenant_binding_key k
    WHERE proof = pg_catalog.encode(pg_catalog.sha256(
      k.outer_key || pg_catalog.sha256(k.inner_key || pg_catalog.convert_to(org, 'UTF8'))), 'hex')
  ) THEN
    RETURN org::integer;
  END IF;
  RETURN NULL;
END $$;

-- 2. Every tenant table, organizations included, has row-level security enabled and forced
--    (its owner is held to it too, unless superuser or BYPASSRLS), with the one policy.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      AND EXISTS (SELECT 1 FROM pg_attribute a
                  WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped)
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (organization_id = (SELECT current_org_id()))'
                   ' WITH CHECK (organization_id = (SELECT current_org_id()))', t);
  END LOOP;
END $$;

ALTER TABLE organizations ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON organizations
  USING (id = (SELECT current_org_id())) WITH CHECK (id = (SELECT current_org_id()));

-- The search function reads as its owner; the organization is computed once, not per candidate.
CREATE OR REPLACE FUNCTION client_list_matching(pattern text)
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
     FROM clients WHERE organization_id = (SELECT current_org_id()) AND search_key LIKE lower($1)'
    USING pattern;
END $$;

-- 3. On PostgreSQL the app logs in as app_user itself (client.ts), so RESET ROLE or SET ROLE
--    leads nowhere. Its statements are kept out of pg_stat_activity, where other app_user
--    sessions could otherwise read the proofs they carry. Roles are shared by every database
--    of a server: each change is made only when missing, so parallel migrations do not race.
DO $$
BEGIN
  IF NOT (SELECT rolcanlogin FROM pg_roles WHERE rolname = 'app_user') THEN
    ALTER ROLE app_user WITH LOGIN;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole
    WHERE r.rolname = 'app_user' AND s.setdatabase = 0 AND 'track_activities=off' = ANY (s.setconfig)
  ) THEN
    ALTER ROLE app_user SET track_activities = off;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'app_user: % (a superuser must run: ALTER ROLE app_user LOGIN; ALTER ROLE app_user SET track_activities = off)', SQLERRM;
END $$;
