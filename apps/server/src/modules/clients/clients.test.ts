import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, organizationIdOf, ownerRows, uniqueCode } from '../../../test/work-records';

let testApp: TestApp;
let admin: Session;
let staff: Session;
let nwadmin: Session;
let demoUsers: Record<string, number>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  const rows = await ownerRows<{ username: string; id: number }>(
    testApp,
    sql`select username, id from users where organization_id = ${await organizationIdOf(testApp, 'demo')}`,
  );
  demoUsers = Object.fromEntries(rows.map((row) => [row.username, row.id]));
});
afterAll(() => testApp.close());

const clientCount = async () =>
  (await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from clients`))[0]!.n;

describe('creating and editing a client', () => {
  it('creates a client with every field and answers it as stored', async () => {
    const code = uniqueCode('C');
    const response = await admin.request({
      method: 'POST',
      url: '/clients',
      payload: {
        client_id: code,
        legal_name: '  Harbor Bakery LLC  ',
        dba: 'Harbor Bread',
        entity_type: 'partnership',
        status: 'prospect',
        responsible_partner_id: demoUsers.partner,
        responsible_manager_id: demoUsers.manager,
        address_line1: '1 Quay Street',
        city: 'Portland',
        region: 'ME',
        postal_code: '04101',
        payment_terms_days: 15,
        invoice_email: 'ap@harbor.example',
        notes: '<b>pays late</b>',
        tags: ['bakery', 'bakery', 'retail'],
      },
    });
    expectStatus(response, 201);
    const body = response.json();
    expect(body).toMatchObject({
      client_id: code,
      legal_name: 'Harbor Bakery LLC',
      dba: 'Harbor Bread',
      entity_type: 'partnership',
      status: 'prospect',
      tax_id_masked: null,
      responsible_partner_id: demoUsers.partner,
      responsible_partner: { id: demoUsers.partner, name: 'Paul Partner' },
      responsible_manager: { id: demoUsers.manager, name: 'Maria Manager' },
      country: 'US',
      payment_terms_days: 15,
      invoice_email: 'ap@harbor.example',
      notes: '<b>pays late</b>',
      tags: ['bakery', 'retail'],
      version: 1,
      contacts: [],
    });
    expect(body.id).toEqual(expect.any(Number));
  });

  it('defaults status active, payment terms Net 30 and country US', async () => {
    const client = await createClient(admin);
    expect(client).toMatchObject({ status: 'active', payment_terms_days: 30, country: 'US', tags: [], notes: '' });
  });

  it('answers 400 with an error per field, and writes nothing', async () => {
    const before = await clientCount();
    const response = await admin.request({
      method: 'POST',
      url: '/clients',
      payload: {
        client_id: 'has space',
        legal_name: 'x'.repeat(201),
        entity_type: 'llc',
        tax_id: '12-34',
        status: 'gone',
        country: 'USA',
        payment_terms_days: 366,
        invoice_email: 'not-an-address',
        tags: ['ok', ''],
        contacts: [{ name: '', email: 'nope', phone: 'call me' }],
      },
    });
    expectStatus(response, 400);
    const body = response.json();
    expect(body.details).toEqual({
      client_id: 'Client ID may contain letters, digits, dots, dashes and underscores',
      legal_name: 'Legal name must be at most 200 characters',
      entity_type: 'Choose an entity type',
      tax_id: 'Tax ID must be an SSN (123-45-6789) or EIN (12-3456789)',
      status: 'Status must be active, inactive or prospect',
      country: 'Country must be a two-letter code such as US',
      payment_terms_days: 'Payment terms must be at most 365 days',
      invoice_email: 'Invoice e-mail must be a valid e-mail address',
      'tags.1': 'Tag is required',
      'contacts.0.name': 'Contact name is required',
      'contacts.0.email': 'Contact e-mail must be a valid e-mail address',
      'contacts.0.phone': 'Phone may contain digits, spaces and + ( ) - . x only',
    });
    expect(Object.values(body.details)).toContain(body.error);
    expect(await clientCount()).toBe(before);
  });

  it('answers the required-field messages for an empty body', async () => {
    const response = await admin.request({ method: 'POST', url: '/clients', payload: {} });
    expectStatus(response, 400);
    expect(response.json().details).toEqual({
      client_id: 'Client ID is required',
      legal_name: 'Legal name is required',
      entity_type: 'Choose an entity type',
    });
  });

  it('edits a client: the version goes up and a stale version answers 409 without writing', async () => {
    const client = await createClient(admin, { legal_name: 'Before Ltd' });
    const edit = (version: number, legalName: string) =>
      admin.request({
        method: 'PUT',
        url: `/clients/${client.id}`,
        payload: { client_id: client.client_id, legal_name: legalName, entity_type: 'trust', version },
      });
    const first = await edit(1, 'After Ltd');
    expectStatus(first, 200);
    expect(first.json()).toMatchObject({ legal_name: 'After Ltd', entity_type: 'trust', version: 2 });
    const stale = await edit(1, 'Lost Ltd');
    expectStatus(stale, 409);
    expect(stale.json()).toEqual({ error: 'This client was changed by someone else. Reload it and try again.' });
    const stored = await admin.request({ url: `/clients/${client.id}` });
    expect(stored.json()).toMatchObject({ legal_name: 'After Ltd', version: 2 });
  });

  it('answers 404 for a client that does not exist', async () => {
    const response = await admin.request({
      method: 'PUT',
      url: '/clients/99999999',
      payload: { client_id: 'X-1', legal_name: 'Nobody', entity_type: 'trust', version: 1 },
    });
    expectStatus(response, 404);
    expect(response.json()).toEqual({ error: 'Client not found' });
    expectStatus(await admin.request({ url: '/clients/abc' }), 404);
  });

  it('refuses a user without can_edit_clients with 403', async () => {
    const response = await staff.request({
      method: 'POST',
      url: '/clients',
      payload: { client_id: uniqueCode('S'), legal_name: 'Staff Co', entity_type: 'trust' },
    });
    expectStatus(response, 403);
    expect(response.json()).toEqual({ error: 'Permission required: can_edit_clients' });
  });
});

describe('client ID', () => {
  it('is unique per organization whatever the case: 409 on the client_id field', async () => {
    const code = uniqueCode('U');
    await createClient(admin, { client_id: code });
    const before = await clientCount();
    const again = await admin.request({
      method: 'POST',
      url: '/clients',
      payload: { client_id: code.toLowerCase(), legal_name: 'Twin', entity_type: 'trust' },
    });
    expectStatus(again, 409);
    const message = `Client ID ${code.toLowerCase()} is already in use`;
    expect(again.json()).toEqual({ error: message, details: { client_id: message } });
    expect(await clientCount()).toBe(before);
  });

  it('may be reused by another organization', async () => {
    const code = uniqueCode('W');
    await createClient(admin, { client_id: code });
    const foreign = await createClient(nwadmin, { client_id: code });
    expect(foreign.client_id).toBe(code);
  });

  it("refuses an edit to another client's ID with 409, and keeps its own", async () => {
    const taken = await createClient(admin);
    const client = await createClient(admin);
    const response = await admin.request({
      method: 'PUT',
      url: `/clients/${client.id}`,
      payload: { client_id: taken.client_id, legal_name: 'Mine', entity_type: 'trust', version: 1 },
    });
    expectStatus(response, 409);
    expect(response.json().details).toEqual({ client_id: `Client ID ${taken.client_id} is already in use` });
    const own = await admin.request({
      method: 'PUT',
      url: `/clients/${client.id}`,
      payload: { client_id: client.client_id, legal_name: 'Mine', entity_type: 'trust', version: 1 },
    });
    expectStatus(own, 200);
  });

  it('suggests the code after the highest number, keeping prefix and padding', async () => {
    await createClient(admin, { client_id: 'ZZ-0999998' });
    const suggested = await admin.request({ url: '/clients/next-id' });
    expectStatus(suggested, 200);
    expect(suggested.json()).toEqual({ client_id: 'ZZ-0999999' });
    await createClient(admin, { client_id: 'ZZ-0999999' });
    expect((await admin.request({ url: '/clients/next-id' })).json()).toEqual({ client_id: 'ZZ-1000000' });
    // Another firm's codes play no part in this one's suggestion.
    const northwind = (await nwadmin.request({ url: '/clients/next-id' })).json();
    expect(northwind.client_id).not.toBe('ZZ-1000000');
  });
});

describe('tax ID', () => {
  it('is stored encrypted, answered masked but for the last 4, and revealed only on request', async () => {
    const client = await createClient(admin, { tax_id: '123-45-6789' });
    expect(client.tax_id_masked).toBe('*****6789');
    const [row] = await ownerRows<{ tax_id_ciphertext: string; tax_id_last4: string }>(
      testApp,
      sql`select tax_id_ciphertext, tax_id_last4 from clients where id = ${client.id}`,
    );
    expect(row!.tax_id_last4).toBe('6789');
    expect(row!.tax_id_ciphertext).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(row!.tax_id_ciphertext).not.toContain('6789');
    expect(Buffer.from(row!.tax_id_ciphertext.slice(3), 'base64url').toString('latin1')).not.toContain('45-6789');

    const profile = await admin.request({ url: `/clients/${client.id}` });
    expect(profile.body).not.toMatch(/123-?45-?6789/);
    const list = await admin.request({ url: `/clients?q=${client.client_id}` });
    expect(list.body).not.toMatch(/123-?45-?6789/);

    const revealed = await admin.request({ url: `/clients/${client.id}/tax-id` });
    expect(revealed.json()).toEqual({ tax_id: '123-45-6789' });
    const [reveals] = await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from audit_log where action = 'reveal_tax_id' and entity_id = ${String(client.id)}`,
    );
    expect(reveals!.n).toBe(1);
    expectStatus(await staff.request({ url: `/clients/${client.id}/tax-id` }), 403);
    expectStatus(await nwadmin.request({ url: `/clients/${client.id}/tax-id` }), 404);
  });

  it('is kept when an edit leaves it out, and cleared by null', async () => {
    const client = await createClient(admin, { tax_id: '12-3456789' });
    const base = { client_id: client.client_id, legal_name: 'Kept', entity_type: 'c_corp' };
    const kept = await admin.request({ method: 'PUT', url: `/clients/${client.id}`, payload: { ...base, version: 1 } });
    expect(kept.json().tax_id_masked).toBe('*****6789');
    const cleared = await admin.request({
      method: 'PUT',
      url: `/clients/${client.id}`,
      payload: { ...base, tax_id: null, version: 2 },
    });
    expect(cleared.json().tax_id_masked).toBeNull();
    const [row] = await ownerRows<{ tax_id_ciphertext: string | null }>(
      testApp,
      sql`select tax_id_ciphertext from clients where id = ${client.id}`,
    );
    expect(row!.tax_id_ciphertext).toBeNull();
  });
});

