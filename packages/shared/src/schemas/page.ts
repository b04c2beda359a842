import { z } from 'zod/mini';

/** The paging fields of every list answer (`items` beside them): which page, its size, and the total matched. */
export const pageFields = {
  total: z.int(),
  page: z.int(),
  page_size: z.int(),
};
