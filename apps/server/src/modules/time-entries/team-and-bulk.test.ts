import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeclaredAnswersOf } from '../../../test/answer-record';
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
  type TimeEntryBody,
} from '../../../test/work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let manager: Session;
let readonly: Session;
let nwadmin: Session;
let alpha: ClientBody;
let beta: ClientBody;
let activity: ActivityTypeBody;
let staffId: number;
let managerId: number;

const entryFor = (session: Session, client: ClientBody, entry_date: string, minutes: number) =>
  createTimeEntry(session, { client_id: client.id, activity_type_id: activity.id, entry_date, minutes });

const statusOf = async (id: number) =>
  (
    await ownerRows<{ status: string; version: number }>(
      testApp,
      sql`select status, version from time_entries where id = ${id}`,
    )
  )[0];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  manager = await signedIn(testApp.app, 'manager');
  readonly = await signedIn(testApp.app, 'readonly');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  alpha = await createClient(admin, { legal_name: 'Alpha Team Co' });
  beta = await createClient(admin, { legal_name: 'Beta Team Co' });
  activity = await createActivityType(admin, { default_rate_cents: 6_000 });
  staffId = (await staff.request({ method: 'GET', url: '/user' })).json().id;
  managerId = (await manager.request({ method: 'GET', url: '/user' })).json().id;
  // A week (Monday 2026-06-01) where three 20-minute entries make 1.0 h, not 3 x 0.3 h.
  for (let index = 0; index < 3; index += 1) await entryFor(staff, alpha, '2026-06-01', 20);
  await entryFor(staff, alpha, '2026-06-02', 100);
  await entryFor(staff, beta, '2026-06-03', 45);
  await entryFor(manager, beta, '2026-06-07', 30);
  await entryFor(manager, beta, '2026-06-08', 600); // the next week
});
afterAll(async () => testApp.close());

describe('GET /time-entries/team', () => {
  it('gives everyone’s minutes by person, client and day, totals per person and for the week from minutes', async () => {
    const response = await manager.request({ method: 'GET', url: '/time-entries/team?start=2026-06-03&page_size=100' });
    expectStatus(response, 200);
    const body = response.json();
    expect(body.start).toBe('2026-06-01');
    expect(body.end).toBe('2026-06-07');
    expect(body.days).toHaveLength(7);
    const sam = body.items.find((person: { user: { id: number } }) => person.user.id === staffId);
    expect(sam.user).toEqual({ id: staffId, name: 'Sam Staff', active: true });
    expect(sam.rows).toEqual([
      {
        client: { id: alpha.id, client_id: alpha.client_id, legal_name: 'Alpha Team Co' },
        days: [60, 100, 0, 0, 0, 0, 0],
        total_minutes: 160,
      },
      {
        client: { id: beta.id, client_id: beta.client_id, legal_name: 'Beta Team Co' },
        days: [0, 0, 45, 0, 0, 0, 0],
        total_minutes: 45,
      },
    ]);
    expect(sam.day_totals).toEqual([60, 100, 45, 0, 0, 0, 0]);
    expect(sam.total_minutes).toBe(205);
    const maria = body.items.find((person: { user: { id: number } }) => person.user.id === managerId);
    expect(maria.total_minutes).toBe(30);
    // Active people without time are listed too, so a missing timesheet shows.
    const readonlyPerson = body.items.find((person: { user: { name: string } }) => person.user.name === 'Rita Reader');
    expect(readonlyPerson).toMatchObject({ rows: [], total_minutes: 0 });
    expect(body.totals).toEqual({ day_totals: [60, 100, 45, 0, 0, 0, 30], total_minutes: 235 });
    expect(body.total).toBe(body.items.length);
  });

  it('filters by person and by client; totals follow the filter', async () => {
    const one = (
      await manager.request({ method: 'GET', url: `/time-entries/team?start=2026-06-01&user_id=${staffId}` })
    ).json();
    expect(one.items.map((person: { user: { id: number } }) => person.user.id)).toEqual([staffId]);
    expect(one.totals.total_minutes).toBe(205);
    const betaOnly = (
      await manager.request({ method: 'GET', url: `/time-entries/team?start=2026-06-01&client_id=${beta.id}` })
    ).json();
    expect(betaOnly.items.map((person: { user: { id: number } }) => person.user.id).sort()).toEqual(
      [staffId, managerId].sort(),
    );
    expect(betaOnly.totals).toEqual({ day_totals: [0, 0, 45, 0, 0, 0, 30], total_minutes: 75 });
  });

  it('pages the people; the totals cover every page', async () => {
    const page = (
      await manager.request({ method: 'GET', url: '/time-entries/team?start=2026-06-01&page_size=1' })
    ).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect(page.totals.total_minutes).toBe(235);
  });

  it('needs can_edit_time_entries, answers another firm’s person or client with 404 and refuses bad input', async () => {
    expectStatus(await staff.request({ method: 'GET', url: '/time-entries/team' }), 403);
    expectStatus(await readonly.request({ method: 'GET', url: '/time-entries/team' }), 403);
    expectStatus(await nwadmin.request({ method: 'GET', url: `/time-entries/team?user_id=${staffId}` }), 404);
    expectStatus(await nwadmin.request({ method: 'GET', url: `/time-entries/team?client_id=${alpha.id}` }), 404);
    for (const query of ['start=monday', 'start=2026-02-30', 'user_id=me', 'client_id=-4', 'page_size=101', 'page=0']) {
      expectStatus(await manager.request({ method: 'GET', url: `/time-entries/team?${query}` }), 400);
    }
  });
});

