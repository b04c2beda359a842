import { and, eq, sql } from 'drizzle-orm';
import type { UserPreferences } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { userPreferences } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';

/** GET /api/user/preferences: the keys the signed-in user stored, as an object ({} when none). */
export async function readPreferences(db: Db, user: SessionUser): Promise<UserPreferences> {
  const [row] = await withTenant(db, user.organizationId, (tx) =>
    tx
      .select({ preferences: userPreferences.preferences })
      .from(userPreferences)
      .where(and(eq(userPreferences.organizationId, user.organizationId), eq(userPreferences.userId, user.id))),
  );
  return (row?.preferences ?? {}) as UserPreferences;
}

/**
 * PUT /api/user/preferences: merges the given keys into his stored ones in one statement
 * (jsonb ||), so two tabs saving different keys at once both keep theirs. Personal display
 * choices, not firm data: no audit row (ADR 0147).
 */
export async function mergePreferences(db: Db, user: SessionUser, change: UserPreferences): Promise<UserPreferences> {
  const patch = JSON.stringify(change);
  const [row] = await withTenant(db, user.organizationId, (tx) =>
    tx
      .insert(userPreferences)
      .values({ organizationId: user.organizationId, userId: user.id, preferences: change })
      .onConflictDoUpdate({
        target: [userPreferences.organizationId, userPreferences.userId],
        set: { preferences: sql`${userPreferences.preferences} || ${patch}::jsonb`, updatedAt: new Date() },
      })
      .returning({ preferences: userPreferences.preferences }),
  );
  return (row?.preferences ?? {}) as UserPreferences;
}
