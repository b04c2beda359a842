import { z } from 'zod';
import { pageFields } from '@practice/shared';
import { rateChangeAnswer } from '../activity-types/activity-type-answers';
import { fullRoleAnswer } from '../roles/role-answers';
import type { PeopleOptions } from './people-options';
import type { UserDetail } from './user-admin.service';
import type { UserView } from './user-admin-view';
import type { UserView as SessionUserView } from './user-view';

/** The answers of the people routes (their OpenAPI response schemas). */

const userFields = {
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.object({ id: z.int(), name: z.string() }),
  active: z.boolean(),
  billing_rate_cents: z.int(),
  available_minutes_per_week: z.int(),
  last_sign_in_at: z.string().nullable(),
  pending_email: z.string().nullable(),
  created_at: z.string(),
  version: z.int(),
} satisfies Record<keyof UserView, z.ZodType>;

export const userAnswer = z.object(userFields);

export const userListAnswer = z.object({ ...pageFields, items: z.array(userAnswer) });

export const userDetailAnswer: z.ZodType<UserDetail> = z.object({
  ...userFields,
  rate_changes: z.array(rateChangeAnswer),
  base_rate_cents: z.int(),
  recent_time: z.array(
    z.object({ id: z.int(), entry_date: z.string(), client: z.string(), minutes: z.int(), status: z.string() }),
  ),
  sessions: z.array(
    z.object({ id: z.string(), started_at: z.string(), last_used_at: z.string(), expires_at: z.string() }),
  ),
  passkey: z.object({
    registered: z.boolean(),
    device_name: z.string().nullable(),
    created_at: z.string().nullable(),
  }),
  two_factor_enabled: z.boolean(),
});

export const invitationAnswer = z.object({ message: z.string() });

export const twoFactorResetAnswer = z.object({ two_factor_enabled: z.literal(false) });

export const peopleOptionsAnswer: z.ZodType<PeopleOptions> = z.object({
  items: z.array(z.object({ id: z.int(), name: z.string(), role: z.string() })),
  has_more: z.boolean(),
});

/** The SPEC 3 user object of POST /login, POST /refresh and GET /user. */
export const sessionUserAnswer: z.ZodType<SessionUserView> = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  organization_id: z.int(),
  role: z.object({ name: z.string() }),
  role_name: z.string(),
  full_role: fullRoleAnswer,
  bookmarked_clients: z.array(
    z.object({ id: z.int(), client_id: z.string(), legal_name: z.string(), status: z.string() }),
  ),
});

/** POST /login when a second factor is due: no session cookies yet. */
export const secondFactorDueAnswer = z.object({
  requires_2fa: z.boolean().describe('Always true'),
  success: z.string().describe('Always 2FA'),
  has_biometric: z.boolean(),
  has_email: z.boolean(),
  message: z.string(),
});
