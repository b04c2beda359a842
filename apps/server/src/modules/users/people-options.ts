import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { withTenant, type Db } from '../../db/client';
import { roles, users } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { likePattern } from '../records/pagination';
import { displayName } from '../records/user-lookup';

/** A picker lists a screenful; typing narrows it (docs/decisions/0051). */
export const PEOPLE_OPTIONS_MAX = 50;
const ROLE_NAMES_MAX = 10;

export const peopleOptionsQuery = z.object({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  role: z
    .string()
    .max(200, 'Role must be at most 200 characters')
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ])
    .refine((names) => names.length <= ROLE_NAMES_MAX, `Role names at most ${ROLE_NAMES_MAX} roles`)
    .optional(),
  page_size: z.coerce
    .number()
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(PEOPLE_OPTIONS_MAX, `Page size must be at most ${PEOPLE_OPTIONS_MAX}`)
    .default(20),
});
export type PeopleOptionsQuery = z.infer<typeof peopleOptionsQuery>;

/** What a picker needs of a colleague: no e-mail, username or permissions. */
export type PersonOption = { id: number; name: string; role: string };
export type PeopleOptions = { items: PersonOption[]; has_more: boolean };

/**
 * The organization's active people by name, for the responsible partner and manager
 * pickers: searched by name or username, optionally only some roles (by role name).
 */
export async function listPeopleOptions(db: Db, actor: SessionUser, query: PeopleOptionsQuery): Promise<PeopleOptions> {
  const organizationId = actor.organizationId;
  const where = and(
    ...([
      eq(users.organizationId, organizationId),
      eq(users.active, true),
      query.q
        ? sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${likePattern(query.q)} or ${users.username} ilike ${likePattern(query.q)})`
        : undefined,
      query.role && query.role.length > 0 ? inArray(roles.name, query.role) : undefined,
    ] satisfies (SQL | undefined)[]),
  );
  return withTenant(db, organizationId, async (tx) => {
    const rows = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        role: roles.displayName,
      })
      .from(users)
      .innerJoin(roles, and(eq(roles.organizationId, users.organizationId), eq(roles.id, users.roleId)))
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(query.page_size + 1);
    return {
      items: rows.slice(0, query.page_size).map((row) => ({ id: row.id, name: displayName(row), role: row.role })),
      has_more: rows.length > query.page_size,
    };
  });
}
