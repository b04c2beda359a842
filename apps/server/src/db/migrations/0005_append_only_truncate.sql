-- TRUNCATE bypasses row triggers: refuse it too, so append-only means append-only.
CREATE OR REPLACE FUNCTION refuse_truncate() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$;
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
