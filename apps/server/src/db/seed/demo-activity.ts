import { and, count, eq, sql } from 'drizzle-orm';
import { DEFAULT_MILEAGE_RATE_MILLS } from '@practice/shared';
import { rateSteps, RETURN_CODE_OF, type CatalogActivity } from '../../cli/seed-large/activity-catalog';
import { buildClients } from '../../cli/seed-large/client-book';
import { seededRandom, type Random } from '../../cli/seed-large/random';
import { normalizeTaxId, type TaxIdCipher } from '../../modules/clients/tax-id-cipher';
import { markupCents } from '../../modules/expenses/expenses.service';
import { expenseSnapshot } from '../../modules/expenses/expense-view';
import { recordActivityRate, recordClientOverride } from '../../modules/rates/rate-history';
import { dateInZone } from '../../modules/time-entries/calendar';
import { loadTimeSettings } from '../../modules/time-entries/organization-settings';
import { amountCents, roundMinutes } from '../../modules/time-entries/time-math';
import { entrySnapshot } from '../../modules/time-entries/time-entry-view';
import { withTenant, type Db, type Tx } from '../client';
import {
  activityTypes,
  auditLog,
  clientActivityTypes,
  clientBookmarks,
  clientContacts,
  clients,
  expenses,
  organizations,
  timeEntries,
  users,
} from '../schema/index';
import { DEMO_ACTIVITY, demoWindow, type DemoActivityPlan, type DemoWindow } from './demo-activity-plan';
import { loadRateBook, type RateBook } from './demo-rates';
import {
  catalogOf,
  outsideTaxOnly,
  planEntries,
  planExpenses,
  portfolioOf,
  type DemoClient,
  type PlannedEntry,
  type PlannedExpense,
} from './demo-work';

export type SeededActivity = { subdomain: string; clients: number; timeEntries: number; expenses: number };
export type DemoActivityOptions = { cipher: TaxIdCipher; now: Date };

type FirmContext = {
  tx: Tx;
  organizationId: number;
  timeZone: string;
  now: Date;
  window: DemoWindow;
  random: Random;
  userIds: Map<string, number>;
};

/**
 * Gives the demo firms clients, service codes, rates and six weeks of time and expenses, so
 * the dashboard and lists can be tried at once (issue 4). Called once after the demo firms
 * are created; a firm that already has clients or activity types is left as it is.
 */
export async function seedDemoActivity(db: Db, options: DemoActivityOptions): Promise<SeededActivity[]> {
  const seeded: SeededActivity[] = [];
  for (const plan of DEMO_ACTIVITY) {
    const [firm] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.subdomain, plan.subdomain));
    if (!firm) continue;
    const result = await withTenant(db, firm.id, (tx) => seedFirm(tx, firm.id, plan, options));
    if (result) seeded.push(result);
  }
  return seeded;
}

async function hasRecords(tx: Tx, organizationId: number): Promise<boolean> {
  const [types] = await tx
    .select({ count: count() })
    .from(activityTypes)
    .where(eq(activityTypes.organizationId, organizationId));
  const [book] = await tx.select({ count: count() }).from(clients).where(eq(clients.organizationId, organizationId));
  return (types?.count ?? 0) + (book?.count ?? 0) > 0;
}

async function seedFirm(
  tx: Tx,
  organizationId: number,
  plan: DemoActivityPlan,
  { cipher, now }: DemoActivityOptions,
): Promise<SeededActivity | null> {
  if (await hasRecords(tx, organizationId)) return null;
  const { timeZone, rounding } = await loadTimeSettings(tx, organizationId);
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  const firm: FirmContext = {
    tx,
    organizationId,
    timeZone,
    now,
    window: demoWindow(dateInZone(now, timeZone)),
    random: seededRandom(plan.seed),
    userIds: new Map(people.map((person) => [person.username, person.id])),
  };
  const idsOf = (usernames: string[]) => usernames.map((username) => firm.userIds.get(username)!);
  const activities = new Map(catalogOf(plan.activityCodes).map((activity) => [activity.code, activity]));
  const activityIds = await insertActivityTypes(firm, [...activities.values()], idsOf(plan.partners)[0]!);
  const book = await insertClientBook(firm, plan, cipher, idsOf(plan.partners), idsOf(plan.managers));
  await disableOutsideTaxOnly(firm, book, activities, activityIds);
  await negotiateRates(firm, plan, book, activityIds, idsOf(plan.partners)[0]!);

  const active = book.filter((client) => client.status === 'active');
  const entries: PlannedEntry[] = [];
  const spent: PlannedExpense[] = [];
  for (const id of idsOf(plan.timekeepers)) {
    const portfolio = portfolioOf({ id }, active, firm.random);
    entries.push(...planEntries({ id }, portfolio, activities, activityIds, firm.window, firm.random));
    spent.push(...planExpenses({ id }, portfolio, firm.window, firm.random));
  }
  const rates = await loadRateBook(tx, organizationId, {
    users: idsOf(plan.timekeepers),
    clients: active.map((client) => client.id),
    activityTypes: [...activityIds.values()],
  });
  const savedEntries = await insertEntries(firm, entries, rounding, rates);
  const savedExpenses = await insertExpenses(firm, spent);
  await auditWork(firm, savedEntries, savedExpenses);
  await insertBookmarks(firm, plan, active);
  return {
    subdomain: plan.subdomain,
    clients: book.length,
    timeEntries: savedEntries.length,
    expenses: savedExpenses.length,
  };
}

