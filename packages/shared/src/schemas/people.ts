import { z } from 'zod/mini';
import { USERNAME_MAX, USERNAME_MIN } from '../constants';
import { PERMISSION_FLAGS } from '../permissions';
import { idOf, optionalText, rateCents, requiredText, versionField, withoutNul } from './fields';

/** SPEC 5 and 9: 5 to 15 characters; letters, digits, dot, dash and underscore so it can be typed at sign-in. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export const usernameField = requiredText('Username', USERNAME_MAX).check(
  z.minLength(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`),
  z.regex(USERNAME_PATTERN, 'Username may contain letters, digits, dots, dashes and underscores'),
);

export const emailField = z
  .string({ error: 'Email is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.maxLength(254, 'Email must be at most 254 characters'),
    z.email('Invalid email address'),
  );

/** A week has 10,080 minutes; the default 2,400 is a 40-hour week. */
export const AVAILABLE_MINUTES_MAX = 10_080;

export const availableMinutesField = z
  .int('Available hours must be whole minutes')
  .check(z.gte(0, 'Available hours cannot be negative'), z.lte(AVAILABLE_MINUTES_MAX, 'A week has at most 168 hours'));

/** POST /users: no password; the new user sets his own from the e-mail. */
export const userCreateSchema = z.object({
  username: usernameField,
  email: emailField,
  first_name: requiredText('First name', 50),
  last_name: requiredText('Last name', 50),
  role_id: idOf('Role'),
  billing_rate_cents: z.optional(rateCents('Billing rate')),
  available_minutes_per_week: z.optional(availableMinutesField),
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** PUT /users/{id}; the rate changes through PUT /users/{id}/rate with its effective date. */
export const userUpdateSchema = z.object({
  username: usernameField,
  email: emailField,
  first_name: requiredText('First name', 50),
  last_name: requiredText('Last name', 50),
  role_id: idOf('Role'),
  available_minutes_per_week: availableMinutesField,
  version: versionField(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** The flags of a role: any missing flag is false. */
export const rolePermissionsSchema = z.partialRecord(
  z.enum(['all', ...PERMISSION_FLAGS], 'Unknown permission flag'),
  z.boolean('Each permission must be true or false'),
);

export const roleSchema = z.object({
  name: requiredText('Name', 50),
  permissions: rolePermissionsSchema,
  version: z.optional(versionField()),
});
export type RoleInput = z.infer<typeof roleSchema>;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function colorField(label: string) {
  return z.string(`${label} is required`).check(z.regex(HEX_COLOR, `${label} must be a colour like #007bff`));
}

/** Time zones the server's Intl knows; an unknown one would break every date of the firm. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ROUNDING_MINUTES = [0, 6, 15] as const;

/** PUT /api/organization/settings. The logo changes through its own upload call. */
export const organizationSettingsSchema = z.object({
  name: requiredText('Firm name', 100),
  primary_color: colorField('Primary colour'),
  secondary_color: colorField('Secondary colour'),
  invoice_prefix: optionalText('Invoice number prefix', 10).check(
    z.regex(/^[A-Za-z0-9/._-]*$/, 'Invoice number prefix may contain letters, digits and . _ - /'),
  ),
  default_terms_days: z
    .int('Payment terms must be whole days')
    .check(z.gte(0, 'Payment terms cannot be negative'), z.lte(365, 'Payment terms must be at most 365 days')),
  remit_to: optionalText('Remit-to address', 500),
  invoice_footer: optionalText('Invoice footer', 1000),
  time_zone: requiredText('Time zone', 64).check(z.refine(isTimeZone, 'Unknown time zone')),
  rounding_minutes: z.union([z.literal(0), z.literal(6), z.literal(15)], 'Rounding must be 0, 6 or 15 minutes'),
  rounding_mode: z.enum(['up', 'nearest'], 'Rounding must be up or nearest'),
  version: versionField(),
});
export type OrganizationSettingsInput = z.infer<typeof organizationSettingsSchema>;

export const SIDEBAR_ORDER_MAX = 20;

/** PUT /api/user/preferences: a partial object of the allowed keys, merged into the stored ones. */
export const userPreferencesSchema = z.strictObject({
  formattedDates: z.optional(z.enum(['true', 'false'], "formattedDates must be 'true' or 'false'")),
  notifsMode: z.optional(
    z.string('notifsMode must be text').check(z.maxLength(20, 'notifsMode must be at most 20 characters')),
  ),
  sidebarOrder: z.optional(
    z
      .array(
        z
          .string('Each sidebar item must be a path')
          .check(
            z.regex(/^\/[A-Za-z0-9/_-]*$/, 'Each sidebar item must be a path'),
            z.maxLength(100, 'A sidebar path must be at most 100 characters'),
          ),
      )
      .check(z.maxLength(SIDEBAR_ORDER_MAX, `The sidebar order has at most ${SIDEBAR_ORDER_MAX} items`)),
  ),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** PUT /user/profile: his own names; a new e-mail waits for the link sent to it. */
export const profileSchema = z.object({
  first_name: requiredText('First name', 50),
  last_name: requiredText('Last name', 50),
  email: emailField,
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const emailChangeConfirmSchema = z.object({
  code: z.string('Code is required').check(z.minLength(1, 'Code is required'), z.maxLength(200), withoutNul('Code')),
});
