import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createOrganization, createUser } from '../organizations/organization.service';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  ownerRows,
  type ActivityTypeBody,
  type ClientBody,
} from '../../../test/work-records';

/**
 * A firm of its own, so that the figures are exactly what these tests put in, whatever
 * demo data the template holds.
 */
let testApp: TestApp;
let organizationId: number;
let owner: Session;
let client: ClientBody;
let activity: ActivityTypeBody;

async function newUser(username: string, roleName: string): Promise<number> {
  return createUser(testApp.context.database.db, organizationId, {
    username,
    email: `${username}@dash.example`,
    firstName: username,
    password: DEMO_PASSWORD,
    roleName,
    standardRateCents: 10_000,
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp.context.database;
  organizationId = await createOrganization(db, { name: 'Dashboard Firm', subdomain: 'dashfirm' });
  await ownerRows(testApp, sql`update organizations set time_zone = 'America/New_York' where id = ${organizationId}`);
  await newUser('dashowner', 'admin');
  owner = await signedIn(testApp.app, 'dashowner');
  client = await createClient(owner, { legal_name: 'Midnight Bakery' });
  activity = await createActivityType(owner, { default_rate_cents: 12_000 });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => testApp.close());

/** The server's clock (Date only: timers and the database keep running). */
function clockAt(instant: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}

describe('GET /dashboard/stats', () => {
  it("computes today and the 7-day window in the organization's time zone", async () => {
    await newUser('dashstaff', 'staff');
    const staff = await signedIn(testApp.app, 'dashstaff');
    const record = (entry_date: string, minutes: number, status = 'draft') =>
      createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id, entry_date, minutes, status });
    await record('2026-03-09', 60, 'completed');
    await record('2026-03-03', 30, 'completed');
    await record('2026-03-02', 120, 'completed');
    await record('2026-03-10', 45);
    // Another person's time is not this user's stats.
    await createTimeEntry(owner, { client_id: client.id, activity_type_id: activity.id, entry_date: '2026-03-09' });

    // 03:30 UTC on 10 March is 23:30 on 9 March in New York (EDT, UTC-4).
    clockAt('2026-03-10T03:30:00Z');
    const evening = await staff.request({ url: '/dashboard/stats' });
    expectStatus(evening, 200);
    expect(evening.json()).toEqual({
      todayHours: 1,
      weekHours: 1.5,
      todayMinutes: 60,
      weekMinutes: 90,
      completedTasks: 2,
      activeClients: 1,
      pendingInvoices: null,
      monthRevenue: null,
      today: '2026-03-09',
      weekStart: '2026-03-03',
      timeZone: 'America/New_York',
    });

    // Just after local midnight the new day holds only the entry dated 10 March.
    clockAt('2026-03-10T04:30:00Z');
    const morning = (await staff.request({ url: '/dashboard/stats' })).json();
    expect(morning).toMatchObject({
      today: '2026-03-10',
      weekStart: '2026-03-04',
      todayMinutes: 45,
      weekMinutes: 105,
      todayHours: 0.75,
      completedTasks: 1,
    });
  });

  it('counts active clients only, and shows invoice figures to those who may see invoices', async () => {
    await createClient(owner, { status: 'active' });
    await createClient(owner, { status: 'inactive' });
    await createClient(owner, { status: 'prospect' });
    await newUser('dashmanager', 'manager');
    const manager = await signedIn(testApp.app, 'dashmanager');
    clockAt('2026-03-10T04:30:00Z');
    const stats = (await manager.request({ url: '/dashboard/stats' })).json();
    expect(stats).toMatchObject({ activeClients: 2, pendingInvoices: 0, monthRevenue: 0 });

    const invoice = (status: string, issueDate: string | null, totalCents: number) =>
      ownerRows(
        testApp,
        sql`insert into invoices (organization_id, client_id, status, issue_date, total_cents)
            values (${organizationId}, ${client.id}, ${status}, ${issueDate}, ${totalCents})`,
      );
    await invoice('pending', '2026-03-01', 10_000);
    await invoice('paid', '2026-03-10', 20_000);
    await invoice('partial', '2026-02-28', 40_000);
    await invoice('void', '2026-03-05', 80_000);
    await invoice('draft', null, 160_000);
    const billed = (await manager.request({ url: '/dashboard/stats' })).json();
    expect(billed).toMatchObject({ pendingInvoices: 1, monthRevenue: 30_000 });
    // At 23:30 on 28 February in New York it is still February's revenue that counts.
    clockAt('2026-03-01T04:30:00Z');
    expect((await manager.request({ url: '/dashboard/stats' })).json()).toMatchObject({
      today: '2026-02-28',
      monthRevenue: 40_000,
      pendingInvoices: 1,
    });
    // The figures are trigger-kept counts (migration 0022): they follow updates and deletes too.
    const ours = sql`organization_id = ${organizationId} and client_id = ${client.id}`;
    await ownerRows(testApp, sql`update invoices set status = 'void' where ${ours} and status = 'paid'`);
    await ownerRows(
      testApp,
      sql`update invoices set status = 'paid', issue_date = '2026-02-27' where ${ours} and status = 'draft'`,
    );
    await ownerRows(testApp, sql`delete from invoices where ${ours} and status = 'void' and total_cents = 80000`);
    expect((await manager.request({ url: '/dashboard/stats' })).json()).toMatchObject({
      monthRevenue: 40_000 + 160_000,
      pendingInvoices: 1,
    });
    const drift = await ownerRows(
      testApp,
      // Counted in stripes (migration 0035): the sum of a status's stripes is its count.
      sql`select s.status, s.invoices, count(i.id)::int as actual from (
            select organization_id, status, sum(invoices)::int as invoices from invoice_status_counts
            group by organization_id, status) s
          left join invoices i on i.organization_id = s.organization_id and i.status = s.status
          where s.organization_id = ${organizationId} group by s.status, s.invoices having s.invoices <> count(i.id)`,
    );
    expect(drift).toEqual([]);
  });
});

