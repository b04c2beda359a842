import { z } from 'zod/mini';

/**
 * SPEC 3 user object as POST /login, POST /refresh and GET /user answer it. The role may
 * arrive as an object with a name, as a plain string, or only as role_name.
 */
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  first_name: z.nullish(z.string()),
  last_name: z.nullish(z.string()),
  organization_id: z.number(),
  role: z.optional(z.union([z.object({ name: z.string() }), z.string()])),
  role_name: z.nullish(z.string()),
  full_role: z.record(z.string(), z.boolean()),
  bookmarked_clients: z.optional(z.array(z.unknown())),
});
export type SessionUserView = z.infer<typeof sessionUserSchema>;
