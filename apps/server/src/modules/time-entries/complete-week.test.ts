import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  markBilled,
  ownerRows,
  type ActivityTypeBody,
  type ClientBody,
} from '../../../test/work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let manager: Session;
let readonly: Session;
let client: ClientBody;
let activity: ActivityTypeBody;

const entry = (session: Session, entry_date: string, minutes: number, fields: Record<string, unknown> = {}) =>
  createTimeEntry(session, { client_id: client.id, activity_type_id: activity.id, entry_date, minutes, ...fields });

async function expense(session: Session, expense_date: string, amount_cents: number, fields = {}) {
  const response = await session.request({
    method: 'POST',
    url: '/expenses',
    payload: { client_id: client.id, expense_date, category: 'postage', amount_cents, ...fields },
  });
  expectStatus(response, 201);
  return response.json() as { id: number };
}

const completeWeek = (session: Session, payload: Record<string, unknown>) =>
  session.request({ method: 'POST', url: '/time-entries/complete-week', payload });

const statusOf = async (table: 'time_entries' | 'expenses', id: number) =>
  (
    await ownerRows<{ status: string; version: number }>(
      testApp,
      sql`select status, version from ${sql.identifier(table)} where id = ${id}`,
    )
  )[0];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  manager = await signedIn(testApp.app, 'manager');
  readonly = await signedIn(testApp.app, 'readonly');
  client = await createClient(admin, { legal_name: 'Week Completion Co' });
  activity = await createActivityType(admin, { default_rate_cents: 6_000 });
});
afterAll(async () => testApp.close());

describe('POST /time-entries/complete-week', () => {
  it("completes the caller's drafts of the 7 days, time and expenses, and says what it completed", async () => {
    const monday = await entry(staff, '2026-07-06', 90);
    const sunday = await entry(staff, '2026-07-12', 30, { billable: false });
    const done = await entry(staff, '2026-07-07', 60, { status: 'completed' });
    const billed = await entry(staff, '2026-07-08', 45);
    await markBilled(testApp, 'time_entries', billed.id);
    const before = await entry(staff, '2026-07-05', 15);
    const after = await entry(staff, '2026-07-13', 15);
    const someoneElses = await entry(manager, '2026-07-06', 120);
    const receipt = await expense(staff, '2026-07-09', 1_250, { markup_basis_points: 1_000 });
    const laterExpense = await expense(staff, '2026-07-13', 500);

    const response = await completeWeek(staff, { week_start: '2026-07-06' });
    expectStatus(response, 200);
    expect(response.json()).toEqual({
      week_start: '2026-07-06',
      week_end: '2026-07-12',
      time_entries: 2,
      minutes: 120,
      expenses: 1,
      expense_cents: 1_375,
    });
    expect(await statusOf('time_entries', monday.id)).toEqual({ status: 'completed', version: 2 });
    expect(await statusOf('time_entries', sunday.id)).toEqual({ status: 'completed', version: 2 });
    expect(await statusOf('time_entries', done.id)).toEqual({ status: 'completed', version: 1 });
    expect((await statusOf('time_entries', billed.id))!.status).toBe('billed');
    for (const untouched of [before, after, someoneElses]) {
      expect(await statusOf('time_entries', untouched.id)).toEqual({ status: 'draft', version: 1 });
    }
    expect(await statusOf('expenses', receipt.id)).toEqual({ status: 'completed', version: 2 });
    expect(await statusOf('expenses', laterExpense.id)).toEqual({ status: 'draft', version: 1 });
    const audits = await ownerRows<{ entity: string; count: number }>(
      testApp,
      sql`select entity, count(*)::int as count from audit_log where action = 'update'
          and ((entity = 'time_entry' and entity_id in (${monday.id}, ${sunday.id}, ${done.id}))
            or (entity = 'expense' and entity_id = ${receipt.id}))
          group by entity order by entity`,
    );
    expect(audits).toEqual([
      { entity: 'expense', count: 1 },
      { entity: 'time_entry', count: 2 },
    ]);

    const again = await completeWeek(staff, { week_start: '2026-07-06' });
    expect(again.json()).toMatchObject({ time_entries: 0, minutes: 0, expenses: 0, expense_cents: 0 });
  });

  it('refuses a bad week start and a role without can_view_time_entries', async () => {
    for (const payload of [{}, { week_start: '2026-13-01' }, { week_start: 'monday' }, { week_start: 20260706 }]) {
      const response = await completeWeek(staff, payload);
      expectStatus(response, 400);
      expect(response.body).toContain('Week start');
    }
    expectStatus(await completeWeek(readonly, { week_start: '2026-07-06' }), 403);
  });

  it('completes and counts each draft once when two calls race', async () => {
    const drafts = [await entry(staff, '2026-08-03', 30), await entry(staff, '2026-08-04', 45)];
    const receipts = [await expense(staff, '2026-08-05', 800), await expense(staff, '2026-08-06', 200)];
    const answers = await Promise.all([
      completeWeek(staff, { week_start: '2026-08-03' }),
      completeWeek(staff, { week_start: '2026-08-03' }),
    ]);
    for (const answer of answers) expectStatus(answer, 200);
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.reduce((total, body) => total + body.time_entries, 0)).toBe(2);
    expect(bodies.reduce((total, body) => total + body.minutes, 0)).toBe(75);
    expect(bodies.reduce((total, body) => total + body.expenses, 0)).toBe(2);
    expect(bodies.reduce((total, body) => total + body.expense_cents, 0)).toBe(1_000);
    for (const draft of drafts)
      expect(await statusOf('time_entries', draft.id)).toEqual({ status: 'completed', version: 2 });
    for (const receipt of receipts)
      expect(await statusOf('expenses', receipt.id)).toEqual({ status: 'completed', version: 2 });
  });
});