describe('the lists the dashboard calls are bounded', () => {
  it('pages GET /clients, /time-entries, /activities and /invoices and refuses pages over 100', async () => {
    for (const url of ['/clients', '/time-entries', '/activities', '/invoices']) {
      const page = await owner.request({ url: `${url}?page_size=2` });
      expectStatus(page, 200);
      expect(page.json(), url).toMatchObject({ page: 1, page_size: 2 });
      expect(page.json().items.length, url).toBeLessThanOrEqual(2);
      const tooLarge = await owner.request({ url: `${url}?page_size=101` });
      expectStatus(tooLarge, 400);
      expect(tooLarge.json().details, url).toEqual({ page_size: 'Page size must be at most 100' });
    }
    expect((await owner.request({ url: '/activities' })).json().page_size).toBe(20);
    expect((await owner.request({ url: '/invoices' })).json().page_size).toBe(25);
  });

  it('answers GET /invoices newest first, and only to those with can_view_invoices', async () => {
    const page = (await owner.request({ url: '/invoices?status=pending' })).json();
    expect(page).toMatchObject({ total: 1, items: [{ status: 'pending', total_cents: 10_000, client_id: client.id }] });
    const staff = await signedIn(testApp.app, 'dashstaff');
    const refused = await staff.request({ url: '/invoices' });
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ error: 'Permission required: can_view_invoices' });
    const demo = await signedIn(testApp.app, 'nwadmin');
    const foreign = (await demo.request({ url: `/invoices?client_id=${client.id}` })).json();
    expect(foreign).toMatchObject({ total: 0, items: [] });
  });

  it("lists recent activity newest first, with others' time only for those who may see it", async () => {
    await newUser('dashother', 'staff');
    const other = await signedIn(testApp.app, 'dashother');
    const staff = await signedIn(testApp.app, 'dashstaff');
    const own = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id, minutes: 90 });
    const theirs = await createTimeEntry(other, { client_id: client.id, activity_type_id: activity.id, minutes: 30 });

    const forOwner = (await owner.request({ url: '/activities?page_size=2' })).json();
    expect(forOwner.has_more).toBe(true);
    expect(
      forOwner.items.map((item: { entity_id: number; description: string }) => [item.entity_id, item.description]),
    ).toEqual([
      [theirs.id, 'Recorded 0.5 h for Midnight Bakery'],
      [own.id, 'Recorded 1.5 h for Midnight Bakery'],
    ]);
    expect(forOwner.items[0]).toMatchObject({
      action: 'create',
      activity_type: 'time_entry',
      user: { username: 'dashother' },
      client: { id: client.id, legal_name: 'Midnight Bakery' },
    });

    const forStaff = (await staff.request({ url: '/activities?page_size=100' })).json();
    const entryIds = forStaff.items
      .filter((item: { activity_type: string }) => item.activity_type === 'time_entry')
      .map((item: { entity_id: number }) => item.entity_id);
    expect(entryIds).toContain(own.id);
    expect(entryIds).not.toContain(theirs.id);
    const demoAdmin = await signedIn(testApp.app, 'admin');
    await createClient(demoAdmin, { legal_name: 'Demo Side Client' });
    const foreign = (await demoAdmin.request({ url: '/activities?page_size=100' })).json();
    expect(JSON.stringify(foreign.items)).toContain('Demo Side Client');
    expect(JSON.stringify(foreign.items)).not.toContain('Midnight Bakery');
  });

  it('pages the feed newest first with nothing skipped or repeated, for everyone and for his own time', async () => {
    await newUser('dashpager', 'staff');
    const pager = await signedIn(testApp.app, 'dashpager');
    const own = await createTimeEntry(pager, { client_id: client.id, activity_type_id: activity.id, minutes: 12 });
    // Newer rows of someone else's time lie between his entry and the firm's client and code.
    for (const minutes of [6, 18, 24]) {
      await createTimeEntry(owner, { client_id: client.id, activity_type_id: activity.id, minutes });
    }
    type Item = { id: number; activity_type: string; entity_id: number };
    const items = async (reader: Session, query: string): Promise<Item[]> =>
      (await reader.request({ url: `/activities?${query}` })).json().items;
    for (const reader of [owner, pager]) {
      const whole = await items(reader, 'page_size=100');
      expect(whole.map((item) => item.id)).toEqual(whole.map((item) => item.id).sort((a, b) => b - a));
      const paged: Item[] = [];
      for (const page of [1, 2, 3]) paged.push(...(await items(reader, `page_size=2&page=${page}`)));
      expect(paged).toEqual(whole.slice(0, 6));
    }
    const mine = await items(pager, 'page_size=100');
    expect(mine[0]).toMatchObject({ activity_type: 'time_entry', entity_id: own.id });
    expect(mine.filter((item) => item.activity_type === 'time_entry').map((item) => item.entity_id)).toEqual([own.id]);
    expect(mine).toContainEqual(expect.objectContaining({ activity_type: 'activity_type', entity_id: activity.id }));
    expect(mine).toContainEqual(expect.objectContaining({ activity_type: 'client', entity_id: client.id }));
  });
});