describe('GET /clients', () => {
  let token: string;
  beforeAll(async () => {
    token = uniqueCode('Q').replace('-', '');
    await createClient(admin, {
      legal_name: `Alpha ${token} Inc`,
      status: 'active',
      tags: ['payroll'],
      responsible_partner_id: demoUsers.partner,
      responsible_manager_id: demoUsers.manager,
    });
    await createClient(admin, { legal_name: `Bravo ${token} Inc`, status: 'prospect' });
    await createClient(admin, { legal_name: `Charlie ${token} Inc`, status: 'inactive', dba: 'Chaz' });
    await createClient(nwadmin, { legal_name: `Foreign ${token} Inc` });
  });

  const names = (response: { json: () => { items: { legal_name: string }[] } }) =>
    response.json().items.map((item) => item.legal_name);

  it("searches the organization's clients by name, client ID or DBA, case-insensitively", async () => {
    const response = await admin.request({ url: `/clients?q=${token.toLowerCase()}` });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ total: 3, page: 1, page_size: 25 });
    expect(names(response)).toEqual([`Alpha ${token} Inc`, `Bravo ${token} Inc`, `Charlie ${token} Inc`]);
    const byDba = await admin.request({ url: `/clients?q=chaz` });
    expect(names(byDba)).toContain(`Charlie ${token} Inc`);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    const response = await admin.request({ url: `/clients?q=${encodeURIComponent('%')}` });
    expect(response.json().total).toBe(0);
  });

  it('filters by status and tag, and sorts', async () => {
    expect(names(await admin.request({ url: `/clients?q=${token}&status=prospect` }))).toEqual([`Bravo ${token} Inc`]);
    expect(names(await admin.request({ url: `/clients?q=${token}&tag=payroll` }))).toEqual([`Alpha ${token} Inc`]);
    const descending = await admin.request({ url: `/clients?q=${token}&sort=legal_name&order=desc` });
    expect(names(descending)).toEqual([`Charlie ${token} Inc`, `Bravo ${token} Inc`, `Alpha ${token} Inc`]);
    const byStatus = await admin.request({ url: `/clients?q=${token}&sort=status` });
    expect(names(byStatus)).toEqual([`Alpha ${token} Inc`, `Charlie ${token} Inc`, `Bravo ${token} Inc`]);
  });

  it('answers one page at a time', async () => {
    const second = await admin.request({ url: `/clients?q=${token}&page_size=2&page=2` });
    expect(second.json()).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(names(second)).toEqual([`Charlie ${token} Inc`]);
  });

  it('answers the total with an empty page past the end', async () => {
    const past = await admin.request({ url: `/clients?q=${token}&page_size=2&page=3` });
    expectStatus(past, 200);
    expect(past.json()).toMatchObject({ items: [], total: 3, page: 3 });
  });

  it('names the partner and manager of each listed client, and filters by them', async () => {
    const byPartner = await admin.request({ url: `/clients?q=${token}&partner_id=${demoUsers.partner}` });
    expect(byPartner.json()).toMatchObject({
      total: 1,
      items: [
        {
          legal_name: `Alpha ${token} Inc`,
          responsible_partner: { id: demoUsers.partner, name: 'Paul Partner' },
          responsible_manager: { id: demoUsers.manager, name: 'Maria Manager' },
          tags: ['payroll'],
          bookmarked: false,
        },
      ],
    });
    expect(names(await admin.request({ url: `/clients?q=${token}&manager_id=${demoUsers.manager}` }))).toEqual([
      `Alpha ${token} Inc`,
    ]);
    const all = (await admin.request({ url: `/clients?q=${token}` })).json().items;
    expect(all[1]).toMatchObject({
      legal_name: `Bravo ${token} Inc`,
      responsible_partner: null,
      responsible_manager: null,
    });
    expect(new Date(all[0].updated_at).toISOString()).toBe(all[0].updated_at);
  });

  it('searches a term with quotes and backslashes as text', async () => {
    const quoted = await createClient(admin, { legal_name: `O'Brien \\ ${token} Ltd` });
    const response = await admin.request({ url: `/clients?q=${encodeURIComponent(`'brien \\ ${token}`)}` });
    expectStatus(response, 200);
    expect(response.json().items.map((item: { id: number }) => item.id)).toEqual([quoted.id]);
  });

  it('never answers more than 100 rows, and refuses bad paging or sorting with 400 per field', async () => {
    const tooMany = await admin.request({ url: '/clients?page_size=101' });
    expectStatus(tooMany, 400);
    expect(tooMany.json()).toEqual({
      error: 'Page size must be at most 100',
      details: { page_size: 'Page size must be at most 100' },
    });
    const bad = await admin.request({ url: '/clients?page=0&sort=tax_id&status=gone' });
    expectStatus(bad, 400);
    expect(bad.json().details).toEqual({
      page: 'Page must be at least 1',
      sort: 'Sort must be one of client_id, legal_name, status, created_at, updated_at',
      status: 'Status must be active, inactive or prospect',
    });
  });

  it('lists at most the default page of 25 when no page size is asked', async () => {
    for (let index = 0; index < 26; index += 1) await createClient(nwadmin, { legal_name: `Bulk ${index}` });
    const response = await nwadmin.request({ url: '/clients' });
    expect(response.json().items).toHaveLength(25);
    expect(response.json().total).toBeGreaterThanOrEqual(27);
  });
});

