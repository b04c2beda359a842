-- A rotated refresh token names the token that replaced it, so that the same token sent
-- again within a few seconds (two tabs refreshing at once) can be answered with a pair of
-- that successor instead of revoking the family (docs/decisions/0093).
ALTER TABLE refresh_tokens ADD COLUMN replaced_by uuid;
