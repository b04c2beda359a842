import { z } from 'zod';
import { PERMISSION_FLAGS, type FullRole } from '@practice/shared';
import type { RoleView } from './roles.service';

/** `all` and every SPEC 3 flag, each true or false. */
export const fullRoleAnswer = z.object(
  Object.fromEntries(['all', ...PERMISSION_FLAGS].map((flag) => [flag, z.boolean()])),
) as unknown as z.ZodType<FullRole>;

export const roleAnswer: z.ZodType<RoleView> = z.object({
  id: z.int(),
  key: z.string(),
  name: z.string(),
  permissions: fullRoleAnswer,
  built_in: z.boolean(),
  users: z.int().describe('How many users hold the role'),
  version: z.int(),
});

export const roleListAnswer = z.object({ items: z.array(roleAnswer) });
export const roleOptionsAnswer = z.object({ items: z.array(z.object({ id: z.int(), name: z.string() })) });