describe('client profile and contacts', () => {
  it('creates contacts, and an edit updates by id, adds new ones and drops the missing', async () => {
    const client = await createClient(admin, {
      contacts: [
        { name: 'Ann Owner', email: 'ann@owner.example', phone: '+1 (207) 555-0100', is_primary: true },
        { name: 'Bob Books', email: '', phone: '' },
      ],
    });
    const contacts = client.contacts as { id: number; name: string }[];
    expect(client.contacts).toEqual([
      {
        id: expect.any(Number),
        name: 'Ann Owner',
        email: 'ann@owner.example',
        phone: '+1 (207) 555-0100',
        is_primary: true,
      },
      { id: expect.any(Number), name: 'Bob Books', email: null, phone: null, is_primary: false },
    ]);
    const edited = await admin.request({
      method: 'PUT',
      url: `/clients/${client.id}`,
      payload: {
        client_id: client.client_id,
        legal_name: 'With Contacts',
        entity_type: 'c_corp',
        version: 1,
        contacts: [
          { id: contacts[1]!.id, name: 'Bob Books', email: 'bob@owner.example', is_primary: true },
          { name: 'Cy New', is_primary: false },
        ],
      },
    });
    expectStatus(edited, 200);
    expect(edited.json().contacts).toEqual([
      { id: contacts[1]!.id, name: 'Bob Books', email: 'bob@owner.example', phone: null, is_primary: true },
      { id: expect.any(Number), name: 'Cy New', email: null, phone: null, is_primary: false },
    ]);
    const [{ n }] = (await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from client_contacts where id = ${contacts[0]!.id}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuses two primary contacts with 400', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/clients',
      payload: {
        client_id: uniqueCode('P'),
        legal_name: 'Two Primaries',
        entity_type: 'trust',
        contacts: [
          { name: 'One', is_primary: true },
          { name: 'Two', is_primary: true },
        ],
      },
    });
    expectStatus(response, 400);
    expect(response.json().details).toEqual({ contacts: 'Only one contact can be primary' });
  });

  it("answers 404 for a contact id of another client, and keeps the client's contacts", async () => {
    const other = await createClient(admin, { contacts: [{ name: 'Elsewhere' }] });
    const client = await createClient(admin, { contacts: [{ name: 'Stays' }] });
    const response = await admin.request({
      method: 'PUT',
      url: `/clients/${client.id}`,
      payload: {
        client_id: client.client_id,
        legal_name: 'Renamed',
        entity_type: 'c_corp',
        version: 1,
        contacts: [{ id: (other.contacts as { id: number }[])[0]!.id, name: 'Stolen' }],
      },
    });
    expectStatus(response, 404);
    expect(response.json()).toEqual({ error: 'Contact not found', details: { 'contacts.0.id': 'Contact not found' } });
    const profile = (await admin.request({ url: `/clients/${client.id}` })).json();
    expect(profile).toMatchObject({ legal_name: 'Test Client LLC', version: 1 });
    expect(profile.contacts.map((contact: { name: string }) => contact.name)).toEqual(['Stays']);
  });

  it('shows the profile with unbilled totals to those who see everyone, and without to staff', async () => {
    const client = await createClient(admin);
    const profile = await admin.request({ url: `/clients/${client.id}` });
    expect(profile.json()).toMatchObject({
      id: client.id,
      bookmarked: false,
      recent_time: [],
      unbilled: { minutes: 0, hours: 0, time_cents: 0, expense_cents: 0, total_cents: 0, time_entries: 0, expenses: 0 },
    });
    const forStaff = await staff.request({ url: `/clients/${client.id}` });
    expectStatus(forStaff, 200);
    expect(forStaff.json().unbilled).toBeNull();
  });
});

