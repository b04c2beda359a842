import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, ownerRows, type ClientBody } from '../../../test/work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let nwadmin: Session;
let client: ClientBody;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  client = await createClient(admin);
});
afterAll(async () => testApp.close());

const mileage = (session: Session, fields: Record<string, unknown>) =>
  session.request({
    method: 'POST',
    url: '/expenses',
    payload: { client_id: client.id, expense_date: '2026-03-04', category: 'mileage', ...fields },
  });

const setRate = (session: Session, payload: Record<string, unknown>) =>
  session.request({ method: 'PUT', url: '/expense-settings', payload });

describe('mileage expenses', () => {
  it('prices the distance at the firm’s default rate of $0.70 a mile and keeps the rate with the expense', async () => {
    const response = await mileage(staff, { miles: 12.5, description: 'To the client’s office' });
    expectStatus(response, 201);
    expect(response.json()).toMatchObject({
      category: 'mileage',
      miles: 12.5,
      mileage_rate_mills: 700,
      amount_cents: 875,
      total_cents: 875,
    });
    const [row] = await ownerRows<{ distance_tenths: number; mileage_rate_mills: number }>(
      testApp,
      sql`select distance_tenths, mileage_rate_mills from expenses where id = ${response.json().id}`,
    );
    expect(row).toEqual({ distance_tenths: 125, mileage_rate_mills: 700 });
  });

  it('ignores an amount sent with a mileage expense: the distance and the rate decide it', async () => {
    const response = await mileage(staff, { miles: 10, amount_cents: 99_999 });
    expectStatus(response, 201);
    expect(response.json().amount_cents).toBe(700);
  });

  it('refuses a mileage expense without miles, with too many decimals, zero, negative or too far, and writes nothing', async () => {
    const [before] = await ownerRows<{ count: number }>(testApp, sql`select count(*)::int as count from expenses`);
    for (const [miles, message] of [
      [undefined, 'Miles are required'],
      [12.55, 'Miles take at most one decimal'],
      [0, 'Miles must be more than 0'],
      [-3, 'Miles must be more than 0'],
      [10_001, 'Miles must be at most 10,000'],
      ['12', 'Miles must be a number'],
    ] as const) {
      const response = await mileage(staff, { miles });
      expectStatus(response, 400);
      expect(response.json().details.miles).toBe(message);
    }
    const [after] = await ownerRows<{ count: number }>(testApp, sql`select count(*)::int as count from expenses`);
    expect(after!.count).toBe(before!.count);
  });

  it('still asks other categories for their amount', async () => {
    const response = await staff.request({
      method: 'POST',
      url: '/expenses',
      payload: { client_id: client.id, expense_date: '2026-03-04', category: 'postage', miles: 3 },
    });
    expectStatus(response, 400);
    expect(response.json().details.amount_cents).toBe('Amount is required');
  });

  it('lets the admin change the firm’s rate; new expenses take it, saved ones keep theirs when edited', async () => {
    const saved = (await mileage(staff, { miles: 20 })).json();
    expect(saved.amount_cents).toBe(1_400);

    expectStatus(await setRate(admin, { mileage_rate_mills: 655 }), 200);
    const settings = await staff.request({ method: 'GET', url: '/expense-settings' });
    expect(settings.json()).toEqual({ mileage_rate_mills: 655 });

    const fresh = (await mileage(staff, { miles: 0.3 })).json();
    expect(fresh).toMatchObject({ mileage_rate_mills: 655, amount_cents: 20 }); // 19.65 cents, half up

    const edited = await staff.request({
      method: 'PUT',
      url: `/expenses/${saved.id}`,
      payload: {
        client_id: client.id,
        expense_date: '2026-03-04',
        category: 'mileage',
        miles: 30,
        markup_basis_points: 1000,
        version: saved.version,
      },
    });
    expectStatus(edited, 200);
    expect(edited.json()).toMatchObject({
      miles: 30,
      mileage_rate_mills: 700,
      amount_cents: 2_100,
      total_cents: 2_310,
    });

    const other = await nwadmin.request({ method: 'GET', url: '/expense-settings' });
    expect(other.json()).toEqual({ mileage_rate_mills: 700 });
    expectStatus(await setRate(admin, { mileage_rate_mills: 700 }), 200);
  });

  it('turns a mileage expense into another kind without its distance and rate', async () => {
    const saved = (await mileage(staff, { miles: 5 })).json();
    const response = await staff.request({
      method: 'PUT',
      url: `/expenses/${saved.id}`,
      payload: {
        client_id: client.id,
        expense_date: '2026-03-04',
        category: 'travel',
        amount_cents: 1_250,
        version: saved.version,
      },
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      category: 'travel',
      miles: null,
      mileage_rate_mills: null,
      amount_cents: 1_250,
    });
  });

  it('needs the admin page permission to change the rate, and refuses a bad rate', async () => {
    expectStatus(await setRate(staff, { mileage_rate_mills: 800 }), 403);
    for (const [payload, message] of [
      [{}, 'Rate per mile is required'],
      [{ mileage_rate_mills: 0 }, 'Rate per mile must be more than 0'],
      [{ mileage_rate_mills: 70.5 }, 'Rate per mile must be whole mills (tenths of a cent)'],
      [{ mileage_rate_mills: 10_001 }, 'Rate per mile must be at most $10.00'],
      [{ mileage_rate_mills: '700' }, 'Rate per mile must be whole mills (tenths of a cent)'],
    ] as const) {
      const response = await setRate(admin, payload);
      expectStatus(response, 400);
      expect(response.json().details.mileage_rate_mills).toBe(message);
    }
    expect((await staff.request({ method: 'GET', url: '/expense-settings' })).json()).toEqual({
      mileage_rate_mills: 700,
    });
  });
});
