import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createActivityType, createClient, expectStatus, ownerRows, uniqueCode } from '../../../test/work-records';

/**
 * The rollups of migration 0033 equal a from-scratch computation after random sequences of
 * work, billing and payments (fast-check): WIP from the time entries and expenses, billed
 * from the invoices, collected from the payments and refunds themselves (not from the
 * ledger the triggers read), the balance from the ledger rows. Then GET /billing agrees.
 */
const client = fc.nat({ max: 1 });
const day = fc.integer({ min: 0, max: 120 });
// Weighted so that the later steps often find something to act on.
const step = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('time' as const),
      client,
      minutes: fc.integer({ min: 1, max: 600 }),
      day,
      done: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('edit-time' as const),
      entry: fc.nat(),
      minutes: fc.integer({ min: 1, max: 600 }),
      done: fc.boolean(),
    }),
    weight: 2,
  },
  fc.record({ op: fc.constant('delete-time' as const), entry: fc.nat() }),
  fc.record({ op: fc.constant('expense' as const), client, cents: fc.integer({ min: 1, max: 90_000 }), day }),
  {
    arbitrary: fc.record({ op: fc.constant('bill' as const), client, day, fee: fc.integer({ min: 0, max: 40_000 }) }),
    weight: 3,
  },
  fc.record({ op: fc.constant('void-invoice' as const), invoice: fc.nat() }),
  {
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      client,
      cents: fc.integer({ min: 5_000, max: 80_000 }),
      day,
      apply: fc.boolean(),
    }),
    weight: 3,
  },
  fc.record({
    op: fc.constant('edit-payment' as const),
    payment: fc.nat(),
    cents: fc.integer({ min: 1, max: 80_000 }),
    day,
  }),
  fc.record({ op: fc.constant('void-payment' as const), payment: fc.nat() }),
  {
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      client,
      cents: fc.integer({ min: 1, max: 4_000 }),
      day,
    }),
    weight: 2,
  },
  fc.record({ op: fc.constant('credit-memo' as const), invoice: fc.nat(), cents: fc.integer({ min: 1, max: 20_000 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const dateOf = (offset: number) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);

type Figures = Record<string, string>;

describe('billing rollups equal a from-scratch computation (fast-check)', () => {
  let testApp: TestApp;
  let admin: Session;
  let activityId: number;

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error' });
    admin = await signedIn(testApp.app, 'admin');
    activityId = (await createActivityType(admin, { default_rate_cents: 15_000 })).id;
  });
  afterAll(() => testApp.close());

  type World = { clients: number[]; entries: number[]; invoices: number[]; payments: number[] };

  async function run(world: World, action: Step) {
    const pick = (list: number[], index: number) => list[index % list.length];
    switch (action.op) {
      case 'time':
        return admin
          .request({
            method: 'POST',
            url: '/time-entries',
            payload: {
              client_id: world.clients[action.client],
              activity_type_id: activityId,
              entry_date: dateOf(action.day),
              minutes: action.minutes,
              billable: true,
              status: action.done ? 'completed' : 'draft',
            },
          })
          .then((response) => {
            if (response.statusCode === 201) world.entries.push(response.json().id);
            return response;
          });
      case 'edit-time': {
        const id = pick(world.entries, action.entry);
        if (id === undefined) return undefined;
        const entry = (await admin.request({ url: `/time-entries/${id}` })).json();
        return admin.request({
          method: 'PUT',
          url: `/time-entries/${id}`,
          payload: {
            client_id: entry.client_id,
            activity_type_id: entry.activity_type_id,
            entry_date: entry.entry_date,
            billable: entry.billable,
            minutes: action.minutes,
            status: action.done ? 'completed' : 'draft',
            version: entry.version,
          },
        });
      }
      case 'delete-time': {
        const id = pick(world.entries, action.entry);
        if (id === undefined) return undefined;
        const deleted = await admin.request({ method: 'DELETE', url: `/time-entries/${id}` });
        if (deleted.statusCode === 204) world.entries.splice(world.entries.indexOf(id), 1);
        return deleted;
      }
      case 'expense':
        return admin.request({
          method: 'POST',
          url: '/expenses',
          payload: {
            client_id: world.clients[action.client],
            expense_date: dateOf(action.day),
            category: 'postage',
            amount_cents: action.cents,
            status: 'completed',
          },
        });
      case 'bill': {
        // The client's whole WIP (and a fixed fee), issued on the day: WIP moves to billed.
        const clientId = world.clients[action.client]!;
        const wip = (await admin.request({ url: `/clients/${clientId}/wip` })).json();
        const timeIds = wip.time_entries.map((entry: { id: number }) => entry.id);
        const expenseIds = wip.expenses.map((expense: { id: number }) => expense.id);
        const fees = action.fee > 0 ? [{ description: 'Fee', amount_cents: action.fee }] : [];
        if (timeIds.length + expenseIds.length + fees.length === 0) return undefined;
        const draft = await admin.request({
          method: 'POST',
          url: '/invoices',
          payload: {
            client_id: clientId,
            time_entry_ids: timeIds,
            expense_ids: expenseIds,
            fixed_fees: fees,
            issue_date: dateOf(action.day),
            due_date: dateOf(action.day + 30),
          },
        });
        if (draft.statusCode !== 201) return draft;
        const issued = await admin.request({ method: 'POST', url: `/invoices/${draft.json().id}/issue` });
        if (issued.statusCode === 200) world.invoices.push(issued.json().id);
        else await admin.request({ method: 'DELETE', url: `/invoices/${draft.json().id}` });
        return issued;
      }
      case 'void-invoice': {
        const id = pick(world.invoices, action.invoice);
        if (id === undefined) return undefined;
        return admin.request({ method: 'POST', url: `/invoices/${id}/void`, payload: { reason: 'Test' } });
      }
      case 'pay': {
        const response = await admin.request({
          method: 'POST',
          url: '/payments',
          payload: {
            client_id: world.clients[action.client],
            payment_date: dateOf(action.day),
            amount_cents: action.cents,
            method: 'ach',
            ...(action.apply ? {} : { applications: [] }),
          },
        });
        if (response.statusCode === 201) world.payments.push(response.json().id);
        return response;
      }
      case 'edit-payment': {
        const id = pick(world.payments, action.payment);
        if (id === undefined) return undefined;
        const current = (await admin.request({ url: `/payments/${id}` })).json();
        return admin.request({
          method: 'PUT',
          url: `/payments/${id}`,
          payload: {
            payment_date: dateOf(action.day),
            amount_cents: action.cents,
            method: current.method,
            applications: [],
            version: current.version,
          },
        });
      }
      case 'void-payment': {
        const id = pick(world.payments, action.payment);
        if (id === undefined) return undefined;
        return admin.request({ method: 'POST', url: `/payments/${id}/void`, payload: { reason: 'Test' } });
      }
      case 'refund':
        return admin.request({
          method: 'POST',
          url: `/clients/${world.clients[action.client]}/refunds`,
          payload: { refund_date: dateOf(action.day), amount_cents: action.cents, method: 'check' },
        });
      case 'credit-memo': {
        const id = pick(world.invoices, action.invoice);
        if (id === undefined) return undefined;
        return admin.request({
          method: 'POST',
          url: `/invoices/${id}/credit-memo`,
          payload: { amount_cents: action.cents, reason: 'Test' },
        });
      }
    }
  }

  /** What the rollups hold for these clients, zero rows left out. */
  async function rollups(clients: number[]) {
    const ids = sql.join(
      clients.map((id) => sql`${id}`),
      sql`, `,
    );
    const wip = await ownerRows<Figures>(
      testApp,
      sql`select client_id::text, minutes::text, cents::text from billing_client_wip
          where client_id in (${ids}) and (minutes <> 0 or cents <> 0) order by client_id`,
    );
    const ar = await ownerRows<Figures>(
      testApp,
      sql`select client_id::text, balance_cents::text from billing_client_ar
          where client_id in (${ids}) and balance_cents <> 0 order by client_id`,
    );
    const days = await ownerRows<Figures>(
      testApp,
      sql`select client_id::text, to_char(day, 'YYYY-MM-DD') as day, billed_cents::text, collected_cents::text,
                 ledger_cents::text
          from billing_client_days
          where client_id in (${ids}) and (billed_cents <> 0 or collected_cents <> 0 or ledger_cents <> 0)
          order by client_id, day`,
    );
    return { wip, ar, days };
  }

  /** The same figures from the documents, written here apart from the migration's rebuild. */
  async function fromScratch(clients: number[]) {
    const ids = sql.join(
      clients.map((id) => sql`${id}`),
      sql`, `,
    );
    const wip = await ownerRows<Figures>(
      testApp,
      sql`select client_id::text, sum(minutes)::text as minutes, sum(cents)::text as cents from (
            select client_id, minutes, amount_cents as cents from time_entries
            where client_id in (${ids}) and status = 'completed' and billable and invoice_id is null
            union all
            select client_id, 0, total_cents from expenses
            where client_id in (${ids}) and status = 'completed' and billable and invoice_id is null
          ) w group by client_id having sum(minutes) <> 0 or sum(cents) <> 0 order by client_id`,
    );
    const ar = await ownerRows<Figures>(
      testApp,
      sql`select client_id::text, sum(debit_cents - credit_cents)::text as balance_cents from ar_ledger
          where client_id in (${ids}) group by client_id having sum(debit_cents - credit_cents) <> 0
          order by client_id`,
    );
    const days = await ownerRows<Figures>(
      testApp,
      sql`select client_id::text, to_char(day, 'YYYY-MM-DD') as day, sum(billed)::text as billed_cents,
                 sum(collected)::text as collected_cents, sum(ledger)::text as ledger_cents from (
            select client_id, issue_date as day, total_cents as billed, 0 as collected, 0 as ledger from invoices
            where client_id in (${ids}) and status in ('pending', 'partial', 'paid')
            union all
            select client_id, payment_date, 0, amount_cents, 0 from payments
            where client_id in (${ids}) and status = 'active'
            union all
            select client_id, refund_date, 0, -amount_cents, 0 from refunds where client_id in (${ids})
            union all
            select client_id, entry_date, 0, 0, debit_cents - credit_cents from ar_ledger where client_id in (${ids})
          ) moves group by client_id, day
          having sum(billed) <> 0 or sum(collected) <> 0 or sum(ledger) <> 0
          order by client_id, day`,
    );
    return { wip, ar, days };
  }

  /** The firm's striped rollups against the sums of its per-client rows, zero stripes left out. */
  async function expectStripesMatchClients(organizationId: number) {
    const pairs: [SQL, SQL][] = [
      [
        sql`select stripe::int, minutes::text, cents::text from billing_org_wip
            where organization_id = ${organizationId} and (minutes <> 0 or cents <> 0) order by 1`,
        sql`select (client_id % 16)::int as stripe, sum(minutes)::text as minutes, sum(cents)::text as cents
            from billing_client_wip where organization_id = ${organizationId}
            group by 1 having sum(minutes) <> 0 or sum(cents) <> 0 order by 1`,
      ],
      [
        sql`select stripe::int, balance_cents::text from billing_org_ar
            where organization_id = ${organizationId} and balance_cents <> 0 order by 1`,
        sql`select (client_id % 16)::int as stripe, sum(balance_cents)::text as balance_cents from billing_client_ar
            where organization_id = ${organizationId} group by 1 having sum(balance_cents) <> 0 order by 1`,
      ],
      [
        sql`select to_char(day, 'YYYY-MM-DD') as day, stripe::int, billed_cents::text, collected_cents::text,
                   ledger_cents::text
            from billing_org_days where organization_id = ${organizationId}
              and (billed_cents <> 0 or collected_cents <> 0 or ledger_cents <> 0) order by 1, 2`,
        sql`select to_char(day, 'YYYY-MM-DD') as day, (client_id % 16)::int as stripe,
                   sum(billed_cents)::text as billed_cents, sum(collected_cents)::text as collected_cents,
                   sum(ledger_cents)::text as ledger_cents
            from billing_client_days where organization_id = ${organizationId} group by 1, 2
            having sum(billed_cents) <> 0 or sum(collected_cents) <> 0 or sum(ledger_cents) <> 0 order by 1, 2`,
      ],
    ];
    for (const [stripes, clients] of pairs) {
      expect(await ownerRows(testApp, stripes)).toEqual(await ownerRows(testApp, clients));
    }
  }

  it('after every step, and GET /billing answers them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 16 }), async (steps) => {
        const token = uniqueCode('Roll').toLowerCase();
        const world: World = {
          clients: [
            (await createClient(admin, { legal_name: `One ${token}` })).id,
            (await createClient(admin, { legal_name: `Two ${token}` })).id,
          ],
          entries: [],
          invoices: [],
          payments: [],
        };
        for (const action of steps) {
          const response = await run(world, action);
          if (response) expect([200, 201, 204, 409, 422], response.body).toContain(response.statusCode);
          expect(await rollups(world.clients)).toEqual(await fromScratch(world.clients));
        }
        const scratch = await fromScratch(world.clients);
        const from = dateOf(20);
        const to = dateOf(80);
        const answer = await admin.request({ url: `/billing?q=${token}&from=${from}&to=${to}&sort=client_id` });
        expectStatus(answer, 200);
        for (const clientId of world.clients) {
          const inPeriod = scratch.days.filter(
            (row) => Number(row.client_id) === clientId && row.day! >= from && row.day! <= to,
          );
          const sum = (field: string) => inPeriod.reduce((total, row) => total + Number(row[field]), 0);
          const wip = scratch.wip.find((row) => Number(row.client_id) === clientId);
          const expected = {
            unbilled_minutes: Number(wip?.minutes ?? 0),
            unbilled_cents: Number(wip?.cents ?? 0),
            billed_cents: sum('billed_cents'),
            collected_cents: sum('collected_cents'),
            ar_balance_cents: Number(scratch.ar.find((row) => Number(row.client_id) === clientId)?.balance_cents ?? 0),
          };
          const item = answer.json().items.find((row: { client_id: number }) => row.client_id === clientId);
          expect({ ...item, client_id: undefined, client: undefined }).toEqual({
            ...expected,
            client_id: undefined,
            client: undefined,
          });
        }
        // The firm's totals, unfiltered, from the stripes: against the documents of every client.
        const [firm] = await ownerRows<{ id: number }>(
          testApp,
          sql`select organization_id as id from clients where id = ${world.clients[0]}`,
        );
        await expectStripesMatchClients(firm!.id);
        const everyone = await ownerRows<{ id: number }>(
          testApp,
          sql`select id from clients where organization_id = ${firm!.id}`,
        );
        const firmScratch = await fromScratch(everyone.map((row) => row.id));
        // The balance as of the firm's today: demo payments may be dated later.
        const [firmBalance] = await ownerRows<{ cents: string }>(
          testApp,
          sql`select coalesce(sum(l.debit_cents - l.credit_cents), 0)::text as cents
              from ar_ledger l join organizations o on o.id = l.organization_id
              where l.organization_id = ${firm!.id} and l.entry_date <= (now() at time zone o.time_zone)::date`,
        );
        const firmAnswer = await admin.request({ url: `/billing?from=${from}&to=${to}&page_size=1` });
        expectStatus(firmAnswer, 200);
        const inFirmPeriod = firmScratch.days.filter((row) => row.day! >= from && row.day! <= to);
        const total = (rows: Figures[], field: string) => rows.reduce((sum, row) => sum + Number(row[field]), 0);
        expect(firmAnswer.json()).toMatchObject({
          total: everyone.length,
          totals: {
            unbilled_minutes: total(firmScratch.wip, 'minutes'),
            unbilled_cents: total(firmScratch.wip, 'cents'),
            billed_cents: total(inFirmPeriod, 'billed_cents'),
            collected_cents: total(inFirmPeriod, 'collected_cents'),
            ar_balance_cents: Number(firmBalance!.cents),
          },
        });
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('stays exact when writes and refreshes run at once (parallel connections on PostgreSQL)', async () => {
    const token = uniqueCode('Race').toLowerCase();
    const clients = [
      (await createClient(admin, { legal_name: `Race one ${token}` })).id,
      (await createClient(admin, { legal_name: `Race two ${token}` })).id,
    ];
    const world: World = { clients, entries: [], invoices: [], payments: [] };
    const actions: (Step | 'refresh')[] = [];
    for (let index = 0; index < 12; index += 1) {
      const client = index % 2;
      actions.push({ op: 'time', client, minutes: 10 + index, day: index, done: true });
      actions.push({ op: 'pay', client, cents: 5_000 + index, day: 40 - index, apply: index % 3 === 0 });
      actions.push({ op: 'expense', client, cents: 100 + index, day: index });
      if (index % 4 === 0) actions.push('refresh');
    }
    const responses = await Promise.all(
      actions.map((action) =>
        action === 'refresh' ? admin.request({ method: 'POST', url: '/billing/refresh' }) : run(world, action),
      ),
    );
    for (const response of responses) expect([200, 201], response?.body).toContain(response?.statusCode);
    await Promise.all([
      run(world, { op: 'bill', client: 0, day: 50, fee: 0 }),
      run(world, { op: 'bill', client: 1, day: 51, fee: 0 }),
    ]);
    expect(await rollups(clients)).toEqual(await fromScratch(clients));
  });

  it('a refresh rebuilds what was lost, exactly', async () => {
    const token = uniqueCode('Lost').toLowerCase();
    const clientId = (await createClient(admin, { legal_name: `Lost ${token}` })).id;
    const world: World = { clients: [clientId, clientId], entries: [], invoices: [], payments: [] };
    for (const action of [
      { op: 'time', client: 0, minutes: 90, day: 3, done: true },
      { op: 'bill', client: 0, day: 5, fee: 1000 },
      { op: 'pay', client: 0, cents: 5000, day: 6, apply: true },
      { op: 'time', client: 0, minutes: 30, day: 7, done: true },
    ] as Step[]) {
      const response = await run(world, action);
      expect([200, 201], response?.body).toContain(response?.statusCode);
    }
    const expected = await fromScratch([clientId]);
    // A cache gone wrong (say, rows edited by hand): the refresh puts it right.
    await ownerRows(testApp, sql`update billing_client_wip set cents = cents + 1 where client_id = ${clientId}`);
    await ownerRows(testApp, sql`delete from billing_client_days where client_id = ${clientId}`);
    expect(await rollups([clientId])).not.toEqual(expected);
    expectStatus(await admin.request({ method: 'POST', url: '/billing/refresh' }), 200);
    expect(await rollups([clientId])).toEqual(expected);
  });
});