describe('another organization', () => {
  it("reads another firm's client as missing on every path", async () => {
    const client = await createClient(admin);
    expectStatus(await nwadmin.request({ url: `/clients/${client.id}` }), 404);
    expectStatus(await nwadmin.request({ method: 'PUT', url: `/clients/${client.id}/bookmark` }), 404);
    const edit = await nwadmin.request({
      method: 'PUT',
      url: `/clients/${client.id}`,
      payload: { client_id: 'NW-1', legal_name: 'Taken over', entity_type: 'trust', version: 1 },
    });
    expectStatus(edit, 404);
    expect((await admin.request({ url: `/clients/${client.id}` })).json().legal_name).toBe('Test Client LLC');
  });

  it("answers 404 on the field for another firm's user as responsible partner", async () => {
    const [nwUser] = await ownerRows<{ id: number }>(testApp, sql`select id from users where username = 'nwadmin'`);
    const before = await clientCount();
    const response = await admin.request({
      method: 'POST',
      url: '/clients',
      payload: {
        client_id: uniqueCode('F'),
        legal_name: 'Foreign Partner',
        entity_type: 'trust',
        responsible_partner_id: nwUser!.id,
      },
    });
    expectStatus(response, 404);
    expect(response.json()).toEqual({
      error: 'Partner not found',
      details: { responsible_partner_id: 'Partner not found' },
    });
    expect(await clientCount()).toBe(before);
  });
});

