import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, markBilled, ownerRows, type ClientBody } from '../../../test/work-records';

let dataDir: string;
let testApp: TestApp;
let admin: Session;
let staff: Session;
let manager: Session;
let nwadmin: Session;
let client: ClientBody;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'practice-receipts-'));
  testApp = await createTestApp({ dataDir });
  admin = await signedIn(testApp.app, 'admin');
  staff = await signedIn(testApp.app, 'staff');
  manager = await signedIn(testApp.app, 'manager');
  nwadmin = await signedIn(testApp.app, 'nwadmin');
  client = await createClient(admin);
});
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

type ExpenseBody = { id: number; version: number; [field: string]: unknown };

async function createExpense(session: Session, fields: Record<string, unknown> = {}): Promise<ExpenseBody> {
  const response = await session.request({
    method: 'POST',
    url: '/expenses',
    payload: { client_id: client.id, expense_date: '2026-03-04', category: 'courier', amount_cents: 2_500, ...fields },
  });
  expectStatus(response, 201);
  return response.json();
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(64, 7),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function multipart(filename: string, declaredType: string, content: Buffer) {
  const boundary = '----practice-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${declaredType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (session: Session, expenseId: number, filename: string, declaredType: string, content: Buffer) =>
  session.request({
    method: 'POST',
    url: `/expenses/${expenseId}/receipt`,
    ...multipart(filename, declaredType, content),
  });

const storedFiles = async (organizationId: number) =>
  readdir(path.join(dataDir, 'uploads', String(organizationId))).catch(() => [] as string[]);

describe('expenses', () => {
  it('creates an expense with its markup in whole cents', async () => {
    const response = await staff.request({
      method: 'POST',
      url: '/expenses',
      payload: {
        client_id: client.id,
        expense_date: '2026-03-04',
        category: 'filing_fee',
        description: 'State filing',
        amount_cents: 12_345,
        markup_basis_points: 1_000,
      },
    });
    expectStatus(response, 201);
    expect(response.json()).toMatchObject({
      client_id: client.id,
      expense_date: '2026-03-04',
      category: 'filing_fee',
      description: 'State filing',
      amount_cents: 12_345,
      markup_basis_points: 1_000,
      markup_cents: 1_235,
      total_cents: 13_580,
      billable: true,
      status: 'draft',
      receipt: null,
      version: 1,
    });
  });

  it('answers 400 with an error per field, and writes nothing', async () => {
    const [before] = await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from expenses`);
    const response = await staff.request({
      method: 'POST',
      url: '/expenses',
      payload: { expense_date: 'today', category: 'yacht', amount_cents: 10.5, markup_basis_points: -1 },
    });
    expectStatus(response, 400);
    expect(response.json().details).toEqual({
      client_id: 'Client is required',
      expense_date: 'Date must be a date (YYYY-MM-DD)',
      category: 'Choose a category',
      amount_cents: 'Amount must be whole cents',
      markup_basis_points: 'Markup cannot be negative',
    });
    const zero = await staff.request({
      method: 'POST',
      url: '/expenses',
      payload: { client_id: client.id, expense_date: '2026-03-04', category: 'other', amount_cents: 0 },
    });
    expect(zero.json().details).toEqual({ amount_cents: 'Amount must be more than 0' });
    const [after] = await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from expenses`);
    expect(after!.n).toBe(before!.n);
  });

  it("answers 404 for another firm's client, and reads another firm's expense as missing", async () => {
    const foreignClient = await createClient(nwadmin);
    const refused = await staff.request({
      method: 'POST',
      url: '/expenses',
      payload: { client_id: foreignClient.id, expense_date: '2026-03-04', category: 'other', amount_cents: 100 },
    });
    expectStatus(refused, 404);
    expect(refused.json()).toEqual({ error: 'Client not found', details: { client_id: 'Client not found' } });
    const expense = await createExpense(staff);
    expectStatus(await nwadmin.request({ url: `/expenses/${expense.id}` }), 404);
    expectStatus(await nwadmin.request({ method: 'DELETE', url: `/expenses/${expense.id}` }), 404);
  });

  it('edits with the version read, and refuses a stale one or a billed expense with 409', async () => {
    const expense = await createExpense(staff);
    const body = { client_id: client.id, expense_date: '2026-03-05', category: 'postage', amount_cents: 999 };
    const edited = await staff.request({
      method: 'PUT',
      url: `/expenses/${expense.id}`,
      payload: { ...body, version: 1 },
    });
    expectStatus(edited, 200);
    expect(edited.json()).toMatchObject({ category: 'postage', amount_cents: 999, total_cents: 999, version: 2 });
    const stale = await staff.request({
      method: 'PUT',
      url: `/expenses/${expense.id}`,
      payload: { ...body, version: 1 },
    });
    expectStatus(stale, 409);
    await markBilled(testApp, 'expenses', expense.id);
    const billed = await manager.request({
      method: 'PUT',
      url: `/expenses/${expense.id}`,
      payload: { ...body, version: 2 },
    });
    expectStatus(billed, 409);
    expect(billed.json()).toEqual({ error: 'This expense is billed and locked' });
    expectStatus(await upload(staff, expense.id, 'late.png', 'image/png', PNG), 409);
  });

  it("lists the user's own expenses with totals, in bounded pages; others' need the rights", async () => {
    const listed = await createClient(admin);
    await createExpense(staff, { client_id: listed.id, amount_cents: 1_000 });
    await createExpense(staff, { client_id: listed.id, amount_cents: 2_000, markup_basis_points: 500 });
    await createExpense(admin, { client_id: listed.id, amount_cents: 4_000 });
    const own = await staff.request({ url: `/expenses?client_id=${listed.id}` });
    expectStatus(own, 200);
    expect(own.json()).toMatchObject({ total: 2, page_size: 25, totals: { amount_cents: 3_000, total_cents: 3_100 } });
    const everyone = await manager.request({ url: `/expenses?client_id=${listed.id}&user_id=all&page_size=1` });
    expect(everyone.json()).toMatchObject({ total: 3, page_size: 1, totals: { amount_cents: 7_000 } });
    expect(everyone.json().items).toHaveLength(1);
    expectStatus(await staff.request({ url: '/expenses?user_id=all' }), 403);
    const [nwstaff] = await ownerRows<{ id: number }>(testApp, sql`select id from users where username = 'nwstaff'`);
    const foreign = await manager.request({ url: `/expenses?user_id=${nwstaff!.id}` });
    expectStatus(foreign, 404);
    expect(foreign.json()).toEqual({ error: 'User not found', details: { user_id: 'User not found' } });
    expectStatus(await staff.request({ url: '/expenses?page_size=500' }), 400);
  });
});

describe('receipts', () => {
  it('stores a receipt judged by its content and serves it as an attachment, never inline', async () => {
    const expense = await createExpense(staff);
    const response = await upload(staff, expense.id, 'taxi <ride>.png', 'image/png', PNG);
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      receipt: { content_type: 'image/png', size: PNG.length, name: 'taxi _ride_.png' },
      version: 2,
    });
    const download = await staff.request({ url: `/expenses/${expense.id}/receipt` });
    expectStatus(download, 200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="taxi _ride_.png"; filename*=UTF-8''taxi%20_ride_.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it('names the file by the type its content shows, whatever the browser said', async () => {
    const expense = await createExpense(staff);
    const response = await upload(staff, expense.id, 'invoice.html', 'text/html', PDF);
    expectStatus(response, 200);
    expect(response.json().receipt).toEqual({ content_type: 'application/pdf', size: PDF.length, name: 'invoice.pdf' });
    const download = await staff.request({ url: `/expenses/${expense.id}/receipt` });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="invoice\.pdf"/);
  });

  it('refuses text named .png, HTML, SVG or a body not multipart (415) and an empty file (400), and keeps nothing', async () => {
    const expense = await createExpense(staff);
    const [{ organization_id: organizationId }] = (await ownerRows<{ organization_id: number }>(
      testApp,
      sql`select organization_id from expenses where id = ${expense.id}`,
    )) as [{ organization_id: number }];
    const filesBefore = await storedFiles(organizationId);
    const cases: [string, string, Buffer][] = [
      ['receipt.png', 'image/png', Buffer.from('just some text, not an image at all')],
      ['receipt.html', 'text/html', Buffer.from('<html><script>alert(1)</script></html>')],
      ['receipt.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ];
    for (const [name, type, content] of cases) {
      const response = await upload(staff, expense.id, name, type, content);
      expectStatus(response, 415);
      expect(response.json()).toEqual({ error: 'A receipt must be a PDF or a PNG, JPEG, WebP or HEIC image' });
    }
    const notMultipart = await staff.request({
      method: 'POST',
      url: `/expenses/${expense.id}/receipt`,
      payload: { file: 'x' },
    });
    expectStatus(notMultipart, 415);
    expect(notMultipart.json()).toEqual({ error: 'Upload the file as multipart/form-data' });
    const empty = await upload(staff, expense.id, 'receipt.png', 'image/png', Buffer.alloc(0));
    expectStatus(empty, 400);
    expect(empty.json()).toMatchObject({ error: 'Choose a receipt file to upload' });
    expect((await staff.request({ url: `/expenses/${expense.id}` })).json()).toMatchObject({
      receipt: null,
      version: 1,
    });
    expect(await storedFiles(organizationId)).toEqual(filesBefore);
    expectStatus(await staff.request({ url: `/expenses/${expense.id}/receipt` }), 404);
  });

  it('takes a receipt of up to 5 MB and refuses a larger one with 413', async () => {
    const expense = await createExpense(staff);
    const fourMegabytes = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    expectStatus(await upload(staff, expense.id, 'big.png', 'image/png', fourMegabytes), 200);
    const [{ organization_id: organizationId }] = (await ownerRows<{ organization_id: number }>(
      testApp,
      sql`select organization_id from expenses where id = ${expense.id}`,
    )) as [{ organization_id: number }];
    const filesBefore = await storedFiles(organizationId);
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(staff, expense.id, 'huge.png', 'image/png', tooLarge);
    expectStatus(response, 413);
    expect(response.json()).toEqual({ error: 'The receipt is larger than 5 MB' });
    const kept = (await staff.request({ url: `/expenses/${expense.id}` })).json();
    expect(kept.receipt).toEqual({ content_type: 'image/png', size: fourMegabytes.length, name: 'big.png' });
    expect(await storedFiles(organizationId)).toEqual(filesBefore);
  });

  it('replaces a receipt and removes the old file; deleting the expense removes its file', async () => {
    const expense = await createExpense(staff);
    await upload(staff, expense.id, 'first.png', 'image/png', PNG);
    const [{ receipt_file: first, organization_id: organizationId }] = (await ownerRows<{
      receipt_file: string;
      organization_id: number;
    }>(testApp, sql`select receipt_file, organization_id from expenses where id = ${expense.id}`)) as [
      { receipt_file: string; organization_id: number },
    ];
    expect(await storedFiles(organizationId)).toContain(first);
    await upload(staff, expense.id, 'second.pdf', 'application/pdf', PDF);
    const [{ receipt_file: second }] = (await ownerRows<{ receipt_file: string }>(
      testApp,
      sql`select receipt_file from expenses where id = ${expense.id}`,
    )) as [{ receipt_file: string }];
    const files = await storedFiles(organizationId);
    expect(files).toContain(second);
    expect(files).not.toContain(first);
    expectStatus(await staff.request({ method: 'DELETE', url: `/expenses/${expense.id}` }), 204);
    expect(await storedFiles(organizationId)).not.toContain(second);
  });

  it("reads another firm's receipt as missing, and another person's needs the rights", async () => {
    const expense = await createExpense(staff);
    await upload(staff, expense.id, 'private.png', 'image/png', PNG);
    const foreignRead = await nwadmin.request({ url: `/expenses/${expense.id}/receipt` });
    expectStatus(foreignRead, 404);
    expect(foreignRead.json()).toEqual({ error: 'Expense not found' });
    expectStatus(await upload(nwadmin, expense.id, 'mine.png', 'image/png', PNG), 404);
    expectStatus(await nwadmin.request({ method: 'DELETE', url: `/expenses/${expense.id}/receipt` }), 404);
    const adminExpense = await createExpense(admin);
    await upload(admin, adminExpense.id, 'admin.png', 'image/png', PNG);
    expectStatus(await staff.request({ url: `/expenses/${adminExpense.id}/receipt` }), 403);
    expectStatus(await manager.request({ url: `/expenses/${adminExpense.id}/receipt` }), 200);
    expectStatus(await staff.request({ url: `/expenses/${expense.id}/receipt` }), 200);
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
