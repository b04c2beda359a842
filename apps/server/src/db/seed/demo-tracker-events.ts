import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

/** One page of a demo session and what the user did there, as the browser's tracker reports it. */
type Visit = {
  path: string;
  title: string;
  api?: { path: string; milliseconds: number };
  click?: { text: string; selector: string };
  submit?: { name: string; fields: Record<string, string> };
};

const DASHBOARD: Visit = { path: '/', title: 'Dashboard', api: { path: '/dashboard/stats', milliseconds: 140 } };

/** The pages each demo user works in, by role; every session starts at the dashboard. */
const VISITS: Record<string, Visit[]> = {
  admin: [
    { path: '/users/manage', title: 'People', api: { path: '/users', milliseconds: 95 } },
    {
      path: '/admin',
      title: 'Admin',
      api: { path: '/audit-log', milliseconds: 120 },
      click: { text: 'Audit trail', selector: 'main > nav.tabs > button' },
    },
    { path: '/admin/roles', title: 'Roles', api: { path: '/roles', milliseconds: 60 } },
  ],
  partner: [
    { path: '/clients/manage', title: 'Clients', api: { path: '/clients', milliseconds: 110 } },
    { path: '/reports', title: 'Reports', api: { path: '/reports/realization', milliseconds: 260 } },
  ],
  manager: [
    { path: '/time_entries/team', title: 'Team time', api: { path: '/time-entries/team', milliseconds: 180 } },
    { path: '/reports', title: 'Reports', api: { path: '/reports/utilization', milliseconds: 240 } },
  ],
  staff: [
    {
      path: '/time_entries/create',
      title: 'Record time',
      submit: { name: 'Record time', fields: { minutes: '90', narrative: 'Reconciled the bank statements' } },
      api: { path: '/time-entries', milliseconds: 75 },
    },
    { path: '/profile', title: 'Time & Expense', api: { path: '/time-entries', milliseconds: 85 } },
  ],
  billing: [
    { path: '/billing', title: 'Billing', api: { path: '/billing', milliseconds: 210 } },
    {
      path: '/invoices',
      title: 'Invoices',
      api: { path: '/invoices', milliseconds: 130 },
      click: { text: 'Issue', selector: 'main table.data-table > tbody > tr > td' },
    },
  ],
};

/** Each user's sessions: this many, on different days of the last week. */
const SESSIONS_PER_USER = 3;
const SECONDS_BETWEEN_EVENTS = 40;
const BROWSER = { user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', language: 'en-US' };
const DEVICE = { width: 1440, height: 900, pixel_ratio: 1 };

type TrackerEvent = {
  type: 'navigation' | 'click' | 'form_submit' | 'api_call' | 'system_event' | 'scroll';
  category: string;
  name: string;
  visit: Visit;
  pageLoadTime?: number;
  browser?: Record<string, string | number>;
  device?: Record<string, string | number>;
  selector?: string;
  text?: string;
  extra?: Record<string, string | number>;
  responseTime?: number;
};

function visitEvents(visit: Visit): TrackerEvent[] {
  const events: TrackerEvent[] = [{ type: 'navigation', category: 'page', name: visit.path, visit }];
  if (visit.api) {
    const { path, milliseconds } = visit.api;
    events.push({
      type: 'api_call',
      category: 'api',
      name: path,
      visit,
      responseTime: milliseconds,
      extra: { status: 200 },
    });
  }
  if (visit.click) {
    const { text, selector } = visit.click;
    events.push({ type: 'click', category: 'interaction', name: 'button', visit, selector, text });
  }
  if (visit.submit) {
    const { name, fields } = visit.submit;
    events.push({ type: 'form_submit', category: 'form', name, visit, selector: 'main > form', extra: fields });
  }
  return events;
}

/** A session as the tracker sends it: its start, the dashboard, then the user's pages. */
function sessionEvents(visits: Visit[]): TrackerEvent[] {
  const started: TrackerEvent = {
    type: 'system_event',
    category: 'session',
    name: 'tracking started',
    visit: DASHBOARD,
    pageLoadTime: 420,
    browser: BROWSER,
    device: DEVICE,
  };
  const scrolled: TrackerEvent = {
    type: 'scroll',
    category: 'page',
    name: 'scroll',
    visit: visits.at(-1) ?? DASHBOARD,
    extra: { scroll_y: 640, page_height: 2200 },
  };
  return [started, ...[DASHBOARD, ...visits].flatMap(visitEvents), scrolled];
}

const json = (value: Record<string, string | number> | undefined) => (value ? JSON.stringify(value) : null);

/**
 * The activity tracker's log of the demo users' last week (issue 16), so /admin/activity has
 * events of several people, types and days. Written as POST /api/activity-logs writes them,
 * with past times, which that call (stamping its own time) cannot give.
 */
export async function insertDemoTrackerEvents(
  tx: Tx,
  firm: { organizationId: number; userIds: Map<string, number>; webUrl: string; now: Date },
): Promise<number> {
  const rows = [...firm.userIds].flatMap(([username, userId], person) =>
    Array.from({ length: SESSIONS_PER_USER }, (_, session) => {
      const daysAgo = (person + 2 * session) % 7;
      const start = firm.now.getTime() - daysAgo * 24 * 3600_000 - (2 + person) * 3600_000;
      const sessionId = `${start.toString(36)}-demo${person}${session}`;
      return sessionEvents(VISITS[username] ?? []).map((event, index) => {
        const at = new Date(start + index * SECONDS_BETWEEN_EVENTS * 1000).toISOString();
        return sql`(
          ${firm.organizationId}, ${userId}, ${sessionId}, ${event.type}, ${event.category}, ${event.name},
          ${new URL(event.visit.path, firm.webUrl).href}, ${event.visit.title}, ${event.pageLoadTime ?? null},
          ${json(event.browser)}::jsonb, ${json(event.device)}::jsonb, ${event.selector ?? null}, ${event.text ?? null},
          ${json(event.extra)}::jsonb, ${event.responseTime ?? null}, ${`203.0.113.${10 + person}`},
          ${at}::timestamptz, ${at}::timestamptz
        )`;
      });
    }),
  );
  const values = rows.flat();
  if (values.length === 0) return 0;
  await tx.execute(sql`
    insert into activity_logs (
      organization_id, user_id, session_id, activity_type, activity_category, activity_name, page_url, page_title,
      page_load_time, browser_info, device_info, element_selector, element_text, extra_data, response_time,
      ip_address, client_timestamp, created_at
    ) values ${sql.join(values, sql`, `)}
  `);
  return values.length;
}
