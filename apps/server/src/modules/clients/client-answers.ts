import { z } from 'zod';
import { pageFields } from '@practice/shared';
import { timeEntryAnswer } from '../time-entries/time-entry-answers';
import type { ClientListItem } from './client-list';
import type { ClientProfile } from './client-profile';
import type { ClientView, ContactView } from './client-view';
import type { ClientWithContacts } from './clients.service';

/** The answers of the client routes (their OpenAPI response schemas). */

const person = z.object({ id: z.int(), name: z.string() });

const contact: z.ZodType<ContactView> = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_primary: z.boolean(),
});

const clientFields = {
  id: z.int(),
  client_id: z.string(),
  legal_name: z.string(),
  dba: z.string().nullable(),
  entity_type: z.string(),
  tax_id_masked: z.string().nullable().describe('Never the tax id itself: GET /clients/{id}/tax-id reveals it'),
  status: z.string(),
  responsible_partner_id: z.int().nullable(),
  responsible_partner: person.nullable(),
  responsible_manager_id: z.int().nullable(),
  responsible_manager: person.nullable(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  region: z.string(),
  postal_code: z.string(),
  country: z.string(),
  payment_terms_days: z.int(),
  invoice_email: z.string().nullable(),
  notes: z.string(),
  tags: z.array(z.string()),
  version: z.int(),
  created_at: z.date(),
  updated_at: z.date(),
} satisfies Record<keyof ClientView, z.ZodType>;

export const clientAnswer: z.ZodType<ClientWithContacts> = z.object({ ...clientFields, contacts: z.array(contact) });

export const clientProfileAnswer: z.ZodType<ClientProfile> = z.object({
  ...clientFields,
  contacts: z.array(contact),
  bookmarked: z.boolean(),
  unbilled: z
    .object({
      minutes: z.int(),
      hours: z.number(),
      time_cents: z.int(),
      expense_cents: z.int(),
      total_cents: z.int(),
      time_entries: z.int(),
      expenses: z.int(),
    })
    .nullable()
    .describe("Null for someone who may not see other people's time"),
  recent_time: z.array(timeEntryAnswer),
});

const clientListItem: z.ZodType<ClientListItem> = z.object({
  id: z.int(),
  client_id: z.string(),
  legal_name: z.string(),
  dba: z.string().nullable(),
  entity_type: z.string(),
  status: z.string(),
  responsible_partner: person.nullable(),
  responsible_manager: person.nullable(),
  tags: z.array(z.string()),
  bookmarked: z.boolean(),
  updated_at: z.date(),
});

export const clientListAnswer = z.object({ ...pageFields, items: z.array(clientListItem) });

export const taxIdAnswer = z.object({ tax_id: z.string().nullable() });
export const nextClientIdAnswer = z.object({ client_id: z.string() });
export const bookmarkAnswer = z.object({ id: z.int(), bookmarked: z.boolean() });
