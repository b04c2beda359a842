import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import { writeAudit } from '../audit/audit';

export type RoundingRule = { minutes: 0 | 6 | 15; mode: 'up' | 'nearest' };
export type TimeSettings = { timeZone: string; rounding: RoundingRule };

export async function loadTimeSettings(tx: Tx, organizationId: number): Promise<TimeSettings> {
  const [row] = await tx
    .select({
      timeZone: organizations.timeZone,
      minutes: organizations.timeRoundingMinutes,
      mode: organizations.timeRoundingMode,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`Organization ${organizationId} is missing`);
  return {
    timeZone: row.timeZone,
    rounding: { minutes: row.minutes as RoundingRule['minutes'], mode: row.mode as RoundingRule['mode'] },
  };
}

export type TimeSettingsView = { time_zone: string; rounding_minutes: number; rounding_mode: string };

export function timeSettingsViewOf(settings: TimeSettings): TimeSettingsView {
  return {
    time_zone: settings.timeZone,
    rounding_minutes: settings.rounding.minutes,
    rounding_mode: settings.rounding.mode,
  };
}

export async function updateRounding(
  tx: Tx,
  organizationId: number,
  userId: number,
  rounding: RoundingRule,
): Promise<TimeSettings> {
  const before = await loadTimeSettings(tx, organizationId);
  await tx
    .update(organizations)
    .set({ timeRoundingMinutes: rounding.minutes, timeRoundingMode: rounding.mode })
    .where(eq(organizations.id, organizationId));
  await writeAudit(tx, {
    organizationId,
    userId,
    action: 'update',
    entity: 'time_settings',
    entityId: organizationId,
    before: before.rounding,
    after: rounding,
  });
  return { ...before, rounding };
}
