import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client';
import { issuedInvoice } from './money-records';
import { createTestApp, Session, signedIn, type TestApp } from './test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  expectStatus,
  organizationIdOf,
  type ClientBody,
  type TimeEntryBody,
} from './work-records';

type Result = { id: string; type: string; title: string; subtitle: string; url: string; meta: Record<string, string> };
type Answer = { results: Record<'clients' | 'users' | 'timeEntries' | 'invoices' | 'activities', Result[]> };

let testApp: TestApp;
let admin: Session;
let staff: Session;
let billing: Session;
let nwadmin: Session;
let ours: ClientBody;
let theirs: ClientBody;
let invoiceNumber: string;
let theirInvoiceNumber: string;
let staffEntry: TimeEntryBody;

async function search(session: Session, query: string): Promise<Answer> {
  const response = await session.request({ url: `/api/search?${query}` });
  expectStatus(response, 200);
  return response.json();
}

const titles = (results: Result[]) => results.map((result) => result.title);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  billing = await signedIn(testApp.app, 'billing');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  ours = await createClient(admin, {
    legal_name: 'Zephyrquill Holdings LLC',
    contacts: [{ name: 'Quentin Marblewood', is_primary: true }],
  });
  theirs = await createClient(nwadmin, {
    legal_name: 'Zephyrquill Northwest Inc',
    contacts: [{ name: 'Quentin Marblewood Sr', is_primary: true }],
  });
  const activity = await createActivityType(admin);
  staffEntry = await createTimeEntry(staff, {
    client_id: ours.id,
    activity_type_id: activity.id,
    narrative: 'Reconciled the gravelmoth accounts',
  });
  await createTimeEntry(admin, {
    client_id: ours.id,
    activity_type_id: activity.id,
    narrative: 'Partner review of gravelmoth work',
  });
  invoiceNumber = (await issuedInvoice(admin, ours.id, 12_345)).number;
  theirInvoiceNumber = (await issuedInvoice(nwadmin, theirs.id, 6_789)).number;
});
afterAll(() => testApp.close());

