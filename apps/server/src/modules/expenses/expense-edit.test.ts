import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { withTenant } from '../../db/client';
import { expenses, invoices } from '../../db/schema/index';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type ExpenseAnswer = {
  id: number;
  user_id: number;
  client_id: number;
  amount_cents: number;
  total_cents: number;
  version: number;
  status: string;
  receipt: { name: string; content_type: string } | null;
};

function multipart(filename: string, content: Buffer) {
  const boundary = 'expense-edit-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('editing and deleting expenses', () => {
  let testApp: TestApp;
  let dataDir: string;
  let admin: Session;
  let staff: Session;
  let manager: Session;
  let clientId: number;
  let foreignClientId: number;
  let demoId: number;

  async function stored(organizationId: number): Promise<string[]> {
    return readdir(path.join(dataDir, 'uploads', String(organizationId))).catch(() => []);
  }

  async function addExpense(session: Session, amountCents = 4250): Promise<ExpenseAnswer> {
    const response = await session.request({
      method: 'POST',
      url: '/expenses',
      payload: {
        client_id: clientId,
        expense_date: '2026-11-16',
        category: 'filing_fee',
        description: 'State filing',
        amount_cents: amountCents,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as ExpenseAnswer;
  }

  function edit(session: Session, expense: ExpenseAnswer, changes: Record<string, unknown> = {}) {
    return session.request({
      method: 'PUT',
      url: `/expenses/${expense.id}`,
      payload: {
        client_id: expense.client_id,
        expense_date: '2026-11-17',
        category: 'postage',
        description: 'Certified mail',
        amount_cents: 1999,
        markup_basis_points: 1000,
        version: expense.version,
        ...changes,
      },
    });
  }

  async function read(session: Session, expense: ExpenseAnswer): Promise<ExpenseAnswer> {
    return (await session.request({ url: `/expenses/${expense.id}` })).json() as ExpenseAnswer;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'expense-edit-'));
    testApp = await createTestApp({ dataDir });
    admin = await signedIn(testApp.app, 'admin');
    staff = await signedIn(testApp.app, 'staff');
    manager = await signedIn(testApp.app, 'manager');
    demoId = ((await staff.request({ url: '/user' })).json() as { organization_id: number }).organization_id;
    const client = await admin.request({
      method: 'POST',
      url: '/clients',
      payload: { client_id: 'EXP-1', legal_name: 'Receipts & Co', entity_type: 'c_corp' },
    });
    clientId = (client.json() as { id: number }).id;
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    const foreign = await nwadmin.request({
      method: 'POST',
      url: '/clients',
      payload: { client_id: 'NW-1', legal_name: 'Northwind Client', entity_type: 'individual' },
    });
    foreignClientId = (foreign.json() as { id: number }).id;
  });
  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets the owner change his unbilled expense; the total follows the markup and the version moves on', async () => {
    const expense = await addExpense(staff);
    const response = await edit(staff, expense);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: expense.id,
      amount_cents: 1999,
      total_cents: 2199,
      category: 'postage',
      expense_date: '2026-11-17',
      version: expense.version + 1,
    });
  });

  it('refuses a stale version with 409 and keeps the later save', async () => {
    const expense = await addExpense(staff);
    expect((await edit(staff, expense, { amount_cents: 5000 })).statusCode).toBe(200);
    const stale = await edit(staff, expense, { amount_cents: 6000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'This expense was changed by someone else. Reload it and try again.' });
    expect((await read(staff, expense)).amount_cents).toBe(5000);
  });

  it('answers 400 per field for bad input and writes nothing', async () => {
    const expense = await addExpense(staff);
    const bad = await edit(staff, expense, { amount_cents: 0, category: 'yacht', expense_date: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    const { details } = bad.json() as { details: Record<string, string> };
    expect(details).toMatchObject({
      amount_cents: 'Amount must be more than 0',
      category: 'Choose a category',
    });
    expect(details.expense_date).toBeDefined();
    const noVersion = await edit(staff, expense, { version: undefined });
    expect(noVersion.statusCode).toBe(400);
    expect(await read(staff, expense)).toMatchObject({ amount_cents: 4250, version: expense.version });
  });

  it('needs can_edit_time_entries for someone else’s expense: staff 403, a manager may', async () => {
    const mine = await addExpense(manager);
    const refused = await edit(staff, mine);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Permission required: can_edit_time_entries' });
    expect((await staff.request({ method: 'DELETE', url: `/expenses/${mine.id}` })).statusCode).toBe(403);
    const upload = await staff.request({
      method: 'POST',
      url: `/expenses/${mine.id}/receipt`,
      ...multipart('r.png', PNG),
    });
    expect(upload.statusCode).toBe(403);

    const theirs = await addExpense(staff);
    const byManager = await edit(manager, theirs, { amount_cents: 777 });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toMatchObject({ amount_cents: 777, user_id: theirs.user_id });
  });

  it('answers 404 for another firm’s expense or client, and changes nothing', async () => {
    const expense = await addExpense(staff);
    const nwadmin = await signedIn(testApp.app, 'nwadmin');
    expect((await edit(nwadmin, expense)).statusCode).toBe(404);
    expect((await nwadmin.request({ method: 'DELETE', url: `/expenses/${expense.id}` })).statusCode).toBe(404);
    expect((await nwadmin.request({ method: 'DELETE', url: `/expenses/${expense.id}/receipt` })).statusCode).toBe(404);
    const moved = await edit(staff, expense, { client_id: foreignClientId });
    expect(moved.statusCode).toBe(404);
    expect(moved.json()).toMatchObject({ details: { client_id: 'Client not found' } });
    expect(await read(staff, expense)).toMatchObject({ client_id: clientId, version: expense.version });
  });

  it('replaces and removes the receipt, keeping one stored file at most', async () => {
    const expense = await addExpense(staff);
    const first = await staff.request({
      method: 'POST',
      url: `/expenses/${expense.id}/receipt`,
      ...multipart('first.png', PNG),
    });
    expect(first.statusCode).toBe(200);
    const before = await stored(demoId);
    const second = await staff.request({
      method: 'POST',
      url: `/expenses/${expense.id}/receipt`,
      ...multipart('second.png', PNG),
    });
    expect(second.statusCode).toBe(200);
    expect((second.json() as ExpenseAnswer).receipt).toMatchObject({ name: 'second.png', content_type: 'image/png' });
    const after = await stored(demoId);
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);

    const removed = await staff.request({ method: 'DELETE', url: `/expenses/${expense.id}/receipt` });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as ExpenseAnswer).receipt).toBeNull();
    expect(await stored(demoId)).toHaveLength(before.length - 1);
    expect((await staff.request({ method: 'DELETE', url: `/expenses/${expense.id}/receipt` })).statusCode).toBe(404);
  });

  it('deletes the owner’s expense with its receipt file', async () => {
    const expense = await addExpense(staff);
    await staff.request({ method: 'POST', url: `/expenses/${expense.id}/receipt`, ...multipart('gone.png', PNG) });
    const files = await stored(demoId);
    const deleted = await staff.request({ method: 'DELETE', url: `/expenses/${expense.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await staff.request({ url: `/expenses/${expense.id}` })).statusCode).toBe(404);
    expect(await stored(demoId)).toHaveLength(files.length - 1);
  });

  it('refuses every change to a billed expense with 409', async () => {
    const expense = await addExpense(staff);
    await withTenant(testApp.context.database.db, demoId, async (tx) => {
      const [invoice] = await tx
        .insert(invoices)
        .values({
          organizationId: demoId,
          clientId,
          status: 'pending',
          issueDate: '2026-01-05',
          dueDate: '2026-02-04',
          totalCents: 4250,
        })
        .returning({ id: invoices.id });
      await tx
        .update(expenses)
        .set({ status: 'billed', invoiceId: invoice!.id })
        .where(and(eq(expenses.organizationId, demoId), eq(expenses.id, expense.id)));
    });
    const locked = { error: 'This expense is billed and locked' };
    const put = await edit(admin, expense);
    expect({ status: put.statusCode, body: put.json() as unknown }).toEqual({ status: 409, body: locked });
    expect((await staff.request({ method: 'DELETE', url: `/expenses/${expense.id}` })).statusCode).toBe(409);
    const upload = await staff.request({
      method: 'POST',
      url: `/expenses/${expense.id}/receipt`,
      ...multipart('late.png', PNG),
    });
    expect(upload.statusCode).toBe(409);
    expect(await read(staff, expense)).toMatchObject({ status: 'billed', amount_cents: 4250, receipt: null });
  });
});
