import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { createTaxIdCipher } from '../../modules/clients/tax-id-cipher';
import { markupCents } from '../../modules/expenses/expenses.service';
import { resolveRate } from '../../modules/rates/rate-resolver';
import { dateInZone } from '../../modules/time-entries/calendar';
import { amountCents } from '../../modules/time-entries/time-math';
import { withTenant, type Db } from '../client';
import {
  activityTypeRates,
  activityTypes,
  auditLog,
  clientActivityRates,
  clientActivityTypes,
  clientBookmarks,
  clientContacts,
  clients,
  expenses,
  organizations,
  timeEntries,
  users,
} from '../schema/index';
import { DEMO_ACTIVITY, demoWindow, isWeekday } from './demo-activity-plan';
import { seedDemoActivity, type SeededActivity } from './demo-activity';

const cipher = createTaxIdCipher(TEST_SECRET);

async function firmOf(db: Db, subdomain: string) {
  const [firm] = await db
    .select({ id: organizations.id, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.subdomain, subdomain));
  return firm!;
}

/** Every table the demo activity fills. */
const FILLED = {
  clients,
  clientContacts,
  activityTypes,
  activityTypeRates,
  clientActivityTypes,
  clientActivityRates,
  clientBookmarks,
  timeEntries,
  expenses,
  auditLog,
};

/** Row counts of the filled tables for one organization. */
async function countsOf(db: Db, organizationId: number): Promise<Record<keyof typeof FILLED, number>> {
  return withTenant(db, organizationId, async (tx) => {
    const counts = {} as Record<keyof typeof FILLED, number>;
    for (const [name, table] of Object.entries(FILLED) as [
      keyof typeof FILLED,
      (typeof FILLED)[keyof typeof FILLED],
    ][]) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.organizationId, organizationId));
      counts[name] = row?.count ?? 0;
    }
    return counts;
  });
}

