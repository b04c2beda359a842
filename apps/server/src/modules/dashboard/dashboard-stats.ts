import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { hasPermission } from '@practice/shared';
import { withTenant, type Db } from '../../db/client';
import { clients, invoices, timeEntries } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { addDays, dateInZone, firstOfMonth } from '../time-entries/calendar';
import { loadTimeSettings } from '../time-entries/organization-settings';
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

/**
 * The dashboard stats strip for the signed-in user, with "today", the 7-day window and the
 * month taken in the organization's time zone at `now` (a parameter, so tests fix the clock).
 */
export async function dashboardStats(db: Db, actor: SessionUser, now: Date): Promise<DashboardStats> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const { timeZone } = await loadTimeSettings(tx, organizationId);
    const today = dateInZone(now, timeZone);
    const weekStart = addDays(today, -(WEEK_WINDOW_DAYS - 1));
    const [time] = await tx
      .select({
        todayMinutes: sql<number>`coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.entryDate} = ${today}), 0)::int`,
        weekMinutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int`,
        completed: sql<number>`(count(*) filter (where ${timeEntries.status} = 'completed'))::int`,
      })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.organizationId, organizationId),
          eq(timeEntries.userId, actor.id),
          gte(timeEntries.entryDate, weekStart),
          lte(timeEntries.entryDate, today),
        ),
      );
    const [active] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.status, 'active')));
    let pendingInvoices: number | null = null;
    let monthRevenue: number | null = null;
    if (hasPermission(actor.fullRole, 'can_view_invoices')) {
      const [billing] = await tx
        .select({
          pending: sql<number>`(count(*) filter (where ${invoices.status} = 'pending'))::int`,
          revenue: sql<number>`coalesce(sum(${invoices.totalCents}) filter (
            where ${invoices.status} in ('pending', 'partial', 'paid')
              and ${invoices.issueDate} between ${firstOfMonth(today)}::date and ${today}::date), 0)::bigint`.mapWith(
            Number,
          ),
        })
        .from(invoices)
        .where(eq(invoices.organizationId, organizationId));
      pendingInvoices = billing?.pending ?? 0;
      monthRevenue = billing?.revenue ?? 0;
    }
    const todayMinutes = time?.todayMinutes ?? 0;
    const weekMinutes = time?.weekMinutes ?? 0;
    return {
      todayHours: hoursOf(todayMinutes),
      weekHours: hoursOf(weekMinutes),
      todayMinutes,
      weekMinutes,
      completedTasks: time?.completed ?? 0,
      activeClients: active?.count ?? 0,
      pendingInvoices,
      monthRevenue,
      today,
      weekStart,
      timeZone,
    };
  });
}
