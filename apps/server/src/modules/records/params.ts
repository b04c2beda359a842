import { z } from 'zod';
import { NOT_FOUND } from '../../lib/errors';

/** `:id` of a path; an id that is not a positive whole number is simply not found. */
export const idParams = z.object({
  id: z.coerce.number({ error: NOT_FOUND }).int(NOT_FOUND).positive(NOT_FOUND).max(2_147_483_647, NOT_FOUND),
});