describe('bookmarks', () => {
  it('adds and removes a bookmark, shown in bookmarked_clients of GET /user, newest first', async () => {
    const token = uniqueCode('B').replace('-', '');
    const first = await createClient(admin, { legal_name: `First ${token}` });
    const second = await createClient(admin, { legal_name: `Second ${token}` });
    const bookmark = await staff.request({ method: 'PUT', url: `/clients/${first.id}/bookmark` });
    expectStatus(bookmark, 200);
    expect(bookmark.json()).toEqual({ id: first.id, bookmarked: true });
    await staff.request({ method: 'PUT', url: `/clients/${second.id}/bookmark` });
    expectStatus(await staff.request({ method: 'PUT', url: `/clients/${second.id}/bookmark` }), 200);

    const user = (await staff.request({ url: '/user' })).json();
    expect(user.bookmarked_clients.slice(0, 2)).toEqual([
      { id: second.id, client_id: second.client_id, legal_name: `Second ${token}`, status: 'active' },
      { id: first.id, client_id: first.client_id, legal_name: `First ${token}`, status: 'active' },
    ]);
    // Bookmarks are per user.
    const adminUser = (await admin.request({ url: '/user' })).json();
    expect(adminUser.bookmarked_clients.map((client: { id: number }) => client.id)).not.toContain(first.id);

    const starred = await staff.request({ url: `/clients?bookmarked=true&q=${token}` });
    expect(starred.json().items.map((item: { id: number; bookmarked: boolean }) => [item.id, item.bookmarked])).toEqual(
      [
        [first.id, true],
        [second.id, true],
      ],
    );
    expect((await staff.request({ url: `/clients/${first.id}` })).json().bookmarked).toBe(true);

    const removed = await staff.request({ method: 'DELETE', url: `/clients/${first.id}/bookmark` });
    expect(removed.json()).toEqual({ id: first.id, bookmarked: false });
    const after = (await staff.request({ url: '/user' })).json();
    const ids = after.bookmarked_clients.map((client: { id: number }) => client.id);
    expect(ids[0]).toBe(second.id);
    expect(ids).not.toContain(first.id);
  });

  it('answers 404 for a client that is not there', async () => {
    const response = await staff.request({ method: 'PUT', url: '/clients/99999999/bookmark' });
    expectStatus(response, 404);
    expect(response.json()).toEqual({ error: 'Client not found', details: { id: 'Client not found' } });
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
