import { sql, type SQL } from 'drizzle-orm';

/** PRODUCT.md: a staff member's available hours per week, 40 unless the firm set them. */
export const DEFAULT_AVAILABLE_MINUTES_PER_WEEK = 2400;

/**
 * The available minutes per week of the user row `alias`, in one place: the people admin
 * (issue of h-people) adds users.available_minutes_per_week; until that column exists the
 * row has no such key and every person has the default. Read through to_jsonb so the same
 * statement runs on either schema.
 */
export function availableMinutesPerWeek(alias: string): SQL {
  return sql.raw(
    `coalesce((to_jsonb(${alias}) ->> 'available_minutes_per_week')::integer, ${DEFAULT_AVAILABLE_MINUTES_PER_WEEK})`,
  );
}

/** Available minutes over a period of `days` calendar days: per week x days / 7, rounded half up. */
export function availableMinutes(perWeek: number, days: number): number {
  return Math.floor((perWeek * days * 2 + 7) / 14);
}