/** Every rated service code rises by about 4% in the middle of the window, as a dated change. */
async function insertActivityTypes(
  firm: FirmContext,
  catalog: CatalogActivity[],
  by: number,
): Promise<Map<string, number>> {
  const rows = await firm.tx
    .insert(activityTypes)
    .values(
      catalog.map((activity) => ({
        organizationId: firm.organizationId,
        name: activity.name,
        code: activity.code,
        defaultRateCents: activity.rateCents,
        billable: activity.billable,
        active: activity.active,
      })),
    )
    .returning({ id: activityTypes.id, code: activityTypes.code });
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  for (const activity of catalog) {
    if (activity.rateCents === null) continue;
    await recordActivityRate(firm.tx, firm.organizationId, ids.get(activity.code)!, {
      effectiveFrom: firm.window.rateRiseFrom,
      rateCents: rateSteps(activity.rateCents)[1],
      by,
    });
  }
  return ids;
}

type BookClient = DemoClient & { status: string };

/** The seed-large client book at demo size; tax IDs encrypted and masked as the clients service stores them. */
async function insertClientBook(
  firm: FirmContext,
  plan: DemoActivityPlan,
  cipher: TaxIdCipher,
  partnerIds: number[],
  managerIds: number[],
): Promise<BookClient[]> {
  const { organizationId, window } = firm;
  const earlier = window.workdays.filter((day) => day < window.today);
  const book = buildClients(
    { clients: plan.clients, firstDay: window.firstDay, workdays: earlier },
    firm.random,
    partnerIds,
    managerIds,
  );
  const stored = await firm.tx
    .insert(clients)
    .values(
      book.map((entry) => ({
        organizationId,
        code: entry.code,
        legalName: entry.legalName,
        dba: entry.dba,
        entityType: entry.entityType,
        taxIdCiphertext: entry.taxId ? cipher.encrypt(organizationId, entry.taxId) : null,
        taxIdLast4: entry.taxId ? normalizeTaxId(entry.taxId).slice(-4) : null,
        status: entry.status,
        responsiblePartnerId: entry.partnerId,
        responsibleManagerId: entry.managerId,
        addressLine1: entry.addressLine1,
        addressLine2: entry.addressLine2,
        city: entry.city,
        region: entry.region,
        postalCode: entry.postalCode,
        paymentTermsDays: entry.paymentTermsDays,
        invoiceEmail: entry.invoiceEmail,
        notes: entry.notes,
        tags: entry.tags,
        createdBy: entry.partnerId,
        createdAt: new Date(entry.createdAt),
        updatedAt: new Date(entry.createdAt),
      })),
    )
    .returning({ id: clients.id });
  await firm.tx.insert(clientContacts).values(
    book.flatMap((entry, index) =>
      entry.contacts.map((contact, position) => ({
        organizationId,
        clientId: stored[index]!.id,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        isPrimary: contact.isPrimary,
        position,
      })),
    ),
  );
  return book.map((entry, index) => ({
    id: stored[index]!.id,
    entityType: entry.entityType,
    taxOnly: entry.taxOnly,
    status: entry.status,
    responsible: [entry.partnerId, entry.managerId],
  }));
}

/** Tax-only clients have every service code outside the tax and general lines disabled. */
async function disableOutsideTaxOnly(
  firm: FirmContext,
  book: BookClient[],
  activities: Map<string, CatalogActivity>,
  activityIds: Map<string, number>,
): Promise<void> {
  const outside = [...activities.values()].filter(outsideTaxOnly);
  const rows = book
    .filter((client) => client.taxOnly)
    .flatMap((client) =>
      outside.map((activity) => ({
        organizationId: firm.organizationId,
        clientId: client.id,
        activityTypeId: activityIds.get(activity.code)!,
        enabled: false,
      })),
    );
  if (rows.length > 0) await firm.tx.insert(clientActivityTypes).values(rows);
}

/** A few active clients pay 85% of the return's rate, from the first day of the window. */
async function negotiateRates(
  firm: FirmContext,
  plan: DemoActivityPlan,
  book: BookClient[],
  activityIds: Map<string, number>,
  by: number,
): Promise<void> {
  const active = book.filter((client) => client.status === 'active');
  for (const client of firm.random.sample(active, plan.rateOverrides)) {
    const code = RETURN_CODE_OF[client.entityType];
    const [activity] = await firm.tx
      .select({ rate: activityTypes.defaultRateCents })
      .from(activityTypes)
      .where(and(eq(activityTypes.organizationId, firm.organizationId), eq(activityTypes.id, activityIds.get(code)!)));
    await recordClientOverride(firm.tx, firm.organizationId, client.id, activityIds.get(code)!, {
      effectiveFrom: firm.window.firstDay,
      rateCents: Math.round(((activity?.rate ?? 0) * 0.85) / 500) * 500,
      by,
    });
  }
}

