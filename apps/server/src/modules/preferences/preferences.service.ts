import { and, eq, sql } from 'drizzle-orm';
import type { UserPreferences } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { userPreferences } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';

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
 * PUT /api/user/preferences: merges the given keys into his stored ones with jsonb || in one
 * statement, so two tabs saving different keys at once both keep theirs. A change is a change
 * to a user's settings: it writes an audit row with the keys' values before and after (ADR 0180).
 */
export async function mergePreferences(db: Db, user: SessionUser, change: UserPreferences): Promise<UserPreferences> {
  const patch = JSON.stringify(change);
  const mine = and(eq(userPreferences.organizationId, user.organizationId), eq(userPreferences.userId, user.id));
  return withTenant(db, user.organizationId, async (tx) => {
    // Locked, so the "before" of the audit row is what this merge really replaced.
    const [current] = await tx
      .select({ preferences: userPreferences.preferences })
      .from(userPreferences)
      .where(mine)
      .for('update');
    const [row] = await tx
      .insert(userPreferences)
      .values({ organizationId: user.organizationId, userId: user.id, preferences: change })
      .onConflictDoUpdate({
        target: [userPreferences.organizationId, userPreferences.userId],
        set: { preferences: sql`${userPreferences.preferences} || ${patch}::jsonb`, updatedAt: new Date() },
      })
      .returning({ preferences: userPreferences.preferences });
    const stored = (current?.preferences ?? {}) as Record<string, unknown>;
    const keys = Object.keys(change) as (keyof UserPreferences)[];
    const changed = keys.filter((key) => JSON.stringify(stored[key]) !== JSON.stringify(change[key]));
    if (changed.length > 0) {
      await writeAudit(tx, {
        organizationId: user.organizationId,
        userId: user.id,
        action: 'update_preferences',
        entity: 'user',
        entityId: user.id,
        before: Object.fromEntries(changed.map((key) => [key, stored[key] ?? null])),
        after: Object.fromEntries(changed.map((key) => [key, change[key]])),
      });
    }
    return (row?.preferences ?? {}) as UserPreferences;
  });
}
