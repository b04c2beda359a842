import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createActivityType, createClient, expectStatus, ownerRows, uniqueCode } from '../../../test/work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let nwadmin: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
});
afterAll(() => testApp.close());

const count = async (table: string) =>
  (await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe('activity types', () => {
  it('creates one with its default rate, billable and active flags', async () => {
    const code = uniqueCode('TAX');
    const response = await admin.request({
      method: 'POST',
      url: '/activity-types',
      payload: { name: ' Individual tax return ', code, default_rate_cents: 17_500, billable: false },
    });
    expectStatus(response, 201);
    expect(response.json()).toMatchObject({
      name: 'Individual tax return',
      code,
      default_rate_cents: 17_500,
      base_rate_cents: 17_500,
      rate_changes: [],
      billable: false,
      active: true,
      version: 1,
    });
  });

  it('takes no rate of its own when the default rate is left out', async () => {
    const created = await createActivityType(admin, { default_rate_cents: undefined });
    expect(created).toMatchObject({ default_rate_cents: null, billable: true, active: true });
  });

  it('answers 400 with an error per field, and writes nothing', async () => {
    const before = await count('activity_types');
    const response = await admin.request({
      method: 'POST',
      url: '/activity-types',
      payload: {
        name: '',
        code: 'two words',
        default_rate_cents: 12.5,
        rate_effective_from: '2026-13-01',
        billable: 'yes',
      },
    });
    expectStatus(response, 400);
    expect(response.json().details).toEqual({
      name: 'Name is required',
      code: 'Code may contain letters, digits, dots, dashes and underscores',
      default_rate_cents: 'Default rate must be whole cents',
      rate_effective_from: 'Effective date must be a date (YYYY-MM-DD)',
      billable: expect.any(String),
    });
    const negative = await admin.request({
      method: 'POST',
      url: '/activity-types',
      payload: { name: 'Negative', code: uniqueCode('N'), default_rate_cents: -1 },
    });
    expect(negative.json().details).toEqual({ default_rate_cents: 'Default rate cannot be negative' });
    expect(await count('activity_types')).toBe(before);
  });

  it('keeps codes unique per organization: 409 on the code field', async () => {
    const created = await createActivityType(admin);
    const again = await admin.request({
      method: 'POST',
      url: '/activity-types',
      payload: { name: 'Twin', code: created.code.toUpperCase() },
    });
    expectStatus(again, 409);
    const message = `Code ${created.code.toUpperCase()} is already in use`;
    expect(again.json()).toEqual({ error: message, details: { code: message } });
    await createActivityType(nwadmin, { code: created.code });
  });

  it('edits name and flags, with a stale version refused with 409', async () => {
    const created = await createActivityType(admin, { name: 'Bookkeeping', default_rate_cents: 9_000 });
    const edit = (version: number, name: string) =>
      admin.request({
        method: 'PUT',
        url: `/activity-types/${created.id}`,
        payload: { name, code: created.code, default_rate_cents: 9_000, billable: false, active: false, version },
      });
    const first = await edit(1, 'Monthly bookkeeping');
    expectStatus(first, 200);
    expect(first.json()).toMatchObject({
      name: 'Monthly bookkeeping',
      billable: false,
      active: false,
      default_rate_cents: 9_000,
      rate_changes: [],
      version: 2,
    });
    const stale = await edit(1, 'Lost');
    expectStatus(stale, 409);
    expect(stale.json()).toEqual({ error: 'This activity type was changed by someone else. Reload it and try again.' });
  });

  it('keeps the rate when an edit leaves it out, and ends it with null', async () => {
    const created = await createActivityType(admin, { name: 'Payroll', default_rate_cents: 7_500 });
    const edit = (version: number, rate: Record<string, unknown>) =>
      admin.request({
        method: 'PUT',
        url: `/activity-types/${created.id}`,
        payload: { name: 'Payroll', code: created.code, version, ...rate },
      });
    const kept = await edit(1, {});
    expectStatus(kept, 200);
    expect(kept.json()).toMatchObject({ default_rate_cents: 7_500, rate_changes: [], version: 2 });
    const ended = await edit(2, { default_rate_cents: null });
    expectStatus(ended, 200);
    expect(ended.json()).toMatchObject({ default_rate_cents: null, base_rate_cents: 7_500, version: 3 });
    expect(ended.json().rate_changes).toHaveLength(1);
  });

  it('records a changed rate as a dated change and keeps the base', async () => {
    const created = await createActivityType(admin, { default_rate_cents: 10_000 });
    const response = await admin.request({
      method: 'PUT',
      url: `/activity-types/${created.id}`,
      payload: {
        name: 'Advisory',
        code: created.code,
        default_rate_cents: 12_000,
        rate_effective_from: '2026-03-01',
        version: 1,
      },
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      base_rate_cents: 10_000,
      default_rate_cents: 12_000,
      rate_changes: [{ effective_from: '2026-03-01', rate_cents: 12_000 }],
    });
    const future = await admin.request({
      method: 'PUT',
      url: `/activity-types/${created.id}`,
      payload: {
        name: 'Advisory',
        code: created.code,
        default_rate_cents: 99_000,
        rate_effective_from: '2099-01-01',
        version: 2,
      },
    });
    // The rate of today stays until the change's date comes.
    expect(future.json()).toMatchObject({
      default_rate_cents: 12_000,
      rate_changes: [
        { effective_from: '2026-03-01', rate_cents: 12_000 },
        { effective_from: '2099-01-01', rate_cents: 99_000 },
      ],
    });
  });

  it('lists with search and the active filter, within 100 rows', async () => {
    const token = uniqueCode('Z').replace('-', '');
    const active = await createActivityType(admin, { name: `Payroll ${token}` });
    const inactive = await createActivityType(admin, { name: `Payroll old ${token}`, active: false });
    const all = await staff.request({ url: `/activity-types?q=${token}` });
    expectStatus(all, 200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, page_size: 100 });
    expect(all.json().items.map((item: { id: number }) => item.id)).toEqual([active.id, inactive.id]);
    const onlyActive = await staff.request({ url: `/activity-types?q=${token}&active=true` });
    expect(onlyActive.json().items.map((item: { id: number }) => item.id)).toEqual([active.id]);
    expectStatus(await staff.request({ url: '/activity-types?page_size=101' }), 400);
    const foreign = await nwadmin.request({ url: `/activity-types?q=${token}` });
    expect(foreign.json().total).toBe(0);
  });

  it('is read by staff and changed only with can_edit_clients', async () => {
    const created = await createActivityType(admin);
    expectStatus(await staff.request({ url: `/activity-types/${created.id}` }), 200);
    const refused = await staff.request({
      method: 'PUT',
      url: `/activity-types/${created.id}`,
      payload: { name: 'Mine', code: created.code, version: 1 },
    });
    expectStatus(refused, 403);
    expect(refused.json()).toEqual({ error: 'Permission required: can_edit_clients' });
  });

  it("reads another firm's activity type as missing", async () => {
    const created = await createActivityType(admin);
    expectStatus(await nwadmin.request({ url: `/activity-types/${created.id}` }), 404);
    const edit = await nwadmin.request({
      method: 'PUT',
      url: `/activity-types/${created.id}`,
      payload: { name: 'Taken', code: created.code, version: 1 },
    });
    expectStatus(edit, 404);
    expect(edit.json()).toEqual({ error: 'Activity type not found' });
  });
});

