import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createOrganization, createUser } from '../organizations/organization.service';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createActivityType, createClient, createTimeEntry, expectStatus, ownerRows } from '../../../test/work-records';

/**
 * The WIP rollup of migration 0050 (unbilled WIP by client and day, and the firm's days with
 * the clients whose first WIP day each is) equals a computation from scratch after random
 * sequences of time entries and expenses (draft or completed, billable or not), their edits
 * (date, client, value, status, billable) and deletes, drafts taking them, issues billing
 * them and voids giving them back (fast-check); and GET /reports/wip-aging answers from it
 * what the items themselves give, in both of its ways to a page by client name.
 */
const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('entry' as const),
      who: fc.nat(1),
      client: fc.nat(2),
      day: fc.integer({ min: 0, max: 150 }),
      minutes: fc.integer({ min: 1, max: 600 }),
      billable: fc.boolean(),
      completed: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('expense' as const),
      client: fc.nat(2),
      day: fc.integer({ min: 0, max: 150 }),
      cents: fc.integer({ min: 1, max: 90_000 }),
      billable: fc.boolean(),
      completed: fc.boolean(),
    }),
  },
  fc.record({
    op: fc.constant('edit-entry' as const),
    entry: fc.nat(),
    client: fc.nat(2),
    day: fc.integer({ min: 0, max: 150 }),
    minutes: fc.integer({ min: 1, max: 600 }),
    billable: fc.boolean(),
    completed: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('edit-expense' as const),
    expense: fc.nat(),
    client: fc.nat(2),
    day: fc.integer({ min: 0, max: 150 }),
    cents: fc.integer({ min: 1, max: 90_000 }),
    billable: fc.boolean(),
  }),
  fc.record({ op: fc.constant('delete-entry' as const), entry: fc.nat() }),
  fc.record({ op: fc.constant('delete-expense' as const), expense: fc.nat() }),
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('bill' as const),
      client: fc.nat(2),
      // A draft keeps its items until issued; most bills are issued.
      issue: fc.nat(3),
      day: fc.integer({ min: 0, max: 150 }),
    }),
  },
  fc.record({ op: fc.constant('void-invoice' as const), invoice: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

// Day 0 is 2025-11-01.
const dateOf = (day: number) => new Date(Date.UTC(2025, 10, 1 + day)).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

type Item = { client_id: number; day: string; cents: number };
type Row = Record<string, unknown>;
type WipAnswer = { rows: Row[]; totals: Record<string, number>; total: number };

describe('the WIP rollup equals a computation from scratch (fast-check)', () => {
  let testApp: TestApp;
  let organizationId: number;
  let partnerId: number;
  let sessions: Session[];
  let clients: number[];
  let activity: number;

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    const { db } = testApp.context.database;
    organizationId = await createOrganization(db, { name: 'Wip Check LLP', subdomain: 'wipcheck' });
    const ids: number[] = [];
    for (const [username, roleName] of [
      ['wipadmin', 'admin'],
      ['wipstaff', 'staff'],
    ] as const) {
      ids.push(
        await createUser(db, organizationId, {
          username,
          email: `${username}@wip.example`,
          roleName,
          standardRateCents: 12_000,
          password: DEMO_PASSWORD,
        }),
      );
    }
    partnerId = ids[0]!;
    sessions = [await signedIn(testApp.app, 'wipadmin'), await signedIn(testApp.app, 'wipstaff')];
    const admin = sessions[0]!;
    clients = [
      (await createClient(admin, { legal_name: 'Alder Co', responsible_partner_id: partnerId })).id,
      (await createClient(admin, { legal_name: 'Beech LLC' })).id,
      (await createClient(admin, { legal_name: 'Cedar Inc', responsible_partner_id: partnerId })).id,
    ];
    activity = (await createActivityType(admin, { default_rate_cents: 15_000 })).id;
  });
  afterAll(() => testApp.close());

  const entries: Array<{ id: number; session: Session }> = [];
  const expenses: number[] = [];
  const invoices: number[] = [];
  const pick = <T>(list: T[], index: number): T | undefined => list[index % list.length];

  async function run(action: Step): Promise<void> {
    const admin = sessions[0]!;
    switch (action.op) {
      case 'entry': {
        const session = sessions[action.who]!;
        const response = await session.request({
          method: 'POST',
          url: '/time-entries',
          payload: {
            client_id: clients[action.client],
            activity_type_id: activity,
            entry_date: dateOf(action.day),
            minutes: action.minutes,
            billable: action.billable,
            status: action.completed ? 'completed' : 'draft',
          },
        });
        expectStatus(response, 201);
        entries.push({ id: response.json().id, session });
        return;
      }
      case 'expense': {
        const response = await admin.request({
          method: 'POST',
          url: '/expenses',
          payload: {
            client_id: clients[action.client],
            expense_date: dateOf(action.day),
            category: 'filing_fee',
            amount_cents: action.cents,
            markup_basis_points: action.cents % 3 === 0 ? 1000 : 0,
            billable: action.billable,
            status: action.completed ? 'completed' : 'draft',
          },
        });
        expectStatus(response, 201);
        expenses.push(response.json().id);
        return;
      }
      case 'edit-entry': {
        const entry = pick(entries, action.entry);
        if (!entry) return;
        const current = await entry.session.request({ url: `/time-entries/${entry.id}` });
        if (current.statusCode !== 200) return;
        const body = current.json();
        await entry.session.request({
          method: 'PUT',
          url: `/time-entries/${entry.id}`,
          payload: {
            client_id: clients[action.client],
            activity_type_id: body.activity_type_id,
            entry_date: dateOf(action.day),
            minutes: action.minutes,
            billable: action.billable,
            status: action.completed ? 'completed' : 'draft',
            narrative: body.narrative,
            version: body.version,
          },
        });
        return;
      }
      case 'edit-expense': {
        const expense = pick(expenses, action.expense);
        if (expense === undefined) return;
        const current = await admin.request({ url: `/expenses/${expense}` });
        if (current.statusCode !== 200) return;
        const body = current.json();
        await admin.request({
          method: 'PUT',
          url: `/expenses/${expense}`,
          payload: {
            client_id: clients[action.client],
            expense_date: dateOf(action.day),
            category: body.category,
            amount_cents: action.cents,
            markup_basis_points: body.markup_basis_points,
            billable: action.billable,
            status: 'completed',
            version: body.version,
          },
        });
        return;
      }
      case 'delete-entry': {
        const entry = pick(entries, action.entry);
        if (entry) await entry.session.request({ method: 'DELETE', url: `/time-entries/${entry.id}` });
        return;
      }
      case 'delete-expense': {
        const expense = pick(expenses, action.expense);
        if (expense !== undefined) await admin.request({ method: 'DELETE', url: `/expenses/${expense}` });
        return;
      }
      case 'bill': {
        const client = clients[action.client]!;
        const wip = await admin.request({ url: `/clients/${client}/wip` });
        expectStatus(wip, 200);
        const body = wip.json() as { time_entries: Array<{ id: number }>; expenses: Array<{ id: number }> };
        const timeIds = body.time_entries.slice(0, 3).map((item) => item.id);
        const expenseIds = body.expenses.slice(0, 2).map((item) => item.id);
        if (timeIds.length + expenseIds.length === 0) return;
        const date = dateOf(action.day);
        const draft = await admin.request({
          method: 'POST',
          url: '/invoices',
          payload: {
            client_id: client,
            time_entry_ids: timeIds,
            expense_ids: expenseIds,
            issue_date: date,
            due_date: date,
          },
        });
        if (draft.statusCode !== 201 || action.issue === 0) return;
        const issued = await admin.request({ method: 'POST', url: `/invoices/${draft.json().id}/issue` });
        expectStatus(issued, 200);
        invoices.push(issued.json().id);
        return;
      }
      case 'void-invoice': {
        const invoice = pick(invoices, action.invoice);
        if (invoice)
          await admin.request({ method: 'POST', url: `/invoices/${invoice}/void`, payload: { reason: 'Test' } });
        return;
      }
    }
  }

  const rows = (query: ReturnType<typeof sql>) => ownerRows<Row>(testApp, query);

  /** The items wipAging counts, read from the source tables. */
  async function scratchItems(): Promise<Item[]> {
    return (
      await rows(sql`
        select client_id, entry_date::text as day, amount_cents as cents from time_entries
        where organization_id = ${organizationId} and status = 'completed' and billable
        union all
        select client_id, expense_date::text, total_cents from expenses
        where organization_id = ${organizationId} and status = 'completed' and billable`)
    ).map((row) => ({ client_id: Number(row.client_id), day: String(row.day), cents: Number(row.cents) }));
  }

  async function checkRollup(items: Item[]) {
    const days = new Map<string, { items: number; cents: number }>();
    const firsts = new Map<number, string>();
    for (const item of items) {
      const key = `${item.client_id} ${item.day}`;
      const sum = days.get(key) ?? { items: 0, cents: 0 };
      days.set(key, { items: sum.items + 1, cents: sum.cents + item.cents });
      const first = firsts.get(item.client_id);
      if (first === undefined || item.day < first) firsts.set(item.client_id, item.day);
    }
    const stored = await rows(sql`select client_id, day::text as day, items, cents from report_wip_days
      where organization_id = ${organizationId}`);
    expect(stored.map((row) => `${row.client_id} ${row.day} ${row.items} ${row.cents}`).sort()).toEqual(
      [...days].map(([key, sum]) => `${key} ${sum.items} ${sum.cents}`).sort(),
    );
    const firm = new Map<string, { items: number; cents: number; first_clients: number }>();
    const add = (day: string, change: { items: number; cents: number; first_clients: number }) => {
      const sum = firm.get(day) ?? { items: 0, cents: 0, first_clients: 0 };
      firm.set(day, {
        items: sum.items + change.items,
        cents: sum.cents + change.cents,
        first_clients: sum.first_clients + change.first_clients,
      });
    };
    for (const [key, sum] of days) add(key.split(' ')[1]!, { ...sum, first_clients: 0 });
    for (const day of firsts.values()) add(day, { items: 0, cents: 0, first_clients: 1 });
    const storedFirm = await rows(sql`select day::text as day, sum(items) as items, sum(cents) as cents,
        sum(first_clients) as first_clients
      from report_wip_firm_days where organization_id = ${organizationId} group by day
      having sum(items) <> 0 or sum(cents) <> 0 or sum(first_clients) <> 0`);
    expect(storedFirm.map((row) => `${row.day} ${row.items} ${row.cents} ${row.first_clients}`).sort()).toEqual(
      [...firm]
        .filter(([, sum]) => sum.items !== 0 || sum.cents !== 0 || sum.first_clients !== 0)
        .map(([day, sum]) => `${day} ${sum.items} ${sum.cents} ${sum.first_clients}`)
        .sort(),
    );
  }

  /** The aging by client as of `to` from the items, as PRODUCT.md defines it. */
  function expectedAging(items: Item[], to: string) {
    const byClient = new Map<number, Record<string, number>>();
    for (const item of items) {
      if (item.day > to) continue;
      const age = daysBetween(item.day, to);
      const bucket =
        age <= 30
          ? 'days_0_30_cents'
          : age <= 60
            ? 'days_31_60_cents'
            : age <= 90
              ? 'days_61_90_cents'
              : 'days_over_90_cents';
      const sums = byClient.get(item.client_id) ?? {
        days_0_30_cents: 0,
        days_31_60_cents: 0,
        days_61_90_cents: 0,
        days_over_90_cents: 0,
        wip_cents: 0,
      };
      sums[bucket]! += item.cents;
      sums.wip_cents! += item.cents;
      byClient.set(item.client_id, sums);
    }
    return byClient;
  }

  let mostClients = 0;
  async function checkReport(items: Item[]) {
    const admin = sessions[0]!;
    const figuresOf = (answer: WipAnswer) =>
      Object.fromEntries(
        answer.rows.map(({ group: _group, id, label: _label, code: _code, ...figures }) => [Number(id), figures]),
      );
    for (const day of [20, 75, 150]) {
      const to = dateOf(day);
      const expected = expectedAging(items, to);
      mostClients = Math.max(mostClients, expected.size);
      const totals = {
        days_0_30_cents: 0,
        days_31_60_cents: 0,
        days_61_90_cents: 0,
        days_over_90_cents: 0,
        wip_cents: 0,
      };
      for (const sums of expected.values())
        for (const name of Object.keys(totals)) totals[name as keyof typeof totals] += sums[name]!;
      for (const query of ['', '&order=desc', '&sort=wip_cents&order=desc', '&page_size=1&page=2']) {
        const response = await admin.request({ url: `/reports/wip-aging?to=${to}${query}` });
        expectStatus(response, 200);
        const answer = response.json() as WipAnswer;
        expect(answer.total, `${to}${query}`).toBe(expected.size);
        expect(answer.totals, `${to}${query}`).toEqual(totals);
        if (!query.includes('page=2')) expect(figuresOf(answer), `${to}${query}`).toEqual(Object.fromEntries(expected));
      }
      // The same figures through the items (a staff filter reads them) and by partner.
      const byPartner = await admin.request({ url: `/reports/wip-aging?to=${to}&group_by=partner` });
      expect((byPartner.json() as WipAnswer).totals).toEqual(totals);
      const filtered = await admin.request({
        url: `/reports/wip-aging?to=${to}&group_by=client&partner_id=${partnerId}`,
      });
      expect(figuresOf(filtered.json() as WipAnswer)).toEqual(
        Object.fromEntries([...expected].filter(([client]) => client === clients[0] || client === clients[2])),
      );
    }
  }

  it('keeps the WIP days equal to the items after each random sequence, and the report answers from them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 24 }), async (steps) => {
        for (const action of steps) await run(action);
        const items = await scratchItems();
        await checkRollup(items);
        await checkReport(items);
      }),
      { numRuns: 20, seed: 20261127 },
    );
    // The sequences reached billing and voiding, and WIP enough for a page walked by name.
    const [counts] = await rows(sql`select
        (select count(*) from invoices where organization_id = ${organizationId} and status = 'void') as voided,
        (select count(*) from invoices where organization_id = ${organizationId} and status <> 'draft') as issued`);
    expect(Number(counts!.voided)).toBeGreaterThan(0);
    expect(Number(counts!.issued)).toBeGreaterThan(Number(counts!.voided));
    // Some checks had WIP of every client (a page by name walked them, report-page.ts), some not.
    expect(mostClients).toBe(3);
  });

  it('stays exact when entries and expenses of the same clients land at once (PostgreSQL runs them in parallel)', async () => {
    const burst: Step[] = Array.from({ length: 16 }, (_, index) =>
      index % 4 === 3
        ? {
            op: 'expense' as const,
            client: index % 3,
            day: 30 + (index % 5),
            cents: 500 + index,
            billable: true,
            completed: true,
          }
        : {
            op: 'entry' as const,
            who: index % 2,
            client: index % 3,
            day: 28 + (index % 7),
            minutes: 30 + index,
            billable: true,
            completed: true,
          },
    );
    await Promise.all(burst.map((action) => run(action)));
    await Promise.all([0, 1, 2].map((client) => run({ op: 'bill', client, issue: 1, day: 40 })));
    const items = await scratchItems();
    await checkRollup(items);
    await checkReport(items);
  });

  it('stays exact when one statement moves the items of many clients (the bulk path of its locks)', async () => {
    const admin = sessions[0]!;
    const many: number[] = [];
    for (let index = 0; index < 18; index += 1) {
      const client = (await createClient(admin)).id;
      many.push(client);
      await createTimeEntry(admin, {
        client_id: client,
        activity_type_id: activity,
        entry_date: dateOf(60 + index),
        minutes: 30 + index,
        billable: true,
        status: 'completed',
      });
    }
    // One statement over 18 clients: more than the 16 a statement locks one by one.
    const ids = `{${many.join(',')}}`;
    await rows(sql`update time_entries set entry_date = entry_date - 45, billable = client_id % 3 <> 0
      where organization_id = ${organizationId} and client_id = any(${ids}::int[])`);
    await rows(sql`delete from time_entries where organization_id = ${organizationId}
      and client_id = any(${ids}::int[]) and client_id % 5 = 0`);
    const items = await scratchItems();
    await checkRollup(items);
    await checkReport(items);
  });

  it('rebuilds the same rows from the source tables (what the migration does for existing data)', async () => {
    await rows(sql`select report_rebuild(${organizationId})`);
    const items = await scratchItems();
    await checkRollup(items);
    await checkReport(items);
  });
});
