-- A passkey sign-in's challenge, bound to the browser that asked for it: the browser holds a
-- random token in an HttpOnly cookie, the row its hash and the challenge's (docs/decisions/0094).
-- Not a tenant table: the ceremony starts before anyone knows who signs in, and the options
-- must not depend on the username. A row is deleted when used, so it works once.
CREATE TABLE passkey_sign_in_ceremonies (
  token_hash text PRIMARY KEY,
  challenge_hash text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_sign_in_ceremonies_expiry ON passkey_sign_in_ceremonies (expires_at);
