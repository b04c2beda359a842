import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, markBilled, ownerRows, type ClientBody } from '../../../test/work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let manager: Session;
let readonly: Session;
let nwadmin: Session;
let client: ClientBody;

type ExpenseBody = { id: number; status: string; version: number; [field: string]: unknown };

async function createExpense(session: Session, fields: Record<string, unknown> = {}): Promise<ExpenseBody> {
  const response = await session.request({
    method: 'POST',
    url: '/expenses',
    payload: { client_id: client.id, expense_date: '2026-03-04', category: 'courier', amount_cents: 2_500, ...fields },
  });
  expectStatus(response, 201);
  return response.json();
}

const complete = (session: Session, ids: unknown) =>
  session.request({ method: 'POST', url: '/expenses/complete', payload: { ids } });

const stored = async (id: number) =>
  (
    await ownerRows<{ status: string; version: number }>(
      testApp,
      sql`select status, version from expenses where id = ${id}`,
    )
  )[0];

const auditCount = async (ids: number[]) =>
  (
    await ownerRows<{ count: number }>(
      testApp,
      sql`select count(*)::int as count from audit_log where entity = 'expense' and action = 'update'
          and entity_id in (${sql.join(ids, sql`, `)})`,
    )
  )[0]!.count;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  manager = await signedIn(testApp.app, 'manager');
  readonly = await signedIn(testApp.app, 'readonly');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  client = await createClient(admin, { legal_name: 'Completion Expenses Co' });
});
afterAll(async () => testApp.close());

describe('POST /expenses/complete', () => {
  it('completes several of his drafts at once, audited, leaving completed ones as they are', async () => {
    const first = await createExpense(staff);
    const second = await createExpense(staff, { amount_cents: 700 });
    const done = await createExpense(staff, { status: 'completed' });
    const response = await complete(staff, [second.id, first.id, done.id, first.id]);
    expectStatus(response, 200);
    expect(response.json().items.map((expense: ExpenseBody) => [expense.id, expense.status, expense.version])).toEqual([
      [first.id, 'completed', 2],
      [second.id, 'completed', 2],
      [done.id, 'completed', 1],
    ]);
    expect(await auditCount([first.id, second.id, done.id])).toBe(2);
    const wip = await admin.request({ method: 'GET', url: `/clients/${client.id}/wip` });
    const inWip = wip.json().expenses.map((expense: ExpenseBody) => expense.id);
    expect(inWip).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('changes nothing when one is someone else’s (403), billed (409) or another firm’s (404)', async () => {
    const mine = await createExpense(staff);
    const managers = await createExpense(manager);
    const billed = await createExpense(staff);
    await markBilled(testApp, 'expenses', billed.id);
    const northwind = await createClient(nwadmin);
    const foreignResponse = await nwadmin.request({
      method: 'POST',
      url: '/expenses',
      payload: { client_id: northwind.id, expense_date: '2026-03-04', category: 'postage', amount_cents: 100 },
    });
    const foreign: ExpenseBody = foreignResponse.json();
    expectStatus(await complete(staff, [mine.id, managers.id]), 403);
    expectStatus(await complete(staff, [mine.id, billed.id]), 409);
    expect((await complete(staff, [mine.id, billed.id])).json()).toEqual({
      error: 'This expense is billed and locked',
    });
    expectStatus(await complete(staff, [mine.id, foreign.id]), 404);
    expectStatus(await complete(staff, [mine.id, 2_000_000_000]), 404);
    expectStatus(await complete(nwadmin, [mine.id]), 404);
    expect(await stored(mine.id)).toEqual({ status: 'draft', version: 1 });
    expect(await stored(managers.id)).toEqual({ status: 'draft', version: 1 });
    // A manager (can_edit_time_entries) completes other people's.
    expectStatus(await complete(manager, [mine.id, managers.id]), 200);
    expect(await stored(mine.id)).toEqual({ status: 'completed', version: 2 });
  });

  it('refuses bad input and a role without can_view_time_entries', async () => {
    for (const [ids, message] of [
      [[], 'Choose at least one expense'],
      ['12', 'Choose the expenses to complete'],
      [[0], 'Expense must be chosen from the list'],
      [[1.5], 'Expense must be chosen from the list'],
      [Array.from({ length: 101 }, (_, index) => index + 1), 'Complete at most 100 expenses at once'],
    ] as const) {
      const response = await complete(staff, ids);
      expectStatus(response, 400);
      expect(response.body).toContain(message);
    }
    expectStatus(await readonly.request({ method: 'POST', url: '/expenses/complete', payload: { ids: [1] } }), 403);
  });

  it('completes each draft once when two requests race (one audit row each)', async () => {
    const drafts = [await createExpense(staff), await createExpense(staff), await createExpense(staff)];
    const ids = drafts.map((expense) => expense.id);
    const answers = await Promise.all([complete(staff, ids), complete(manager, [...ids].reverse())]);
    for (const answer of answers) expectStatus(answer, 200);
    for (const id of ids) expect(await stored(id)).toEqual({ status: 'completed', version: 2 });
    expect(await auditCount(ids)).toBe(3);
  });
});