describe('POST /time-entries/complete', () => {
  const complete = (session: Session, ids: unknown) =>
    session.request({ method: 'POST', url: '/time-entries/complete', payload: { ids } });

  it('completes several of his drafts at once, leaving completed ones as they are', async () => {
    const first = await entryFor(staff, alpha, '2026-06-10', 30);
    const second = await entryFor(staff, alpha, '2026-06-11', 30);
    const done = await createTimeEntry(staff, {
      client_id: alpha.id,
      activity_type_id: activity.id,
      entry_date: '2026-06-12',
      status: 'completed',
    });
    const response = await complete(staff, [first.id, second.id, done.id, first.id]);
    expectStatus(response, 200);
    expect(response.json().items.map((entry: TimeEntryBody) => [entry.id, entry.status, entry.version])).toEqual([
      [first.id, 'completed', 2],
      [second.id, 'completed', 2],
      [done.id, 'completed', 1],
    ]);
  });

  it('changes nothing when one entry is someone else’s (403), billed (409) or another firm’s (404)', async () => {
    const mine = await entryFor(staff, alpha, '2026-06-15', 30);
    const managers = await entryFor(manager, alpha, '2026-06-15', 30);
    const billed = await entryFor(staff, alpha, '2026-06-16', 30);
    await markBilled(testApp, 'time_entries', billed.id);
    const northwindClient = await createClient(nwadmin);
    const northwindActivity = await createActivityType(nwadmin);
    const foreign = await createTimeEntry(nwadmin, {
      client_id: northwindClient.id,
      activity_type_id: northwindActivity.id,
    });
    expectStatus(await complete(staff, [mine.id, managers.id]), 403);
    expectStatus(await complete(staff, [mine.id, billed.id]), 409);
    expectStatus(await complete(staff, [mine.id, foreign.id]), 404);
    expectStatus(await complete(staff, [mine.id, 2_000_000_000]), 404);
    expect(await statusOf(mine.id)).toEqual({ status: 'draft', version: 1 });
    expect(await statusOf(managers.id)).toEqual({ status: 'draft', version: 1 });
    expectStatus(await complete(manager, [mine.id, managers.id]), 200);
    expect(await statusOf(mine.id)).toEqual({ status: 'completed', version: 2 });
  });

  it('refuses bad input', async () => {
    for (const [ids, message] of [
      [[], 'Choose at least one entry'],
      ['12', 'Choose the entries to complete'],
      [[0], 'Time entry must be chosen from the list'],
      [[1.5], 'Time entry must be chosen from the list'],
      [Array.from({ length: 101 }, (_, index) => index + 1), 'Complete at most 100 entries at once'],
    ] as const) {
      const response = await complete(staff, ids);
      expectStatus(response, 400);
      expect(response.body).toContain(message);
    }
    expectStatus(await readonly.request({ method: 'POST', url: '/time-entries/complete', payload: { ids: [1] } }), 403);
  });

  it('completes each draft once when two requests race (one audit row each)', async () => {
    const entries = [await entryFor(staff, beta, '2026-06-17', 30), await entryFor(staff, beta, '2026-06-18', 30)];
    const ids = entries.map((entry) => entry.id);
    const answers = await Promise.all([complete(staff, ids), complete(manager, ids)]);
    for (const answer of answers) expectStatus(answer, 200);
    for (const entry of entries) expect(await statusOf(entry.id)).toEqual({ status: 'completed', version: 2 });
    const audits = await ownerRows<{ count: number }>(
      testApp,
      sql`select count(*)::int as count from audit_log where entity = 'time_entry' and action = 'update'
          and entity_id in (${sql.join(ids, sql`, `)})`,
    );
    expect(audits[0]!.count).toBe(2);
  });
});

describe('POST /time-entries/{id}/duplicate', () => {
  const duplicate = (session: Session, id: number, payload: Record<string, unknown> = {}) =>
    session.request({ method: 'POST', url: `/time-entries/${id}/duplicate`, payload });

  it('makes a new draft like the entry, on its date or the one given', async () => {
    const source = await createTimeEntry(staff, {
      client_id: alpha.id,
      activity_type_id: activity.id,
      entry_date: '2026-06-22',
      minutes: 75,
      narrative: 'Quarterly review',
      status: 'completed',
    });
    const same = await duplicate(staff, source.id);
    expectStatus(same, 201);
    expect(same.json()).toMatchObject({
      client_id: alpha.id,
      activity_type_id: activity.id,
      entry_date: '2026-06-22',
      minutes: 75,
      narrative: 'Quarterly review',
      status: 'draft',
      version: 1,
      amount_cents: 7_500,
    });
    expect(same.json().id).not.toBe(source.id);
    const moved = await duplicate(staff, source.id, { entry_date: '2026-06-23' });
    expect(moved.json().entry_date).toBe('2026-06-23');
  });

  it('copies a billed entry as a draft; refuses someone else’s (403), another firm’s (404) and a bad date', async () => {
    const billed = await entryFor(staff, alpha, '2026-06-24', 30);
    await markBilled(testApp, 'time_entries', billed.id);
    expect((await duplicate(staff, billed.id)).json().status).toBe('draft');
    const managers = await entryFor(manager, alpha, '2026-06-24', 30);
    expectStatus(await duplicate(staff, managers.id), 403);
    expectStatus(await duplicate(manager, billed.id), 201);
    expectStatus(await duplicate(nwadmin, billed.id), 404);
    expectStatus(await duplicate(staff, 2_000_000_000), 404);
    const bad = await duplicate(staff, billed.id, { entry_date: '2026-13-01' });
    expectStatus(bad, 400);
    expect(bad.json().details.entry_date).toBe('Date must be a date (YYYY-MM-DD)');
    expectStatus(
      await readonly.request({ method: 'POST', url: `/time-entries/${billed.id}/duplicate`, payload: {} }),
      403,
    );
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
