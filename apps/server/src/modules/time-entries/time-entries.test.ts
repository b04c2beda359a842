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
let manager: Session;
let staff: Session;
let billing: Session;
let nwadmin: Session;
let userIds: Record<string, number>;
let client: ClientBody;
let activity: ActivityTypeBody;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  manager = await signedIn(testApp.app, 'manager');
  staff = await signedIn(testApp.app, 'staff');
  billing = await signedIn(testApp.app, 'billing');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  const rows = await ownerRows<{ username: string; id: number }>(testApp, sql`select username, id from users`);
  userIds = Object.fromEntries(rows.map((row) => [row.username, row.id]));
  client = await createClient(admin);
  activity = await createActivityType(admin, { default_rate_cents: 12_000 });
});
afterAll(() => testApp.close());

const entryCount = async () =>
  (await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from time_entries`))[0]!.n;

function entryBody(entry: TimeEntryBody, changes: Record<string, unknown> = {}) {
  return {
    client_id: entry.client_id,
    activity_type_id: entry.activity_type_id,
    entry_date: entry.entry_date,
    minutes: entry.minutes,
    narrative: entry.narrative,
    status: entry.status,
    version: entry.version,
    ...changes,
  };
}

const put = (session: Session, entry: TimeEntryBody, changes: Record<string, unknown> = {}) =>
  session.request({ method: 'PUT', url: `/time-entries/${entry.id}`, payload: entryBody(entry, changes) });

describe('recording time', () => {
  it('creates a draft in whole minutes and integer cents, billable as its activity says', async () => {
    const response = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: {
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: '2026-03-03',
        minutes: 95,
        narrative: ' Reconciled the bank accounts ',
      },
    });
    expectStatus(response, 201);
    expect(response.json()).toMatchObject({
      user_id: userIds.staff,
      user: { id: userIds.staff, name: 'Sam Staff' },
      client_id: client.id,
      client: { id: client.id, client_id: client.client_id, legal_name: 'Test Client LLC' },
      activity_type_id: activity.id,
      entry_date: '2026-03-03',
      minutes: 95,
      hours: 1.58,
      narrative: 'Reconciled the bank accounts',
      billable: true,
      status: 'draft',
      rate_cents: 12_000,
      rate_source: 'activity',
      amount_cents: 19_000,
      invoice_id: null,
      version: 1,
    });
    const unbilled = await createActivityType(admin, { default_rate_cents: 5_000, billable: false });
    const internal = await createTimeEntry(staff, { client_id: client.id, activity_type_id: unbilled.id });
    expect(internal).toMatchObject({ billable: false, status: 'draft' });
    const overridden = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: unbilled.id,
      billable: true,
      status: 'completed',
    });
    expect(overridden).toMatchObject({ billable: true, status: 'completed' });
  });

  it('answers 400 with an error per field, and writes nothing', async () => {
    const before = await entryCount();
    const response = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: {
        activity_type_id: 'x',
        entry_date: '2026-02-30',
        minutes: 1.5,
        status: 'billed',
        narrative: 'n'.repeat(2001),
      },
    });
    expectStatus(response, 400);
    expect(response.json().details).toEqual({
      client_id: 'Client is required',
      activity_type_id: 'Activity type must be chosen from the list',
      entry_date: 'Date must be a date (YYYY-MM-DD)',
      minutes: 'Minutes must be a whole number',
      narrative: 'Narrative must be at most 2000 characters',
      status: 'Status must be draft or completed',
    });
    const bounds = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: { client_id: client.id, activity_type_id: activity.id, entry_date: '2026-03-03', minutes: 0 },
    });
    expect(bounds.json().details).toEqual({ minutes: 'Minutes must be more than 0' });
    const tooLong = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: { client_id: client.id, activity_type_id: activity.id, entry_date: '2026-03-03', minutes: 1441 },
    });
    expect(tooLong.json().details).toEqual({ minutes: 'Minutes must be at most 1440 (24 hours)' });
    expect(await entryCount()).toBe(before);
  });

  it('refuses an inactive client or activity type with 400 on the field', async () => {
    const inactiveClient = await createClient(admin, { status: 'inactive' });
    const refusedClient = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: { client_id: inactiveClient.id, activity_type_id: activity.id, entry_date: '2026-03-03', minutes: 30 },
    });
    expectStatus(refusedClient, 400);
    expect(refusedClient.json().details).toEqual({ client_id: 'This client is inactive' });
    const inactiveType = await createActivityType(admin, { active: false });
    const refusedType = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: { client_id: client.id, activity_type_id: inactiveType.id, entry_date: '2026-03-03', minutes: 30 },
    });
    expectStatus(refusedType, 400);
    expect(refusedType.json().details).toEqual({ activity_type_id: 'This activity type is inactive' });
  });

  it('edits an entry from draft to completed and deletes one', async () => {
    const entry = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id });
    const completed = await put(staff, entry, { status: 'completed', minutes: 45 });
    expectStatus(completed, 200);
    expect(completed.json()).toMatchObject({ status: 'completed', minutes: 45, amount_cents: 9_000, version: 2 });
    const deleted = await staff.request({ method: 'DELETE', url: `/time-entries/${entry.id}` });
    expectStatus(deleted, 204);
    const gone = await staff.request({ url: `/time-entries/${entry.id}` });
    expectStatus(gone, 404);
    expect(gone.json()).toEqual({ error: 'Time entry not found' });
  });

  it('refuses any change to a billed entry with 409', async () => {
    const entry = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id });
    await markBilled(testApp, 'time_entries', entry.id);
    const edit = await put(manager, entry, { minutes: 5 });
    expectStatus(edit, 409);
    expect(edit.json()).toEqual({ error: 'This time entry is billed and locked' });
    expectStatus(await staff.request({ method: 'DELETE', url: `/time-entries/${entry.id}` }), 409);
    const stored = (await staff.request({ url: `/time-entries/${entry.id}` })).json();
    expect(stored).toMatchObject({ status: 'billed', minutes: 60, version: 1 });
  });
});

describe('who changes whose time', () => {
  it("lets a user change his own entries; another person's need can_edit_time_entries", async () => {
    const adminEntry = await createTimeEntry(admin, { client_id: client.id, activity_type_id: activity.id });
    const staffEntry = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id });
    const refused = await put(staff, adminEntry, { minutes: 1 });
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ error: 'Permission required: can_edit_time_entries' });
    expectStatus(await staff.request({ method: 'DELETE', url: `/time-entries/${adminEntry.id}` }), 403);
    expectStatus(await staff.request({ url: `/time-entries/${adminEntry.id}` }), 403);

    // Billing sees everyone's time to bill it, and changes none of it.
    expectStatus(await billing.request({ url: `/time-entries/${staffEntry.id}` }), 200);
    expectStatus(await put(billing, staffEntry, { minutes: 2 }), 403);

    const byManager = await put(manager, staffEntry, { minutes: 30 });
    expectStatus(byManager, 200);
    expect(byManager.json()).toMatchObject({ user_id: userIds.staff, minutes: 30, version: 2 });
    expect((await staff.request({ url: `/time-entries/${adminEntry.id}` })).statusCode).toBe(403);
  });

  it('records time for someone else only with can_edit_time_entries', async () => {
    const forAdmin = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: {
        user_id: userIds.admin,
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: '2026-03-03',
        minutes: 10,
      },
    });
    expectStatus(forAdmin, 403);
    const forStaff = await createTimeEntry(manager, {
      user_id: userIds.staff,
      client_id: client.id,
      activity_type_id: activity.id,
    });
    expect(forStaff).toMatchObject({ user_id: userIds.staff, user: { id: userIds.staff, name: 'Sam Staff' } });
    const foreignUser = await manager.request({
      method: 'POST',
      url: '/time-entries',
      payload: {
        user_id: userIds.nwstaff,
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: '2026-03-03',
        minutes: 10,
      },
    });
    expectStatus(foreignUser, 404);
    expect(foreignUser.json().details).toEqual({ user_id: 'User not found' });
  });
});

describe('another organization', () => {
  it("answers 404 for another firm's client or activity type in a body, and writes nothing", async () => {
    const foreignClient = await createClient(nwadmin);
    const foreignType = await createActivityType(nwadmin);
    const before = await entryCount();
    const withClient = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: { client_id: foreignClient.id, activity_type_id: activity.id, entry_date: '2026-03-03', minutes: 30 },
    });
    expectStatus(withClient, 404);
    expect(withClient.json()).toEqual({ error: 'Client not found', details: { client_id: 'Client not found' } });
    const withType = await staff.request({
      method: 'POST',
      url: '/time-entries',
      payload: { client_id: client.id, activity_type_id: foreignType.id, entry_date: '2026-03-03', minutes: 30 },
    });
    expectStatus(withType, 404);
    expect(withType.json()).toEqual({
      error: 'Activity type not found',
      details: { activity_type_id: 'Activity type not found' },
    });
    const entry = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id });
    const moved = await put(staff, entry, { client_id: foreignClient.id });
    expectStatus(moved, 404);
    const timer = await staff.request({
      method: 'POST',
      url: '/timer/start',
      payload: { client_id: foreignClient.id, activity_type_id: activity.id },
    });
    expectStatus(timer, 404);
    expect(await entryCount()).toBe(before + 1);
    expect((await staff.request({ url: `/time-entries/${entry.id}` })).json().client_id).toBe(client.id);
  });

  it("answers 404 for another firm's user in a list or week filter", async () => {
    for (const url of [`/time-entries?user_id=${userIds.nwstaff}`, `/time-entries/week?user_id=${userIds.nwstaff}`]) {
      const response = await manager.request({ url });
      expectStatus(response, 404);
      expect(response.json()).toEqual({ error: 'User not found', details: { user_id: 'User not found' } });
    }
  });

  it("reads another firm's entry as missing on every path", async () => {
    const entry = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id });
    expectStatus(await nwadmin.request({ url: `/time-entries/${entry.id}` }), 404);
    expectStatus(await put(nwadmin, entry, { minutes: 1 }), 404);
    expectStatus(await nwadmin.request({ method: 'DELETE', url: `/time-entries/${entry.id}` }), 404);
    expect((await staff.request({ url: `/time-entries/${entry.id}` })).json().minutes).toBe(60);
  });
});

describe("the organization's rounding rule", () => {
  async function setRounding(minutes: number, mode: string) {
    const response = await admin.request({
      method: 'PUT',
      url: '/time-settings',
      payload: { rounding_minutes: minutes, rounding_mode: mode },
    });
    expectStatus(response, 200);
  }

  it('rounds minutes on save, up or to the nearest increment, and the amount follows', async () => {
    try {
      await setRounding(15, 'up');
      const recorded = async (minutes: number) =>
        (await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id, minutes })).minutes;
      expect([await recorded(1), await recorded(15), await recorded(16)]).toEqual([15, 15, 30]);
      const entry = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id, minutes: 7 });
      expect(entry).toMatchObject({ minutes: 15, amount_cents: 3_000 });
      const edited = await put(staff, entry, { minutes: 31 });
      expect(edited.json()).toMatchObject({ minutes: 45, amount_cents: 9_000 });

      await setRounding(15, 'nearest');
      expect([await recorded(22), await recorded(23), await recorded(3)]).toEqual([15, 30, 15]);
      await setRounding(6, 'up');
      expect(await recorded(7)).toBe(12);
      expect((await staff.request({ url: '/time-settings' })).json()).toMatchObject({
        rounding_minutes: 6,
        rounding_mode: 'up',
      });
    } finally {
      await setRounding(0, 'up');
    }
    expect(
      (await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id, minutes: 7 })).minutes,
    ).toBe(7);
  });

  it('is set only by the administration and only to 0, 6 or 15 minutes', async () => {
    const refused = await manager.request({
      method: 'PUT',
      url: '/time-settings',
      payload: { rounding_minutes: 15, rounding_mode: 'up' },
    });
    expectStatus(refused, 403);
    const bad = await admin.request({
      method: 'PUT',
      url: '/time-settings',
      payload: { rounding_minutes: 10, rounding_mode: 'down' },
    });
    expectStatus(bad, 400);
    expect(bad.json().details).toEqual({
      rounding_minutes: 'Rounding must be 0 (none), 6 or 15 minutes',
      rounding_mode: 'Rounding mode must be up or nearest',
    });
  });
});

describe('concurrent edits of one entry', () => {
  it('lets exactly one of two saves of the same version win; the other answers 409', async () => {
    const entry = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id });
    const answers = await Promise.all([
      put(staff, entry, { narrative: 'first editor', minutes: 30 }),
      put(manager, entry, { narrative: 'second editor', minutes: 45 }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    const loser = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(loser).toEqual({ error: 'This time entry was changed by someone else. Reload it and try again.' });
    const stored = (await staff.request({ url: `/time-entries/${entry.id}` })).json();
    expect(stored).toMatchObject({ version: 2, narrative: winner.narrative, minutes: winner.minutes });
    const [audits] = await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from audit_log where entity = 'time_entry' and action = 'update' and entity_id = ${String(entry.id)}`,
    );
    expect(audits!.n).toBe(1);
  });

  it('refuses a save of a version read before another save', async () => {
    const entry = await createTimeEntry(staff, { client_id: client.id, activity_type_id: activity.id });
    expectStatus(await put(manager, entry, { minutes: 20 }), 200);
    const stale = await put(staff, entry, { minutes: 40 });
    expectStatus(stale, 409);
    expect((await staff.request({ url: `/time-entries/${entry.id}` })).json()).toMatchObject({
      minutes: 20,
      version: 2,
    });
  });
});