describe('the demo firms’ activity on first start', () => {
  let testApp: TestApp;
  let db: Db;
  let seeded: SeededActivity[];
  let seconds: number;
  const now = new Date();

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.context.database.db;
    const started = performance.now();
    seeded = await seedDemoActivity(db, { cipher, now });
    seconds = (performance.now() - started) / 1000;
  });
  afterAll(() => testApp.close());

  it('gives the main firm about 25 clients and the second fewer, with contacts and service codes', async () => {
    console.log(`demo activity seeded in ${seconds.toFixed(2)} s:`, seeded);
    expect(seeded.map((firm) => [firm.subdomain, firm.clients])).toEqual([
      ['demo', 25],
      ['northwind', 8],
    ]);
    for (const plan of DEMO_ACTIVITY) {
      const firm = await firmOf(db, plan.subdomain);
      const counts = await countsOf(db, firm.id);
      expect(counts.clients).toBe(plan.clients);
      expect(counts.clientContacts).toBeGreaterThanOrEqual(plan.clients);
      expect(counts.activityTypes).toBe(plan.activityCodes.length);
      expect(counts.activityTypeRates).toBeGreaterThan(0);
      expect(counts.clientActivityRates).toBe(plan.rateOverrides);
      expect(counts.timeEntries).toBeGreaterThan(plan.timekeepers.length * 25);
      expect(counts.expenses).toBeGreaterThan(0);
      expect(counts.auditLog).toBeGreaterThanOrEqual(counts.timeEntries + counts.expenses);
    }
    const demo = await countsOf(db, (await firmOf(db, 'demo')).id);
    expect(demo.clientActivityTypes).toBeGreaterThan(0);
  });

  it('writes time only on weekdays of the last six weeks up to today, each at the rate the rate order gives', async () => {
    for (const plan of DEMO_ACTIVITY) {
      const firm = await firmOf(db, plan.subdomain);
      const window = demoWindow(dateInZone(now, firm.timeZone));
      await withTenant(db, firm.id, async (tx) => {
        const rows = await tx
          .select({ entry: timeEntries, clientStatus: clients.status })
          .from(timeEntries)
          .innerJoin(
            clients,
            and(eq(clients.organizationId, timeEntries.organizationId), eq(clients.id, timeEntries.clientId)),
          )
          .where(eq(timeEntries.organizationId, firm.id));
        const sources = new Set<string>();
        for (const { entry, clientStatus } of rows) {
          expect(isWeekday(entry.entryDate), entry.entryDate).toBe(true);
          expect(entry.entryDate >= window.firstDay && entry.entryDate <= window.today).toBe(true);
          expect(entry.minutes % 6).toBe(0);
          expect(clientStatus).toBe('active');
          expect(entry.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
          if (entry.entryDate < window.weekStart) expect(entry.status).toBe('completed');
          const rate = await resolveRate(tx, {
            organizationId: firm.id,
            userId: entry.userId,
            clientId: entry.clientId,
            activityTypeId: entry.activityTypeId,
            date: entry.entryDate,
          });
          expect({ rate: entry.rateCents, source: entry.rateSource }).toEqual({
            rate: rate.rateCents,
            source: rate.source,
          });
          expect(entry.amountCents).toBe(amountCents(entry.rateCents, entry.minutes));
          sources.add(entry.rateSource);
        }
        if (plan.subdomain === 'demo') expect([...sources].sort()).toEqual(['activity', 'client', 'user']);
        const enabledViolations = await tx.execute(sql`
          select 1 from time_entries e
          join client_activity_types s on s.organization_id = e.organization_id and s.client_id = e.client_id
            and s.activity_type_id = e.activity_type_id and not s.enabled
          where e.organization_id = ${firm.id}`);
        expect((enabledViolations as unknown as { rows: unknown[] }).rows).toEqual([]);
      });
    }
  });

  it('prices the same service code higher after its dated rise', async () => {
    const firm = await firmOf(db, 'demo');
    const window = demoWindow(dateInZone(now, firm.timeZone));
    const rows = await withTenant(db, firm.id, (tx) =>
      tx
        .select({
          before: sql<number>`max(${timeEntries.rateCents}) filter (where ${timeEntries.entryDate} < ${window.rateRiseFrom})`,
          after: sql<number>`min(${timeEntries.rateCents}) filter (where ${timeEntries.entryDate} >= ${window.rateRiseFrom})`,
        })
        .from(timeEntries)
        .innerJoin(
          activityTypes,
          and(
            eq(activityTypes.organizationId, timeEntries.organizationId),
            eq(activityTypes.id, timeEntries.activityTypeId),
          ),
        )
        .where(and(eq(timeEntries.organizationId, firm.id), eq(timeEntries.rateSource, 'activity')))
        .groupBy(activityTypes.code),
    );
    const compared = rows.filter((row) => row.before !== null && row.after !== null);
    expect(compared.length).toBeGreaterThan(0);
    for (const row of compared) expect(row.after).toBeGreaterThan(row.before);
  });

  it('writes expenses on weekdays in the window with the service’s markup, and tax IDs the clients’ cipher opens', async () => {
    const firm = await firmOf(db, 'demo');
    const window = demoWindow(dateInZone(now, firm.timeZone));
    await withTenant(db, firm.id, async (tx) => {
      for (const expense of await tx.select().from(expenses).where(eq(expenses.organizationId, firm.id))) {
        expect(isWeekday(expense.expenseDate)).toBe(true);
        expect(expense.expenseDate >= window.firstDay && expense.expenseDate <= window.today).toBe(true);
        expect(expense.totalCents).toBe(
          expense.amountCents + markupCents(expense.amountCents, expense.markupBasisPoints),
        );
      }
      const book = await tx
        .select({ cipher: clients.taxIdCiphertext, last4: clients.taxIdLast4 })
        .from(clients)
        .where(eq(clients.organizationId, firm.id));
      const withTaxId = book.filter((client) => client.cipher !== null);
      expect(withTaxId.length).toBeGreaterThan(book.length / 2);
      for (const client of withTaxId) {
        expect(cipher.decrypt(firm.id, client.cipher!).replace(/\D/g, '').slice(-4)).toBe(client.last4);
      }
    });
  });

  it('bookmarks a few clients for the timekeepers only, and the dashboard shows the week at once', async () => {
    const firm = await firmOf(db, 'demo');
    const bookmarks = await withTenant(db, firm.id, (tx) =>
      tx
        .select({ username: users.username, count: sql<number>`count(*)::int` })
        .from(clientBookmarks)
        .innerJoin(
          users,
          and(eq(users.organizationId, clientBookmarks.organizationId), eq(users.id, clientBookmarks.userId)),
        )
        .where(eq(clientBookmarks.organizationId, firm.id))
        .groupBy(users.username),
    );
    expect(Object.fromEntries(bookmarks.map((row) => [row.username, row.count]))).toEqual({
      partner: 3,
      manager: 4,
      staff: 2,
    });

    const staff = await signedIn(testApp.app, 'staff');
    const stats = (await staff.request({ url: '/dashboard/stats' })).json() as {
      weekMinutes: number;
      activeClients: number;
    };
    expect(stats.weekMinutes).toBeGreaterThan(0);
    expect(stats.activeClients).toBeGreaterThan(0);
    const user = (await staff.request({ url: '/user' })).json() as { bookmarked_clients: unknown[] };
    expect(user.bookmarked_clients).toHaveLength(2);
    const feed = (await staff.request({ url: '/activities?page_size=5' })).json() as { items: unknown[] };
    expect(feed.items).toHaveLength(5);
  });

  it('leaves the firms as they are when it runs again', async () => {
    const before = await Promise.all(
      DEMO_ACTIVITY.map(async (plan) => countsOf(db, (await firmOf(db, plan.subdomain)).id)),
    );
    expect(await seedDemoActivity(db, { cipher, now })).toEqual([]);
    const after = await Promise.all(
      DEMO_ACTIVITY.map(async (plan) => countsOf(db, (await firmOf(db, plan.subdomain)).id)),
    );
    expect(after).toEqual(before);
  });
});
