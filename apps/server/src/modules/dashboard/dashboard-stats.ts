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
  // "today" comes from the organization's row; the time-entry range reads it through
  // uncorrelated subqueries (computed first, then constants), so row-level security lets the
  // range be an index condition (a correlated time-zone expression is not leakproof).
  const [row] = await database.readAsTenant<StatsRow>(
    organizationId,
    sql`
      with day as materialized (
        select o.time_zone, (${now.toISOString()}::timestamptz at time zone o.time_zone)::date as today
        from organizations o where o.id = ${organizationId}
      )
      select day.time_zone, to_char(day.today, 'YYYY-MM-DD') as today,
             to_char(day.today - ${WEEK_WINDOW_DAYS - 1}::int, 'YYYY-MM-DD') as week_start,
             time.today_minutes, time.week_minutes, time.completed,
             coalesce((
               select c.clients from client_status_counts c
               where c.organization_id = ${organizationId} and c.status = 'active'
             ), 0) as active_clients,
             billing.pending_invoices, billing.month_revenue
      from day,
      (
        select coalesce(sum(t.minutes) filter (where t.entry_date = (select today from day)), 0)::int as today_minutes,
               coalesce(sum(t.minutes), 0)::int as week_minutes,
               (count(*) filter (where t.status = 'completed'))::int as completed
        from time_entries t
        where t.organization_id = ${organizationId} and t.user_id = ${actor.id}
          and t.entry_date between (select today - ${WEEK_WINDOW_DAYS - 1}::int from day) and (select today from day)
      ) time,
      (
        select (count(*) filter (where i.status = 'pending'))::int as pending_invoices,
               coalesce(sum(i.total_cents) filter (
                 where i.status in ('pending', 'partial', 'paid')
                   and i.issue_date between (select date_trunc('month', today)::date from day) and (select today from day)
               ), 0)::bigint as month_revenue
        from invoices i
        where i.organization_id = ${organizationId} and ${seesBilling}
      ) billing`,
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
