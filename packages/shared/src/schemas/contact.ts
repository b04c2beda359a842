import { z } from 'zod/mini';
import { optionalEmail, optionalText, recordId, requiredText } from './fields';

export const CONTACT_PHONE_PATTERN = /^[0-9+().\-\s x]*$/;

/** A person at a client; `id` names an existing contact when a client is edited. */
export const contactSchema = z.object({
  id: z.optional(recordId('Contact not found')),
  name: requiredText('Contact name', 200),
  email: optionalEmail('Contact e-mail'),
  phone: z.optional(
    z.nullable(
      optionalText('Phone', 40).check(
        z.regex(CONTACT_PHONE_PATTERN, 'Phone may contain digits, spaces and + ( ) - . x only'),
      ),
    ),
  ),
  is_primary: z._default(z.boolean(), false),
});
export type ContactInput = z.infer<typeof contactSchema>;
