import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { signInAttempts } from './sign-in-attempts';
import { users } from './users';

export const VERIFICATION_TYPES = [
  'two-factor-code',
  'password-reset',
  'passkey-registration',
  'passkey-authentication',
  'email-change',
  'sign-in-unlock',
] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/** Every short-lived secret a user proves he holds: only its HMAC is stored, each row is good once. */
export const verifications = pgTable(
  'verifications',
  {
    organizationId: integer('organization_id').notNull(),
    id: uuid('id').notNull(),
    userId: integer('user_id').notNull(),
    type: text('type', { enum: VERIFICATION_TYPES }).notNull(),
    secretHash: text('secret_hash').notNull(),
    signInAttemptId: uuid('sign_in_attempt_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    unique().on(table.organizationId, table.type, table.secretHash),
    index().on(table.organizationId, table.userId, table.type),
    foreignKey({ columns: [table.organizationId, table.userId], foreignColumns: [users.organizationId, users.id] }),
    foreignKey({
      columns: [table.organizationId, table.signInAttemptId],
      foreignColumns: [signInAttempts.organizationId, signInAttempts.id],
    }).onDelete('cascade'),
  ],
);
