import { z } from 'zod';
import type { OrganizationSettings } from './settings.service';

/** GET and PUT /api/organization/settings, and the logo calls (their OpenAPI response schema). */
export const settingsAnswer: z.ZodType<OrganizationSettings> = z.object({
  name: z.string(),
  subdomain: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  logo_url: z.string().nullable().describe('Where the logo is served, with its version; null without one'),
  logo_content_type: z.string().nullable(),
  invoice_prefix: z.string(),
  default_terms_days: z.int(),
  remit_to: z.string(),
  invoice_footer: z.string(),
  time_zone: z.string(),
  rounding_minutes: z.int(),
  rounding_mode: z.string(),
  version: z.int(),
});
