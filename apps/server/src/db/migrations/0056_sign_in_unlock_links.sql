-- A locked-out person's e-mailed link that makes his browser a known device (ADR 0206).
ALTER TABLE verifications DROP CONSTRAINT IF EXISTS verifications_type_check;
ALTER TABLE verifications ADD CONSTRAINT verifications_type_check
  CHECK (type IN ('two-factor-code', 'password-reset', 'passkey-registration', 'passkey-authentication', 'email-change',
                  'sign-in-unlock'));
