import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from './test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  ownerRows,
  type ActivityTypeBody,
  type ClientBody,
} from './work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let manager: Session;
let readonly: Session;
let nwadmin: Session;
let client: ClientBody;
let activity: ActivityTypeBody;
let staffId: number;

/** The rows of a CSV answer without its byte-order mark, split on CRLF (no cell of these tests holds a line break). */
function csvLines(body: string): string[] {
  expect(body.startsWith('\ufeff')).toBe(true);
  return body.slice(1).split('\r\n').filter(Boolean);
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  manager = await signedIn(testApp.app, 'manager');
  readonly = await signedIn(testApp.app, 'readonly');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  client = await createClient(admin, { legal_name: '=HYPERLINK("http://evil.example")', tags: ['@risky', 'plain'] });
  activity = await createActivityType(admin, { name: 'Export work', default_rate_cents: 12_000 });
  staffId = (await staff.request({ method: 'GET', url: '/user' })).json().id;
  for (const [minutes, narrative] of [
    [100, '+1 call, "quoted"'],
    [45, '-2+3 review'],
    [90, 'Plain narrative'],
  ] as const) {
    await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: '2026-05-04',
      minutes,
      narrative,
    });
  }
});
afterAll(async () => testApp.close());

describe('GET /time-entries/export.csv', () => {
  it('answers the filtered list as CSV: header, neutralised cells, exact hours and dollars', async () => {
    const response = await staff.request({
      method: 'GET',
      url: `/time-entries/export.csv?client_id=${client.id}&from=2026-05-04&to=2026-05-04&sort=minutes&order=desc`,
    });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="time-entries.csv"');
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'date,person,client_id,client_name,activity_code,activity,narrative,minutes,hours,billable,status,rate,amount',
    );
    expect(lines.slice(1)).toEqual([
      `2026-05-04,Sam Staff,${client.client_id},"'=HYPERLINK(""http://evil.example"")",${activity.code},Export work,"'+1 call, ""quoted""",100,1.67,yes,draft,120.00,200.00`,
      `2026-05-04,Sam Staff,${client.client_id},"'=HYPERLINK(""http://evil.example"")",${activity.code},Export work,Plain narrative,90,1.50,yes,draft,120.00,180.00`,
      `2026-05-04,Sam Staff,${client.client_id},"'=HYPERLINK(""http://evil.example"")",${activity.code},Export work,'-2+3 review,45,0.75,yes,draft,120.00,90.00`,
    ]);
  });

  it('keeps the list’s scope: others’ time needs can_edit_time_entries, another firm’s person is 404', async () => {
    expectStatus(await staff.request({ method: 'GET', url: '/time-entries/export.csv?user_id=all' }), 403);
    const everyone = await manager.request({
      method: 'GET',
      url: `/time-entries/export.csv?user_id=all&client_id=${client.id}`,
    });
    expectStatus(everyone, 200);
    expect(csvLines(everyone.body)).toHaveLength(4);
    const staffOnly = await manager.request({
      method: 'GET',
      url: `/time-entries/export.csv?user_id=${staffId}&client_id=${client.id}`,
    });
    expect(csvLines(staffOnly.body)).toHaveLength(4);
    expectStatus(await nwadmin.request({ method: 'GET', url: `/time-entries/export.csv?user_id=${staffId}` }), 404);
    const foreignClient = await nwadmin.request({
      method: 'GET',
      url: `/time-entries/export.csv?user_id=all&client_id=${client.id}`,
    });
    expect(csvLines(foreignClient.body)).toHaveLength(1);
  });

  it('needs can_view_time_entries and refuses bad filters', async () => {
    expectStatus(await readonly.request({ method: 'GET', url: '/time-entries/export.csv' }), 403);
    for (const query of [
      'from=yesterday',
      'to=2026-13-01',
      'status=lost',
      'client_id=abc',
      'sort=narrative',
      'billable=maybe',
    ]) {
      expectStatus(await staff.request({ method: 'GET', url: `/time-entries/export.csv?${query}` }), 400);
    }
  });
});