/** The instant a record was saved: its day at 08:30 plus the minutes, the firm's clock, never after now. */
function savedAt(firm: FirmContext, date: string, minute: number) {
  return sql`least(
    (${date}::date + make_interval(mins => ${510 + minute})) at time zone ${firm.timeZone},
    ${firm.now.toISOString()}::timestamptz)`;
}

const bySavedTime =
  <T extends { savedAtMinute: number }>(date: (item: T) => string) =>
  (a: T, b: T) =>
    date(a).localeCompare(date(b)) || a.savedAtMinute - b.savedAtMinute;

/** Minutes rounded by the firm's rule, the rate the rate order gives on the entry's date, the amount as the service computes it. */
async function insertEntries(
  firm: FirmContext,
  planned: PlannedEntry[],
  rounding: Parameters<typeof roundMinutes>[1],
  rates: RateBook,
): Promise<(typeof timeEntries.$inferSelect)[]> {
  if (planned.length === 0) return [];
  const values = [...planned].sort(bySavedTime((item) => item.entryDate)).map((entry) => {
    const minutes = roundMinutes(entry.minutes, rounding);
    const rate = rates.rateOn({
      userId: entry.userId,
      clientId: entry.clientId,
      activityTypeId: entry.activityTypeId,
      date: entry.entryDate,
    });
    const saved = savedAt(firm, entry.entryDate, entry.savedAtMinute);
    return {
      organizationId: firm.organizationId,
      userId: entry.userId,
      clientId: entry.clientId,
      activityTypeId: entry.activityTypeId,
      entryDate: entry.entryDate,
      minutes,
      narrative: entry.narrative,
      billable: entry.billable,
      status: entry.status,
      rateCents: rate.rateCents,
      rateSource: rate.source,
      amountCents: amountCents(rate.rateCents, minutes),
      createdBy: entry.userId,
      createdAt: saved,
      updatedAt: saved,
    };
  });
  return firm.tx.insert(timeEntries).values(values).returning();
}

async function insertExpenses(firm: FirmContext, planned: PlannedExpense[]): Promise<(typeof expenses.$inferSelect)[]> {
  if (planned.length === 0) return [];
  const values = [...planned].sort(bySavedTime((item) => item.expenseDate)).map((expense) => {
    const saved = savedAt(firm, expense.expenseDate, expense.savedAtMinute);
    return {
      organizationId: firm.organizationId,
      userId: expense.userId,
      clientId: expense.clientId,
      expenseDate: expense.expenseDate,
      category: expense.category,
      description: expense.description,
      amountCents: expense.amountCents,
      distanceTenths: expense.distanceTenths,
      mileageRateMills: expense.distanceTenths === null ? null : DEFAULT_MILEAGE_RATE_MILLS,
      billable: expense.billable,
      markupBasisPoints: expense.markupBasisPoints,
      totalCents: expense.amountCents + markupCents(expense.amountCents, expense.markupBasisPoints),
      status: expense.status,
      createdBy: expense.userId,
      createdAt: saved,
      updatedAt: saved,
    };
  });
  return firm.tx.insert(expenses).values(values).returning();
}

/** The create rows the services would have written, in the order of saving, so the dashboard's recent items read true. */
async function auditWork(
  firm: FirmContext,
  entries: (typeof timeEntries.$inferSelect)[],
  spent: (typeof expenses.$inferSelect)[],
): Promise<void> {
  const rows = [
    ...entries.map((entry) => ({
      at: entry.createdAt,
      entity: 'time_entry',
      record: entry,
      after: entrySnapshot(entry),
    })),
    ...spent.map((expense) => ({
      at: expense.createdAt,
      entity: 'expense',
      record: expense,
      after: expenseSnapshot(expense),
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (rows.length === 0) return;
  await firm.tx.insert(auditLog).values(
    rows.map((row) => ({
      organizationId: firm.organizationId,
      userId: row.record.userId,
      action: 'create',
      entity: row.entity,
      entityId: String(row.record.id),
      after: row.after,
      createdAt: row.at,
    })),
  );
}

async function insertBookmarks(firm: FirmContext, plan: DemoActivityPlan, active: BookClient[]): Promise<void> {
  const rows = Object.entries(plan.bookmarks).flatMap(([username, wanted]) =>
    firm.random.sample(active, wanted).map((client) => ({
      organizationId: firm.organizationId,
      userId: firm.userIds.get(username)!,
      clientId: client.id,
    })),
  );
  if (rows.length > 0) await firm.tx.insert(clientBookmarks).values(rows);
}
