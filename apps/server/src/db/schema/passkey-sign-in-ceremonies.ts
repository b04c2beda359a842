import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Not a tenant table: a passkey sign-in's challenge, named by the ceremony cookie's token (ADR 0094). */
export const passkeySignInCeremonies = pgTable(
  'passkey_sign_in_ceremonies',
  {
    tokenHash: text('token_hash').primaryKey(),
    challengeHash: text('challenge_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('passkey_sign_in_ceremonies_expiry').on(table.expiresAt)],
);
