import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedInvoice } from '../../../test/money-records';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import {
  createActivityType,
  createClient,
  createTimeEntry,
  organizationIdOf,
  ownerRows,
  type ClientBody,
} from '../../../test/work-records';

type AuditItem = {
  id: number;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  record: string | null;
  names: Record<string, string>;
};
type AuditPage = { items: AuditItem[]; total: number };

let testApp: TestApp;
let admin: Session;
let nwadmin: Session;
let client: ClientBody;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedIn(testApp.app, 'admin');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  client = await createClient(admin, { legal_name: 'Quillfeather Bakery LLC', client_id: 'QUILL-1' });
});
afterAll(() => testApp.close());

async function trail(session: Session, query: string): Promise<AuditPage> {
  const response = await session.request({ url: `/audit-log?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /audit-log names what its rows point to', () => {
  it('names an invoice by its number and its client by name, not by their ids', async () => {
    const invoice = await issuedInvoice(admin, client.id, 12_345);
    const { items } = await trail(admin, `entity=invoice&entity_id=${invoice.id}`);
    const issue = items.find((row) => row.action === 'issue');
    expect(issue?.record).toBe(invoice.number);
    expect(issue?.names).toMatchObject({
      [`invoice:${invoice.id}`]: invoice.number,
      [`client:${client.id}`]: 'Quillfeather Bakery LLC (QUILL-1)',
    });
  });

  it('names the person and the activity of a time entry, and a client by its own name', async () => {
    const activity = await createActivityType(admin, { name: 'Sourdough review' });
    const entry = await createTimeEntry(admin, { client_id: client.id, activity_type_id: activity.id, minutes: 1 });
    const { items } = await trail(admin, `entity=time_entry&entity_id=${entry.id}`);
    const adminId = (items[0]?.after as { user_id: number }).user_id;
    expect(items[0]?.names).toEqual({
      [`client:${client.id}`]: 'Quillfeather Bakery LLC (QUILL-1)',
      [`user:${adminId}`]: 'Alice Admin',
      [`activity_type:${activity.id}`]: 'Sourdough review',
    });
    const created = await trail(admin, `entity=client&entity_id=${client.id}`);
    expect(created.items[0]?.record).toBe('Quillfeather Bakery LLC (QUILL-1)');
  });

  it('names a role by the name it shows, not its key', async () => {
    const made = await admin.request({
      method: 'POST',
      url: '/roles',
      payload: { name: 'Seasonal preparer', permissions: {} },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { items } = await trail(admin, `entity=role&entity_id=${made.json<{ id: number }>().id}`);
    expect(items[0]?.record).toBe('Seasonal preparer');
  });

  it('leaves a draft invoice without a number unnamed rather than naming it by id', async () => {
    const draft = await admin.request({
      method: 'POST',
      url: '/invoices',
      payload: {
        client_id: client.id,
        issue_date: '2026-09-01',
        due_date: '2026-09-01',
        fixed_fees: [{ description: 'Advisory', amount_cents: 500 }],
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const { items } = await trail(admin, `entity=invoice&entity_id=${draft.json<{ id: number }>().id}`);
    expect(items[0]?.record).toBeNull();
    expect(Object.keys(items[0]?.names ?? {})).toEqual([`client:${client.id}`]);
  });

  it('never names another firm’s record, even when a row holds its id', async () => {
    const theirs = await createClient(nwadmin, { legal_name: 'Northwind Secret Holdings' });
    const demo = await organizationIdOf(testApp, 'demo');
    await ownerRows(
      testApp,
      sql`insert into audit_log (organization_id, user_id, action, entity, entity_id, after)
          values (${demo}, null, 'update', 'client', ${String(theirs.id)},
                  ${JSON.stringify({ client_id: theirs.id })}::jsonb)`,
    );
    const { items } = await trail(admin, `entity=client&entity_id=${theirs.id}`);
    expect(items).toHaveLength(1);
    expect(items[0]?.record).toBeNull();
    expect(JSON.stringify(items[0]?.names)).not.toContain('Northwind Secret Holdings');
    const nwTrail = await trail(nwadmin, 'page_size=100');
    expect(nwTrail.items.some((row) => row.names[`client:${client.id}`])).toBe(false);
  });

  it('answers 403 to a person without the admin page and 401 signed out', async () => {
    const staff = await signedIn(testApp.app, 'staff');
    expect((await staff.request({ url: '/audit-log' })).statusCode).toBe(403);
    expect((await testApp.app.inject({ url: '/audit-log' })).statusCode).toBe(401);
  });
});
