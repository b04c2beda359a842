import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  ownerRows,
  type ActivityTypeBody,
} from '../../../test/work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let manager: Session;
let staffId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  manager = await signedIn(testApp.app, 'manager');
  const [row] = await ownerRows<{ id: number }>(testApp, sql`select id from users where username = 'staff'`);
  staffId = row!.id;
});
afterAll(() => testApp.close());

async function changeActivityRate(type: ActivityTypeBody, rate: number | null, from: string, version: number) {
  const response = await admin.request({
    method: 'PUT',
    url: `/activity-types/${type.id}`,
    payload: { name: 'Rated', code: type.code, default_rate_cents: rate, rate_effective_from: from, version },
  });
  expectStatus(response, 200);
}

async function setOverride(clientId: number, activityTypeId: number, rate: number | null, from: string) {
  const response = await admin.request({
    method: 'PUT',
    url: `/clients/${clientId}/activity-types`,
    payload: {
      effective_from: from,
      items: [{ activity_type_id: activityTypeId, enabled: true, override_rate_cents: rate }],
    },
  });
  expectStatus(response, 200);
}

describe('the rate order of PRODUCT.md', () => {
  it("takes the client's override, else the activity's rate, else the user's standard rate", async () => {
    const overridden = await createClient(admin);
    const plain = await createClient(admin);
    const rated = await createActivityType(admin, { default_rate_cents: 20_000 });
    const unrated = await createActivityType(admin, { default_rate_cents: null });
    await setOverride(overridden.id, rated.id, 30_000, '2026-01-01');

    const byClient = await createTimeEntry(staff, { client_id: overridden.id, activity_type_id: rated.id });
    expect(byClient).toMatchObject({ rate_cents: 30_000, rate_source: 'client', minutes: 60, amount_cents: 30_000 });
    const byActivity = await createTimeEntry(staff, { client_id: plain.id, activity_type_id: rated.id });
    expect(byActivity).toMatchObject({ rate_cents: 20_000, rate_source: 'activity', amount_cents: 20_000 });
    // Sam Staff's standard rate in the demo firm is $150.00.
    const byUser = await createTimeEntry(staff, { client_id: plain.id, activity_type_id: unrated.id, minutes: 90 });
    expect(byUser).toMatchObject({ rate_cents: 15_000, rate_source: 'user', amount_cents: 22_500 });
    const adminEntry = await createTimeEntry(admin, { client_id: plain.id, activity_type_id: unrated.id });
    expect(adminEntry).toMatchObject({ rate_cents: 25_000, rate_source: 'user' });
  });

  it('computes the amount in whole cents, half a cent rounding up', async () => {
    const client = await createClient(admin);
    const type = await createActivityType(admin, { default_rate_cents: 10_001 });
    // 10001 x 7 / 60 = 1166.78... cents
    expect(await createTimeEntry(staff, { client_id: client.id, activity_type_id: type.id, minutes: 7 })).toMatchObject(
      {
        amount_cents: 1_167,
      },
    );
    const half = await createActivityType(admin, { default_rate_cents: 90 });
    // 90 x 1 / 60 = 1.5 cents
    expect(await createTimeEntry(staff, { client_id: client.id, activity_type_id: half.id, minutes: 1 })).toMatchObject(
      {
        amount_cents: 2,
      },
    );
  });
});

