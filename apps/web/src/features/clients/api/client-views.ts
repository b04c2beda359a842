import { z } from 'zod/mini';
import { CLIENT_ENTITY_TYPES, CLIENT_STATUSES } from '@practice/shared';

/** The shapes of the client answers this feature reads (apps/server/src/modules/clients). */

const personRef = z.nullable(z.object({ id: z.number(), name: z.string() }));

export const clientListItemSchema = z.object({
  id: z.number(),
  client_id: z.string(),
  legal_name: z.string(),
  dba: z.nullable(z.string()),
  entity_type: z.enum(CLIENT_ENTITY_TYPES),
  status: z.enum(CLIENT_STATUSES),
  responsible_partner: personRef,
  responsible_manager: personRef,
  tags: z.array(z.string()),
  bookmarked: z.boolean(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

export const contactViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  is_primary: z.boolean(),
});
export type ContactView = z.infer<typeof contactViewSchema>;

const recentTimeSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
  activity_type: z.object({ id: z.number(), name: z.string(), code: z.string() }),
  entry_date: z.string(),
  minutes: z.number(),
  narrative: z.string(),
  billable: z.boolean(),
  status: z.string(),
  amount_cents: z.number(),
});
export type RecentTime = z.infer<typeof recentTimeSchema>;

const unbilledSchema = z.object({
  minutes: z.number(),
  time_cents: z.number(),
  expense_cents: z.number(),
  total_cents: z.number(),
  time_entries: z.number(),
  expenses: z.number(),
});
export type Unbilled = z.infer<typeof unbilledSchema>;

/** GET /clients/{id}: the client, its contacts, the reader's bookmark, unbilled totals and recent time. */
export const clientProfileSchema = z.object({
  id: z.number(),
  client_id: z.string(),
  legal_name: z.string(),
  dba: z.nullable(z.string()),
  entity_type: z.enum(CLIENT_ENTITY_TYPES),
  tax_id_masked: z.nullable(z.string()),
  status: z.enum(CLIENT_STATUSES),
  responsible_partner_id: z.nullable(z.number()),
  responsible_partner: personRef,
  responsible_manager_id: z.nullable(z.number()),
  responsible_manager: personRef,
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  region: z.string(),
  postal_code: z.string(),
  country: z.string(),
  payment_terms_days: z.number(),
  invoice_email: z.nullable(z.string()),
  notes: z.string(),
  tags: z.array(z.string()),
  version: z.number(),
  contacts: z.array(contactViewSchema),
  bookmarked: z.boolean(),
  unbilled: z.nullable(unbilledSchema),
  recent_time: z.array(recentTimeSchema),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  detail: (id: number) => [...clientKeys.all, 'detail', id] as const,
};
