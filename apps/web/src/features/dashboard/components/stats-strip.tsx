import { formatHours, formatMoney } from '@practice/shared';
import { useDashboardStats } from '../api/dashboard-stats';
import { useLoggedFailure } from './use-logged-failure';

/** hint: what the figure counts, where the label alone reads as something else. */
type Stat = { label: string; value: string | null; hint?: string };

/** SPEC 1 stats strip: today's and the 7-day window's hours (1 decimal), completed tasks, active clients, pending invoices, month revenue. */
export function StatsStrip() {
  const stats = useDashboardStats();
  useLoggedFailure('the stats', stats.error);
  const data = stats.data;
  const items: Stat[] = [
    { label: "Today's hours", value: data ? formatHours(data.todayMinutes) : null },
    // SPEC's rolling 7 days, not the timesheet's Monday-to-Sunday week: the card says so.
    { label: "Week's hours", value: data ? formatHours(data.weekMinutes) : null, hint: 'Last 7 days, today included' },
    { label: 'Completed tasks', value: data ? String(data.completedTasks) : null },
    { label: 'Active clients', value: data ? String(data.activeClients) : null },
  ];
  // Billing figures are shown to those who may see invoices (the server sends null to the others).
  if (!data || data.pendingInvoices !== null) {
    items.push({
      label: 'Pending invoices',
      value: data?.pendingInvoices == null ? null : String(data.pendingInvoices),
    });
  }
  if (!data || data.monthRevenue !== null) {
    items.push({ label: 'Month revenue', value: data?.monthRevenue == null ? null : formatMoney(data.monthRevenue) });
  }
  return (
    <section className="stats-strip" aria-label="Your numbers">
      <dl>
        {items.map((item) => (
          <div key={item.label} className="stat">
            <dt>{item.label}</dt>
            <dd>
              {item.value ?? (
                <span className="stat-placeholder">
                  <span className="visually-hidden">Not loaded</span>
                </span>
              )}
            </dd>
            {item.hint && <dd className="stat-hint">{item.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