describe('effective-dated rate changes', () => {
  it("charges an entry dated before an activity's rate change the old rate, and re-prices nothing saved", async () => {
    const client = await createClient(admin);
    const type = await createActivityType(admin, { default_rate_cents: 10_000 });
    const savedEarlier = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: type.id,
      entry_date: '2026-03-05',
    });
    expect(savedEarlier.rate_cents).toBe(10_000);
    await changeActivityRate(type, 12_000, '2026-03-01', 1);

    const before = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: type.id,
      entry_date: '2026-02-28',
    });
    const onTheDay = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: type.id,
      entry_date: '2026-03-01',
    });
    expect([before.rate_cents, onTheDay.rate_cents]).toEqual([10_000, 12_000]);

    const reread = await staff.request({ url: `/time-entries/${savedEarlier.id}` });
    expect(reread.json()).toMatchObject({ rate_cents: 10_000, amount_cents: 10_000 });
    // An edit of the narrative and minutes keeps the captured rate; only the amount follows the minutes.
    const edited = await staff.request({
      method: 'PUT',
      url: `/time-entries/${savedEarlier.id}`,
      payload: {
        client_id: client.id,
        activity_type_id: type.id,
        entry_date: '2026-03-05',
        minutes: 30,
        narrative: 'Reviewed the ledger',
        version: savedEarlier.version,
      },
    });
    expect(edited.json()).toMatchObject({ rate_cents: 10_000, amount_cents: 5_000, narrative: 'Reviewed the ledger' });
    // Moving the entry to another date decides its rate again, as of that date.
    const moved = await staff.request({
      method: 'PUT',
      url: `/time-entries/${savedEarlier.id}`,
      payload: { client_id: client.id, activity_type_id: type.id, entry_date: '2026-03-06', minutes: 30, version: 2 },
    });
    expect(moved.json()).toMatchObject({ rate_cents: 12_000, amount_cents: 6_000 });
  });

  it('falls back to the user rate from the day an activity rate is ended', async () => {
    const client = await createClient(admin);
    const type = await createActivityType(admin, { default_rate_cents: 10_000 });
    await changeActivityRate(type, null, '2026-04-01', 1);
    const before = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: type.id,
      entry_date: '2026-03-31',
    });
    const after = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: type.id,
      entry_date: '2026-04-01',
    });
    expect([before.rate_source, before.rate_cents]).toEqual(['activity', 10_000]);
    expect([after.rate_source, after.rate_cents]).toEqual(['user', 15_000]);
  });

  it("applies a client's override from its date, and an override ended with null from that day", async () => {
    const client = await createClient(admin);
    const type = await createActivityType(admin, { default_rate_cents: 10_000 });
    await setOverride(client.id, type.id, 15_000, '2026-04-01');
    await setOverride(client.id, type.id, null, '2026-05-01');
    const entryOn = (entry_date: string) =>
      createTimeEntry(staff, { client_id: client.id, activity_type_id: type.id, entry_date });
    const rates = [];
    for (const date of ['2026-03-31', '2026-04-01', '2026-04-30', '2026-05-01']) {
      const entry = await entryOn(date);
      rates.push([entry.rate_source, entry.rate_cents]);
    }
    expect(rates).toEqual([
      ['activity', 10_000],
      ['client', 15_000],
      ['client', 15_000],
      ['activity', 10_000],
    ]);
    const view = (await admin.request({ url: `/clients/${client.id}/activity-types` })).json();
    const item = view.items.find((candidate: { activity_type_id: number }) => candidate.activity_type_id === type.id);
    expect(item.override_changes).toEqual([
      { effective_from: '2026-04-01', rate_cents: 15_000 },
      { effective_from: '2026-05-01', rate_cents: null },
    ]);
    expect(item.override_rate_cents).toBeNull();
  });
});

describe("a user's standard billing rate", () => {
  it('changes from a date on, for entries dated from then', async () => {
    const client = await createClient(admin);
    const unrated = await createActivityType(admin, { default_rate_cents: null });
    const response = await admin.request({
      method: 'PUT',
      url: `/users/${staffId}/rate`,
      payload: { rate_cents: 18_000, effective_from: '2026-06-01' },
    });
    expectStatus(response, 200);
    expect(response.json()).toEqual({
      user_id: staffId,
      standard_rate_cents: 18_000,
      base_rate_cents: 15_000,
      rate_changes: [{ effective_from: '2026-06-01', rate_cents: 18_000 }],
    });
    const before = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: unrated.id,
      entry_date: '2026-05-31',
    });
    const after = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: unrated.id,
      entry_date: '2026-06-01',
    });
    expect([before.rate_cents, after.rate_cents]).toEqual([15_000, 18_000]);
    const read = await manager.request({ url: `/users/${staffId}/rate` });
    expect(read.json().standard_rate_cents).toBe(18_000);
    // Audited: who changed it, and the dated changes before and after.
    const audits = await ownerRows<{ action: string; username: string; before: unknown; after: unknown }>(
      testApp,
      sql`select a.action, u.username, a.before, a.after from audit_log a join users u on u.id = a.user_id
          where a.entity = 'user_rate' and a.entity_id = ${String(staffId)} order by a.id`,
    );
    expect(audits).toEqual([
      {
        action: 'update',
        username: 'admin',
        before: { rate_changes: [] },
        after: { rate_changes: [{ effective_from: '2026-06-01', rate_cents: 18_000 }] },
      },
    ]);
  });

  it('is set only with can_edit_users, for a user of the same firm, in whole cents', async () => {
    const refused = await manager.request({
      method: 'PUT',
      url: `/users/${staffId}/rate`,
      payload: { rate_cents: 1, effective_from: '2026-06-01' },
    });
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ error: 'Permission required: can_edit_users' });
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const foreign = await nwadmin.request({
      method: 'PUT',
      url: `/users/${staffId}/rate`,
      payload: { rate_cents: 1, effective_from: '2026-06-01' },
    });
    expectStatus(foreign, 404);
    const bad = await admin.request({
      method: 'PUT',
      url: `/users/${staffId}/rate`,
      payload: { rate_cents: 100.5, effective_from: 'June' },
    });
    expectStatus(bad, 400);
    expect(bad.json().details).toEqual({
      rate_cents: 'Rate must be whole cents',
      effective_from: 'Effective date must be a date (YYYY-MM-DD)',
    });
    const [stored] = await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from user_rates where user_id = ${staffId} and rate_cents = 1`,
    );
    expect(stored!.n).toBe(0);
  });
});
