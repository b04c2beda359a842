-- People, roles and the admin area (issue 16, ADR 0147).

-- Users: a version for stale-edit checks, the hours he is available, his last sign-in, and
-- a new e-mail address waiting for its confirmation link.
ALTER TABLE users
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN available_minutes_per_week integer NOT NULL DEFAULT 2400
    CHECK (available_minutes_per_week BETWEEN 0 AND 10080),
  ADD COLUMN last_sign_in_at timestamptz,
  ADD COLUMN pending_email text;

ALTER TABLE roles ADD COLUMN version integer NOT NULL DEFAULT 1;

-- Firm settings: a version and the logo (a file of the upload store, its type judged by content).
ALTER TABLE organizations
  ADD COLUMN settings_version integer NOT NULL DEFAULT 1,
  ADD COLUMN logo_file text,
  ADD COLUMN logo_content_type text CHECK (logo_content_type IN ('image/png', 'image/jpeg', 'image/webp'));
GRANT UPDATE (name, primary_color, secondary_color, time_zone, settings_version, logo_file, logo_content_type)
  ON organizations TO app_user;

-- An e-mail change is confirmed by a link to the new address.
ALTER TABLE verifications DROP CONSTRAINT IF EXISTS verifications_type_check;
ALTER TABLE verifications ADD CONSTRAINT verifications_type_check
  CHECK (type IN ('two-factor-code', 'password-reset', 'passkey-registration', 'passkey-authentication', 'email-change'));

-- The audit trail viewer reads newest first, by entity or by person.
CREATE INDEX audit_log_recent ON audit_log (organization_id, created_at DESC, id DESC);
CREATE INDEX audit_log_entity ON audit_log (organization_id, entity, entity_id);

-- Per-user preferences kept on the server (formattedDates, notifsMode, sidebarOrder).
CREATE TABLE user_preferences (
  organization_id integer NOT NULL,
  user_id integer NOT NULL,
  preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id),
  FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id)
);
GRANT SELECT, INSERT, UPDATE ON user_preferences TO app_user;
ALTER TABLE user_preferences ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_preferences FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_preferences USING (organization_id = (SELECT current_org_id())) WITH CHECK (organization_id = (SELECT current_org_id()));