describe('GET /expenses/export.csv', () => {
  it('answers the filtered expenses with mileage distance and rate, neutralised', async () => {
    for (const payload of [
      { category: 'mileage', miles: 12.5, description: '@client site' },
      { category: 'postage', amount_cents: 1_234, description: 'Certified mail', markup_basis_points: 1000 },
    ]) {
      expectStatus(
        await staff.request({
          method: 'POST',
          url: '/expenses',
          payload: { client_id: client.id, expense_date: '2026-05-05', ...payload },
        }),
        201,
      );
    }
    const response = await staff.request({
      method: 'GET',
      url: `/expenses/export.csv?client_id=${client.id}&sort=amount_cents&order=asc`,
    });
    expectStatus(response, 200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="expenses.csv"');
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'date,person,client_id,client_name,category,description,miles,rate_per_mile,amount,markup,total,billable,status,receipt',
    );
    expect(lines[1]).toBe(
      `2026-05-05,Sam Staff,${client.client_id},"'=HYPERLINK(""http://evil.example"")",Mileage,'@client site,12.5,0.70,8.75,0.00,8.75,yes,draft,no`,
    );
    expect(lines[2]).toBe(
      `2026-05-05,Sam Staff,${client.client_id},"'=HYPERLINK(""http://evil.example"")",Postage,Certified mail,,,12.34,1.23,13.57,yes,draft,no`,
    );
  });

  it('keeps the scope, needs the permission and refuses bad filters', async () => {
    expectStatus(await staff.request({ method: 'GET', url: '/expenses/export.csv?user_id=all' }), 403);
    expectStatus(await readonly.request({ method: 'GET', url: '/expenses/export.csv' }), 403);
    expectStatus(await nwadmin.request({ method: 'GET', url: `/expenses/export.csv?user_id=${staffId}` }), 404);
    for (const query of ['category=yacht', 'from=2026-02-30', 'user_id=nobody']) {
      expectStatus(await staff.request({ method: 'GET', url: `/expenses/export.csv?${query}` }), 400);
    }
  });
});

describe('GET /clients/export.csv', () => {
  it('answers the filtered client list, tags joined and neutralised cells, no tax ID', async () => {
    const response = await staff.request({ method: 'GET', url: '/clients/export.csv?tag=%40risky' });
    expectStatus(response, 200);
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'client_id,legal_name,dba,entity_type,status,responsible_partner,responsible_manager,tags,bookmarked',
    );
    expect(lines.slice(1)).toEqual([
      `${client.client_id},"'=HYPERLINK(""http://evil.example"")",,c_corp,active,,,'@risky; plain,no`,
    ]);
    const everyone = await staff.request({ method: 'GET', url: '/clients/export.csv' });
    const listed = (await staff.request({ method: 'GET', url: '/clients' })).json();
    expect(csvLines(everyone.body)).toHaveLength(listed.total + 1);
    const northwind = await nwadmin.request({ method: 'GET', url: '/clients/export.csv?tag=%40risky' });
    expect(csvLines(northwind.body)).toHaveLength(1);
  });

  it('needs can_view_clients and refuses bad filters', async () => {
    await ownerRows(testApp, sql`update roles set can_view_clients = false where name = 'readonly'`);
    const withoutClients = await signedIn(testApp.app, 'readonly');
    expectStatus(await withoutClients.request({ method: 'GET', url: '/clients/export.csv' }), 403);
    await ownerRows(testApp, sql`update roles set can_view_clients = true where name = 'readonly'`);
    for (const query of ['status=gone', 'sort=tax_id', 'partner_id=-1', `q=${'x'.repeat(101)}`]) {
      expectStatus(await staff.request({ method: 'GET', url: `/clients/export.csv?${query}` }), 400);
    }
  });
});
