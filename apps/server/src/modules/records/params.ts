import { z } from 'zod';

/** `:id` of a path; an id that is not a positive whole number is simply not found. */
export const idParams = z.object({
  id: z.coerce.number({ error: 'Not found' }).int('Not found').positive('Not found').max(2_147_483_647, 'Not found'),
});
