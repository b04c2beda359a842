import { z } from 'zod/mini';
import { contactSchema } from './contact';
import { idOf, optionalEmail, optionalText, requiredText, versionField } from './fields';

export const CLIENT_ENTITY_TYPES = [
  'individual',
  'sole_proprietor',
  'partnership',
  's_corp',
  'c_corp',
  'trust',
  'non_profit',
] as const;
export type ClientEntityType = (typeof CLIENT_ENTITY_TYPES)[number];

export const CLIENT_ENTITY_TYPE_LABELS: Record<ClientEntityType, string> = {
  individual: 'Individual',
  sole_proprietor: 'Sole proprietor',
  partnership: 'Partnership',
  s_corp: 'S corporation',
  c_corp: 'C corporation',
  trust: 'Trust',
  non_profit: 'Non-profit',
};

export const CLIENT_STATUSES = ['active', 'inactive', 'prospect'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const CLIENT_CONTACTS_MAX = 20;
export const CLIENT_TAGS_MAX = 20;
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

/** SSN or ITIN (123-45-6789) or EIN (12-3456789), dashes optional. */
export const TAX_ID_PATTERN = /^(\d{3}-?\d{2}-?\d{4}|\d{2}-?\d{7})$/;
export const CLIENT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const tag = requiredText('Tag', 30);

/**
 * The client form and POST /clients. On PUT, `tax_id` and `contacts` left out keep what is
 * stored; `tax_id` null or empty clears it. A contact with an `id` edits that contact; a
 * stored contact missing from the list is removed.
 */
export const clientSchema = z.object({
  client_id: requiredText('Client ID', 20).check(
    z.regex(CLIENT_CODE_PATTERN, 'Client ID may contain letters, digits, dots, dashes and underscores'),
  ),
  legal_name: requiredText('Legal name', 200),
  dba: z.optional(z.nullable(optionalText('DBA', 200))),
  entity_type: z.enum(CLIENT_ENTITY_TYPES, 'Choose an entity type'),
  tax_id: z.optional(
    z.nullable(
      z.union([
        z.literal(''),
        z.string().check(z.trim(), z.regex(TAX_ID_PATTERN, 'Tax ID must be an SSN (123-45-6789) or EIN (12-3456789)')),
      ]),
    ),
  ),
  status: z._default(z.enum(CLIENT_STATUSES, 'Status must be active, inactive or prospect'), 'active'),
  responsible_partner_id: z.optional(z.nullable(idOf('Responsible partner'))),
  responsible_manager_id: z.optional(z.nullable(idOf('Responsible manager'))),
  address_line1: z._default(optionalText('Address line 1', 200), ''),
  address_line2: z._default(optionalText('Address line 2', 200), ''),
  city: z._default(optionalText('City', 100), ''),
  region: z._default(optionalText('State', 100), ''),
  postal_code: z._default(optionalText('ZIP code', 20), ''),
  country: z._default(z.string().check(z.regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as US')), 'US'),
  // Left out: a new client takes the firm's default terms (its settings), an edit keeps his.
  payment_terms_days: z.optional(
    z
      .int('Payment terms must be a whole number of days')
      .check(z.gte(0, 'Payment terms cannot be negative'), z.lte(365, 'Payment terms must be at most 365 days')),
  ),
  invoice_email: optionalEmail('Invoice e-mail'),
  notes: z._default(optionalText('Notes', 5000), ''),
  tags: z._default(z.array(tag).check(z.maxLength(CLIENT_TAGS_MAX, `At most ${CLIENT_TAGS_MAX} tags`)), []),
  contacts: z.optional(
    z.array(contactSchema).check(
      z.maxLength(CLIENT_CONTACTS_MAX, `At most ${CLIENT_CONTACTS_MAX} contacts`),
      z.refine(
        (contacts) => contacts.filter((contact) => contact.is_primary).length <= 1,
        'Only one contact can be primary',
      ),
    ),
  ),
});
export type ClientInput = z.infer<typeof clientSchema>;

export const clientUpdateSchema = z.extend(clientSchema, { version: versionField() });
export type ClientUpdateInput = z.infer<typeof clientUpdateSchema>;
