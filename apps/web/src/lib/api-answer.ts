import { z } from 'zod/mini';

/** A list answer of the API: one page of items and the count of all of them. */
export function pageSchema<Item extends z.ZodMiniType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });
}

export const UNEXPECTED_ANSWER = 'The server answered in a form this page does not understand';

/**
 * An answer checked against the shape the page relies on, so a changed API fails here with
 * a clear message instead of deep inside a component.
 */
export function parseAnswer<Schema extends z.ZodMiniType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(UNEXPECTED_ANSWER, parsed.error.issues);
    throw new Error(UNEXPECTED_ANSWER);
  }
  return parsed.data;
}
