import { sql } from 'drizzle-orm';
import { hasPermission } from '@practice/shared';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/route-permission';
import { hoursOf } from '../time-entries/time-math';

/** SPEC 2 week window: 7 days ending today. */
export const WEEK_WINDOW_DAYS = 7;

export type DashboardStats = {
  todayHours: number;
  weekHours: number;
  todayMinutes: number;
  weekMinutes: number;
  completedTasks: number;
  activeClients: number;
  /** Null for someone without can_view_invoices: the firm's billing is not everyone's business. */
  pendingInvoices: number | null;
  /** Integer cents of invoices issued this month (not void, not draft). */
  monthRevenue: number | null;
  today: string;
  weekStart: string;
  timeZone: string;
};

type StatsRow = {
  time_zone: string;
  today: string;
  week_start: string;
  today_minutes: number;
  week_minutes: number;
  completed: number;
  active_clients: number;
  pending_invoices: number;
  month_revenue: string;
};

/**
 * The dashboard stats strip for the signed-in user, with "today", the 7-day window and the
 * month taken in the organization's time zone at `now` (a parameter, so tests fix the clock).
 * One read-only statement sent with the tenant settings in one round trip: the dashboard
 * budget leaves no room for a round trip per figure, nor for BEGIN and COMMIT (ADR 0063).
 * Active clients come from the trigger-kept counts, the rest from narrow index ranges.
 */
export async function dashboardStats(database: Database, actor: SessionUser, now: Date): Promise<DashboardStats> {
  const organizationId = actor.organizationId;
  const seesBilling = hasPermission(actor.fullRole, 'can_view_invoices');
  // dashboard_stats (migration 0009) holds the statement: PL/pgSQL plans it once per
  // connection, and planning took twice as long as running it (ADR 0089).
  const [row] = await database.readAsTenant<StatsRow>(
    organizationId,
    sql`select * from dashboard_stats(${organizationId}, ${actor.id}, ${now.toISOString()}::timestamptz,
      ${WEEK_WINDOW_DAYS}, ${seesBilling})`,
  );
  if (!row) throw new Error(`Organization ${organizationId} is missing`);
  return {
    todayHours: hoursOf(row.today_minutes),
    weekHours: hoursOf(row.week_minutes),
    todayMinutes: row.today_minutes,
    weekMinutes: row.week_minutes,
    completedTasks: row.completed,
    activeClients: row.active_clients,
    pendingInvoices: seesBilling ? row.pending_invoices : null,
    monthRevenue: seesBilling ? Number(row.month_revenue) : null,
    today: row.today,
    weekStart: row.week_start,
    timeZone: row.time_zone,
  };
}