describe('the timer', () => {
  const zoneDate = (instant: Date, timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

  it('runs server-side, survives a new session, and records its elapsed minutes when stopped', async () => {
    const start = await staff.request({
      method: 'POST',
      url: '/timer/start',
      payload: { client_id: client.id, activity_type_id: activity.id, narrative: 'Payroll run' },
    });
    expectStatus(start, 201);
    expect(start.json().timer).toMatchObject({
      client_id: client.id,
      client: { id: client.id, client_id: client.client_id },
      activity_type_id: activity.id,
      narrative: 'Payroll run',
    });
    const again = await staff.request({
      method: 'POST',
      url: '/timer/start',
      payload: { client_id: client.id, activity_type_id: activity.id },
    });
    expectStatus(again, 409);
    expect(again.json()).toEqual({ error: 'A timer is already running' });

    // A reload, or another device: a fresh sign-in reads the same timer back.
    const reloaded = await signedIn(testApp.app, 'staff');
    const read = (await reloaded.request({ url: '/timer' })).json();
    expect(read.timer.started_at).toBe(start.json().timer.started_at);
    expect((await admin.request({ url: '/timer' })).json()).toEqual({ timer: null });

    await ownerRows(
      testApp,
      sql`update running_timers set started_at = now() - interval '90 minutes' where user_id = ${userIds.staff}`,
    );
    const startedAt = new Date(Date.now() - 90 * 60_000);
    expect((await reloaded.request({ url: '/timer' })).json().timer.elapsed_seconds).toBeGreaterThanOrEqual(5_400);
    const stop = await reloaded.request({ method: 'POST', url: '/timer/stop', payload: { status: 'completed' } });
    expectStatus(stop, 201);
    const { time_zone: timeZone } = (await staff.request({ url: '/time-settings' })).json();
    expect(stop.json().time_entry).toMatchObject({
      user_id: userIds.staff,
      client_id: client.id,
      activity_type_id: activity.id,
      minutes: 90,
      amount_cents: 18_000,
      narrative: 'Payroll run',
      status: 'completed',
      entry_date: zoneDate(startedAt, timeZone),
    });
    expect((await staff.request({ url: '/timer' })).json()).toEqual({ timer: null });
    const twice = await staff.request({ method: 'POST', url: '/timer/stop', payload: {} });
    expectStatus(twice, 404);
    expect(twice.json()).toEqual({ error: 'No timer is running' });
  });

  it('is thrown away without recording time', async () => {
    await staff.request({
      method: 'POST',
      url: '/timer/start',
      payload: { client_id: client.id, activity_type_id: activity.id },
    });
    const before = await entryCount();
    expectStatus(await staff.request({ method: 'DELETE', url: '/timer' }), 204);
    expect(await entryCount()).toBe(before);
    expectStatus(await staff.request({ method: 'DELETE', url: '/timer' }), 404);
  });
});

describe('the week grid and the day list', () => {
  let weekClient: ClientBody;
  let other: ActivityTypeBody;
  beforeAll(async () => {
    weekClient = await createClient(admin, { legal_name: 'Weekly Books Inc' });
    other = await createActivityType(admin, { name: 'Advisory', default_rate_cents: 30_000 });
    const record = (activityTypeId: number, entry_date: string, minutes: number) =>
      createTimeEntry(staff, { client_id: weekClient.id, activity_type_id: activityTypeId, entry_date, minutes });
    await record(activity.id, '2025-06-02', 60);
    await record(activity.id, '2025-06-02', 30);
    await record(other.id, '2025-06-04', 45);
    await record(activity.id, '2025-06-08', 15);
    await record(activity.id, '2025-06-09', 120);
    await record(activity.id, '2025-06-01', 120);
  });

  it('totals minutes per row and day for the 7 days from the start', async () => {
    const response = await staff.request({ url: '/time-entries/week?start=2025-06-02' });
    expectStatus(response, 200);
    const week = response.json();
    expect(week).toMatchObject({
      user_id: userIds.staff,
      start: '2025-06-02',
      end: '2025-06-08',
      days: ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08'],
      day_totals: [90, 0, 45, 0, 0, 0, 15],
      total_minutes: 150,
    });
    const rows = week.rows.map(
      (row: { activity_type_id: number; total_minutes: number; days: { minutes: number }[] }) => [
        row.activity_type_id,
        row.total_minutes,
        row.days.map((day) => day.minutes),
      ],
    );
    expect(rows).toEqual([
      [other.id, 45, [0, 0, 45, 0, 0, 0, 0]],
      [activity.id, 105, [90, 0, 0, 0, 0, 0, 15]],
    ]);
    expect(week.rows[1].days[0].entry_ids).toHaveLength(2);
  });

  it("shows another person's week only to those who may see it", async () => {
    expectStatus(await staff.request({ url: `/time-entries/week?start=2025-06-02&user_id=${userIds.admin}` }), 403);
    const byManager = await manager.request({ url: `/time-entries/week?start=2025-06-02&user_id=${userIds.staff}` });
    expect(byManager.json().total_minutes).toBe(150);
    const own = await manager.request({ url: '/time-entries/week?start=2025-06-02' });
    expect(own.json().total_minutes).toBe(0);
  });

  it('lists one day with its totals, one bounded page at a time', async () => {
    const day = await staff.request({ url: '/time-entries?from=2025-06-02&to=2025-06-02&sort=minutes&order=asc' });
    expectStatus(day, 200);
    expect(day.json()).toMatchObject({
      total: 2,
      page: 1,
      page_size: 25,
      totals: { minutes: 90, amount_cents: 18_000 },
    });
    expect(day.json().items.map((item: { minutes: number }) => item.minutes)).toEqual([30, 60]);
    const paged = await staff.request({ url: '/time-entries?from=2025-06-01&to=2025-06-09&page_size=2&page=3' });
    expect(paged.json()).toMatchObject({ total: 6, page: 3, page_size: 2 });
    expect(paged.json().items.map((item: { entry_date: string }) => item.entry_date)).toEqual([
      '2025-06-02',
      '2025-06-01',
    ]);
    expectStatus(await staff.request({ url: '/time-entries?page_size=101' }), 400);
    expectStatus(await staff.request({ url: '/time-entries?user_id=all' }), 403);
    const everyone = await manager.request({ url: `/time-entries?user_id=all&client_id=${weekClient.id}` });
    expect(everyone.json().total).toBe(6);
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
