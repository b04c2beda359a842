import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  type ActivityTypeBody,
  type ClientBody,
} from '../../../test/work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let billing: Session;
let nwadmin: Session;
let client: ClientBody;
let other: ClientBody;
let activity: ActivityTypeBody;

const entry = (session: Session, clientId: number, entry_date: string, minutes: number, fields = {}) =>
  createTimeEntry(session, { client_id: clientId, activity_type_id: activity.id, entry_date, minutes, ...fields });

async function expense(session: Session, clientId: number, amount_cents: number, fields = {}) {
  const response = await session.request({
    method: 'POST',
    url: '/expenses',
    payload: { client_id: clientId, expense_date: '2026-09-02', category: 'printing', amount_cents, ...fields },
  });
  expectStatus(response, 201);
  return response.json() as { id: number };
}

const drafts = (session: Session, clientId: number) =>
  session.request({ method: 'GET', url: `/clients/${clientId}/drafts` });

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  billing = await signedIn(testApp.app, 'billing');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  client = await createClient(admin, { legal_name: 'Drafts Waiting Co' });
  other = await createClient(admin, { legal_name: 'Other Drafts Co' });
  activity = await createActivityType(admin, { default_rate_cents: 6_000 });
});
afterAll(async () => testApp.close());

describe('GET /clients/{id}/drafts', () => {
  it("lists everyone's billable drafts of the client, oldest first, with their counts", async () => {
    const later = await entry(staff, client.id, '2026-09-03', 90);
    const earlier = await entry(admin, client.id, '2026-09-01', 30);
    await entry(staff, client.id, '2026-09-02', 60, { status: 'completed' });
    await entry(staff, client.id, '2026-09-02', 45, { billable: false });
    await entry(staff, other.id, '2026-09-02', 15);
    const receipt = await expense(staff, client.id, 2_000, { markup_basis_points: 500 });
    await expense(staff, client.id, 900, { status: 'completed' });
    await expense(staff, client.id, 300, { billable: false });

    const response = await drafts(billing, client.id);
    expectStatus(response, 200);
    const body = response.json();
    expect(body.client).toEqual({ id: client.id, client_id: client.client_id, legal_name: 'Drafts Waiting Co' });
    expect(body.time_entries.map((item: { id: number }) => item.id)).toEqual([earlier.id, later.id]);
    expect(body.expenses.map((item: { id: number }) => item.id)).toEqual([receipt.id]);
    expect(body.totals).toEqual({ time_entries: 2, minutes: 120, expenses: 1, expense_cents: 2_100 });

    await staff.request({ method: 'POST', url: '/time-entries/complete', payload: { ids: [later.id] } });
    expect((await drafts(billing, client.id)).json().totals).toMatchObject({ time_entries: 1, minutes: 30 });
  });

  it('answers 404 for another firm’s, no client or a bad id, 403 without can_create_invoices', async () => {
    expectStatus(await drafts(nwadmin, client.id), 404);
    expectStatus(await drafts(admin, 2_000_000_000), 404);
    expectStatus(await drafts(staff, client.id), 403);
    expectStatus(await admin.request({ method: 'GET', url: '/clients/abc/drafts' }), 404);
  });
});