describe('GET /api/search', () => {
  it('finds a client by name, code and contact, only in the signed-in firm', async () => {
    const byName = await search(admin, 'q=zephyrquill');
    expect(titles(byName.results.clients)).toEqual(['Zephyrquill Holdings LLC']);
    expect(byName.results.clients[0]).toMatchObject({
      id: String(ours.id),
      type: 'client',
      url: `/clients/${ours.id}`,
      meta: { status: 'active', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    const byCode = await search(admin, `q=${encodeURIComponent(ours.client_id)}&type=clients`);
    expect(titles(byCode.results.clients)).toEqual(['Zephyrquill Holdings LLC']);
    const byContact = await search(admin, 'q=marblewood');
    expect(byContact.results.clients.map((client) => client.subtitle)).toEqual([
      expect.stringContaining('Contact: Quentin Marblewood'),
    ]);
    const theirAnswer = await search(nwadmin, 'q=zephyrquill');
    expect(titles(theirAnswer.results.clients)).toEqual(['Zephyrquill Northwest Inc']);
    expect(JSON.stringify(theirAnswer)).not.toContain('Holdings');
  });

  it('finds invoices by number and by client, never another firm’s', async () => {
    const byNumber = await search(admin, `q=${encodeURIComponent(invoiceNumber)}&type=invoices`);
    expect(byNumber.results.invoices[0]).toMatchObject({
      title: invoiceNumber,
      url: expect.stringMatching(/^\/invoices\/\d+$/),
      meta: { status: 'pending' },
    });
    expect(byNumber.results.invoices[0]!.subtitle).toContain('$123.45');
    const byClient = await search(admin, 'q=zephyrquill&type=invoices');
    expect(titles(byClient.results.invoices)).toContain(invoiceNumber);
    // Both firms number from the same start: the other firm's invoice of the same number stays out.
    const theirs = await search(nwadmin, `q=${encodeURIComponent(theirInvoiceNumber)}&type=invoices`);
    expect(theirs.results.invoices.every((invoice) => !invoice.subtitle.includes('Holdings'))).toBe(true);
  });

  it('shows time entries within the reader’s rights: staff his own, the admin everyone’s', async () => {
    const staffAnswer = await search(staff, 'q=gravelmoth');
    expect(titles(staffAnswer.results.timeEntries)).toEqual(['Reconciled the gravelmoth accounts']);
    expect(staffAnswer.results.timeEntries[0]).toMatchObject({ url: '/profile', meta: { status: 'draft' } });
    const adminAnswer = await search(admin, 'q=gravelmoth');
    expect(titles(adminAnswer.results.timeEntries).sort()).toEqual([
      'Partner review of gravelmoth work',
      'Reconciled the gravelmoth accounts',
    ]);
    expect(adminAnswer.results.timeEntries[0]!.url).toMatch(/^\/time_entries\/\d+\/edit$/);
    const byClient = await search(staff, 'q=zephyrquill&type=timeEntries');
    expect(titles(byClient.results.timeEntries)).toEqual(['Reconciled the gravelmoth accounts']);
    expect((await search(nwadmin, 'q=gravelmoth')).results.timeEntries).toEqual([]);
  });

  it('answers no category the reader may not list', async () => {
    const staffAnswer = await search(staff, `q=${encodeURIComponent(invoiceNumber)}`);
    expect(staffAnswer.results.invoices).toEqual([]);
    expect((await search(staff, 'q=Alice')).results.users).toEqual([]);
    const billingAnswer = await search(billing, `q=${encodeURIComponent(invoiceNumber)}`);
    expect(titles(billingAnswer.results.invoices)).toContain(invoiceNumber);
    const users = await search(admin, 'q=staff&type=users');
    expect(users.results.users).toContainEqual(
      expect.objectContaining({
        type: 'user',
        title: 'Sam Staff',
        meta: expect.objectContaining({ status: 'active' }),
      }),
    );
    expect(JSON.stringify((await search(admin, 'q=Nora')).results.users)).not.toContain('Nora');
  });

  it('finds the dashboard’s activities of the firm', async () => {
    const answer = await search(admin, 'q=zephyrquill&type=activities');
    expect(titles(answer.results.activities)).toContainEqual(
      expect.stringContaining('Created client Zephyrquill Holdings'),
    );
    expect(answer.results.activities[0]).toMatchObject({ type: 'activity', url: `/clients/${ours.id}` });
    const theirAnswer = await search(nwadmin, 'q=Holdings&type=activities');
    expect(theirAnswer.results.activities).toEqual([]);
  });

  it('finds an activity written after the feed page it kept, and matches the kept page for another term', async () => {
    expect((await search(admin, 'q=quillfeather&type=activities')).results.activities).toEqual([]);
    const renamed = await createClient(admin, { legal_name: 'Quillfeather Partners' });
    const after = await search(admin, 'q=quillfeather&type=activities');
    expect(titles(after.results.activities)).toEqual([`Created client Quillfeather Partners (${renamed.client_id})`]);
    // Nothing written since: the kept page answers, matched on the new term.
    expect(titles((await search(admin, 'q=QUILLFEATHER&type=activities')).results.activities)).toEqual(
      titles(after.results.activities),
    );
    expect(titles((await search(admin, 'q=zephyrquill&type=activities')).results.activities)).toContainEqual(
      expect.stringContaining('Created client Zephyrquill Holdings'),
    );
    expect((await search(nwadmin, 'q=quillfeather&type=activities')).results.activities).toEqual([]);
  });

  it('searches one category with type, guide none, and keeps to limit and per_category', async () => {
    const onlyClients = await search(admin, 'q=zephyrquill&type=clients');
    expect(onlyClients.results.invoices).toEqual([]);
    expect(onlyClients.results.activities).toEqual([]);
    const guide = await search(admin, 'q=zephyrquill&type=guide');
    expect(Object.values(guide.results).flat()).toEqual([]);
    const capped = await search(admin, 'q=zephyrquill&limit=2');
    expect(Object.values(capped.results).flat()).toHaveLength(2);
    const perCategory = await search(admin, 'q=a&type=clients&per_category=1');
    expect(perCategory.results.clients).toHaveLength(1);
  });

  it('treats LIKE wildcards as text', async () => {
    expect(Object.values((await search(admin, 'q=%25%25%25')).results).flat()).toEqual([]);
    expect(Object.values((await search(admin, 'q=____')).results).flat()).toEqual([]);
  });

  it('answers 400 to a blank or malformed query and 401 without a session', async () => {
    for (const query of [
      'q=',
      'q=%20%20',
      '',
      'q=a&type=projects',
      'q=a&per_category=11',
      'q=a&limit=0',
      `q=${'x'.repeat(101)}`,
    ]) {
      const response = await admin.request({ url: `/api/search?${query}` });
      expectStatus(response, 400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expectStatus(await new Session(testApp.app).request({ url: '/api/search?q=zephyrquill' }), 401);
  });

  it('runs the lookups as their owner with a fixed search_path, executable by app_user and not by PUBLIC', async () => {
    // The search's own statements keep their generic plans (ADR 0196); the feed's lookup is also read by GET /activities.
    const generic = '{"search_path=public, pg_temp",plan_cache_mode=force_generic_plan}';
    const configs: Record<string, string> = {
      activity_feed_owner_ids: '{"search_path=public, pg_temp"}',
      search_client_ids: generic,
      search_contact_client_ids: generic,
      search_invoice_ids: generic,
      search_view: generic,
    };
    const names = Object.keys(configs);
    const definitions = await testApp.context.database.db.execute(
      sql`select p.proname as name, p.prosecdef, p.proconfig::text as config,
                 has_function_privilege('public', p.oid, 'execute') as public_may_run,
                 has_function_privilege('app_user', p.oid, 'execute') as app_user_may_run
          from pg_proc p where p.proname in (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )}) order by p.proname`,
    );
    expect((definitions as unknown as { rows: unknown[] }).rows).toEqual(
      [...names].sort().map((name) => ({
        name,
        prosecdef: true,
        config: configs[name],
        public_may_run: false,
        app_user_may_run: true,
      })),
    );
  });

  it('scopes the search functions to the bound organization, whatever the pattern', async () => {
    const theirOrganization = await organizationIdOf(testApp, 'northwind');
    const ourOrganization = await organizationIdOf(testApp, 'demo');
    const { db } = testApp.context.database;
    const ids = async (organizationId: number, query: SQL) =>
      withTenant(db, organizationId, async (tx) =>
        ((await tx.execute(query)) as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id)),
      );
    const found = {
      invoices: await ids(theirOrganization, sql`select search_invoice_ids('%', 1000) as id`),
      contacts: await ids(theirOrganization, sql`select search_contact_client_ids('%marblewood%', 1000) as id`),
      clients: await ids(theirOrganization, sql`select search_client_ids('%zephyrquill%', 1000) as id`),
    };
    expect(found.contacts).toEqual([theirs.id]);
    expect(found.clients).toEqual([theirs.id]);
    expect(await ids(ourOrganization, sql`select search_client_ids('%zephyrquill%', 1000) as id`)).toEqual([ours.id]);
    const owners = await testApp.context.database.db.execute(
      sql`select organization_id from invoices where id in (${sql.join(
        [0, ...found.invoices].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const orgs = new Set(
      (owners as unknown as { rows: { organization_id: number }[] }).rows.map((row) => row.organization_id),
    );
    expect([...orgs]).toEqual([theirOrganization]);

    // The feed's own-time lookup: audit rows of this person's entries in the bound firm only.
    const feedRows = (organizationId: number) =>
      ids(organizationId, sql`select activity_feed_owner_ids(${Number(staffEntry.user_id)}, 1000) as id`);
    const ourRows = await feedRows(ourOrganization);
    const audited = await testApp.context.database.db.execute(
      sql`select organization_id, entity, after ->> 'user_id' as owner from audit_log where id in (${sql.join(
        [0, ...ourRows].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const rows = (audited as unknown as { rows: { organization_id: number; entity: string; owner: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every(
        (row) =>
          row.organization_id === ourOrganization &&
          ['time_entry', 'expense'].includes(row.entity) &&
          row.owner === String(staffEntry.user_id),
      ),
    ).toBe(true);
    expect(await feedRows(theirOrganization)).toEqual([]);
  });

  it('reads only the bound organization in search_view, which runs as its owner, and nothing without a binding', async () => {
    const theirOrganization = await organizationIdOf(testApp, 'northwind');
    const ourOrganization = await organizationIdOf(testApp, 'demo');
    const { db } = testApp.context.database;
    type Found = Record<'clients' | 'users' | 'timeEntries' | 'invoices', { id: number }[]> & {
      feed: { latest: number; settled: boolean; items: { id: number }[] };
    };
    const view = (term: string) =>
      sql`select search_view(${Number(staffEntry.user_id)}, ${term}, ${`%${term}%`}, 1000, true, true, true, true, true, true, true, -1) as found`;
    const found = async (organizationId: number, term: string) =>
      withTenant(
        db,
        organizationId,
        async (tx) => ((await tx.execute(view(term))) as unknown as { rows: { found: Found }[] }).rows[0]!.found,
      );
    const clientIds = (rows: Found) => rows.clients.map((row) => Number(row.id));
    expect(clientIds(await found(ourOrganization, 'zephyrquill'))).toEqual([ours.id]);
    expect(clientIds(await found(theirOrganization, 'zephyrquill'))).toEqual([theirs.id]);
    const everything = await found(theirOrganization, '');
    const owners = async (table: string, rows: { id: number }[]) =>
      (
        (await db.execute(
          sql`select distinct organization_id from ${sql.raw(table)} where id in (${sql.join(
            [0, ...rows.map((row) => Number(row.id))].map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )) as unknown as { rows: { organization_id: number }[] }
      ).rows.map((row) => row.organization_id);
    expect(everything.clients.length).toBeGreaterThan(0);
    expect(everything.invoices.length).toBeGreaterThan(0);
    for (const [table, rows] of [
      ['clients', everything.clients],
      ['users', everything.users],
      ['time_entries', everything.timeEntries],
      ['invoices', everything.invoices],
      ['audit_log', everything.feed.items],
    ] as const) {
      expect(await owners(table, rows)).toEqual(rows.length === 0 ? [] : [theirOrganization]);
    }
    const unbound = (await db.execute(
      sql`select search_view(1, '', '%%', 1000, true, true, true, true, true, true, true, -1)::text as found`,
    )) as unknown as { rows: { found: string }[] };
    expect(JSON.parse(unbound.rows[0]!.found)).toEqual({
      clients: [],
      users: [],
      timeEntries: [],
      invoices: [],
      // settled is false while any write is in progress on the server, and other test files
      // write concurrently: either value is right.
      feed: { latest: 0, settled: expect.any(Boolean), items: [] },
    });
  });
});