describe("a client's activity types", () => {
  it('lists every activity type enabled by default, then keeps the subset and overrides set', async () => {
    const client = await createClient(admin);
    const kept = await createActivityType(admin, { default_rate_cents: 20_000 });
    const dropped = await createActivityType(admin, { default_rate_cents: 8_000 });
    const initial = await admin.request({ url: `/clients/${client.id}/activity-types` });
    expectStatus(initial, 200);
    const itemOf = (body: { items: { activity_type_id: number }[] }, id: number) =>
      body.items.find((item) => item.activity_type_id === id);
    expect(itemOf(initial.json(), kept.id)).toMatchObject({
      enabled: true,
      default_rate_cents: 20_000,
      override_rate_cents: null,
      rate_cents: 20_000,
    });

    const saved = await admin.request({
      method: 'PUT',
      url: `/clients/${client.id}/activity-types`,
      payload: {
        effective_from: '2026-01-01',
        items: [
          { activity_type_id: kept.id, enabled: true, override_rate_cents: 25_000 },
          { activity_type_id: dropped.id, enabled: false, override_rate_cents: null },
        ],
      },
    });
    expectStatus(saved, 200);
    expect(itemOf(saved.json(), kept.id)).toMatchObject({
      enabled: true,
      default_rate_cents: 20_000,
      override_rate_cents: 25_000,
      rate_cents: 25_000,
      override_changes: [{ effective_from: '2026-01-01', rate_cents: 25_000 }],
    });
    expect(itemOf(saved.json(), dropped.id)).toMatchObject({ enabled: false, override_changes: [] });
    const reread = await staff.request({ url: `/clients/${client.id}/activity-types` });
    expect(itemOf(reread.json(), dropped.id)).toMatchObject({ enabled: false });

    const refused = await admin.request({
      method: 'POST',
      url: '/time-entries',
      payload: { client_id: client.id, activity_type_id: dropped.id, entry_date: '2026-02-02', minutes: 30 },
    });
    expectStatus(refused, 400);
    expect(refused.json()).toEqual({
      error: 'This activity type is not enabled for this client',
      details: { activity_type_id: 'This activity type is not enabled for this client' },
    });
  });

  it("answers 404 for another firm's activity type in the items, and writes nothing", async () => {
    const client = await createClient(admin);
    const own = await createActivityType(admin);
    const foreign = await createActivityType(nwadmin);
    const before = await count('client_activity_types');
    const response = await admin.request({
      method: 'PUT',
      url: `/clients/${client.id}/activity-types`,
      payload: {
        items: [
          { activity_type_id: own.id, enabled: false, override_rate_cents: null },
          { activity_type_id: foreign.id, enabled: true, override_rate_cents: 1_000 },
        ],
      },
    });
    expectStatus(response, 404);
    expect(response.json()).toEqual({
      error: 'Activity type not found',
      details: { 'items.1.activity_type_id': 'Activity type not found' },
    });
    expect(await count('client_activity_types')).toBe(before);
  });

  it("answers 404 for another firm's client, and 403 to staff who may not edit clients", async () => {
    const client = await createClient(admin);
    expectStatus(await nwadmin.request({ url: `/clients/${client.id}/activity-types` }), 404);
    const foreign = await nwadmin.request({
      method: 'PUT',
      url: `/clients/${client.id}/activity-types`,
      payload: { items: [] },
    });
    expectStatus(foreign, 404);
    const staffPut = await staff.request({
      method: 'PUT',
      url: `/clients/${client.id}/activity-types`,
      payload: { items: [] },
    });
    expectStatus(staffPut, 403);
  });

  it('refuses the same activity type twice and a rate in fractions of a cent', async () => {
    const client = await createClient(admin);
    const type = await createActivityType(admin);
    const put = (items: unknown[]) =>
      admin.request({ method: 'PUT', url: `/clients/${client.id}/activity-types`, payload: { items } });
    const twice = await put([
      { activity_type_id: type.id, enabled: true, override_rate_cents: 100 },
      { activity_type_id: type.id, enabled: false, override_rate_cents: null },
    ]);
    expectStatus(twice, 400);
    expect(twice.json().details).toEqual({ items: 'Each activity type may appear once' });
    const fraction = await put([{ activity_type_id: type.id, enabled: true, override_rate_cents: 100.5 }]);
    expectStatus(fraction, 400);
    expect(fraction.json().details).toEqual({ 'items.0.override_rate_cents': 'Override rate must be whole cents' });
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
