import { sql, type SQL } from 'drizzle-orm';

/**
 * Available minutes over a period of `days` calendar days from a person's available minutes per
 * week (PRODUCT.md: 40 hours unless the firm set them; users.available_minutes_per_week, 0 to
 * 10,080): per week x days / 7, rounded half up. Whole numbers of at least 0, so the integer
 * division is the floor.
 */
export function availableMinutesSql(perWeek: SQL, days: number): SQL {
  return sql`((${perWeek})::bigint * ${days}::bigint * 2 + 7) / 14`;
}
