import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/outbox';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { expectStatus, ownerRows } from '../../../test/work-records';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(64, 7),
]);

function multipart(filename: string, declaredType: string, content: Buffer) {
  const boundary = '----practice-ticket-boundary';
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

type Ticket = { id: number; status: string; priority: string; unread_count: number; author: { name: string } };
const VALID = {
  subject: 'Invoice PDF shows the wrong logo',
  category: 'problem',
  priority: 'high',
  description: 'Since Monday.',
};

describe('support tickets (API.md "Support tickets")', () => {
  let dataDir: string;
  let testApp: TestApp;
  let admin: Session;
  let staff: Session;
  let manager: Session;
  let foreign: Session;
  let ticket: Ticket;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'practice-tickets-'));
    testApp = await createTestApp({ dataDir });
    admin = await signedIn(testApp.app, 'admin');
    staff = await signedIn(testApp.app, 'staff');
    manager = await signedIn(testApp.app, 'manager');
    foreign = await signedIn(testApp.app, 'nwadmin');
    const created = await staff.request({ method: 'POST', url: '/support-tickets', payload: VALID });
    expectStatus(created, 201);
    ticket = created.json();
  });
  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const ticketCount = async () =>
    (await ownerRows<{ n: number }>(testApp, sql`select count(*)::int as n from support_tickets`))[0]!.n;
  const unread = async (session: Session) =>
    (await session.request({ url: '/support-tickets/unread-count' })).json<{ count: number }>().count;

  it('opens a ticket for its author and e-mails the administrators', async () => {
    expect(ticket).toMatchObject({ ...VALID, status: 'open', author: { name: 'Sam Staff' }, assignee: null });
    const [mail] = await mailsTo(testApp.context, 'admin@demo-cpa.example');
    expect(mail?.subject).toBe(`New support ticket: #${ticket.id} ${VALID.subject}`);
    expect(mail?.textBody).toContain('Since Monday.');
    expect(mail?.textBody).toContain(`/support-tickets/${ticket.id}`);
    expect(await mailsTo(testApp.context, 'manager@demo-cpa.example')).toEqual([]);
  });

  it('lists his own tickets to everyone, and all of the firm to administrators', async () => {
    const mine = await manager.request({
      method: 'POST',
      url: '/support-tickets',
      payload: { ...VALID, subject: 'Manager question', category: 'question' },
    });
    expectStatus(mine, 201);
    const ids = async (session: Session, query = '') =>
      (await session.request({ url: `/support-tickets${query}` })).json<{ items: Ticket[] }>().items.map((t) => t.id);
    expect(await ids(staff)).toEqual([ticket.id]);
    expect(await ids(manager)).toEqual([mine.json<Ticket>().id]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([ticket.id, mine.json<Ticket>().id]));
    expect(await ids(admin, '?mine=true')).toEqual([]);
    expect(await ids(foreign)).toEqual([]);
    expect(await ids(admin, '?status=resolved')).not.toContain(ticket.id);
  });

  it("answers 404 for someone else's ticket and another firm's, 403 to a change without the flag", async () => {
    for (const session of [manager, foreign]) {
      expectStatus(await session.request({ url: `/support-tickets/${ticket.id}` }), 404);
      expectStatus(
        await session.request({
          method: 'POST',
          url: `/support-tickets/${ticket.id}/messages`,
          payload: { body: 'x' },
        }),
        404,
      );
    }
    expectStatus(
      await foreign.request({ method: 'PATCH', url: `/support-tickets/${ticket.id}`, payload: { status: 'closed' } }),
      404,
    );
    const denied = await staff.request({
      method: 'PATCH',
      url: `/support-tickets/${ticket.id}`,
      payload: { status: 'closed' },
    });
    expectStatus(denied, 403);
    expect(denied.json()).toEqual({ error: 'Permission required: can_view_admin_page' });
    expect((await admin.request({ url: `/support-tickets/${ticket.id}` })).json<Ticket>().status).toBe('open');
  });

  it('a reply e-mails the author and counts as unread until he opens the ticket', async () => {
    expect(await unread(staff)).toBe(0);
    const reply = await admin.request({
      method: 'POST',
      url: `/support-tickets/${ticket.id}/messages`,
      payload: { body: 'Upload the logo again under Admin.' },
    });
    expectStatus(reply, 201);
    expect(reply.json()).toMatchObject({ author: { name: 'Alice Admin' }, body: 'Upload the logo again under Admin.' });
    const [mail] = await mailsTo(testApp.context, 'staff@demo-cpa.example');
    expect(mail?.subject).toBe(`New reply: #${ticket.id} ${VALID.subject}`);
    expect(mail?.textBody).toContain('Upload the logo again under Admin.');
    expect(await unread(staff)).toBe(1);
    expect(await unread(admin)).toBe(0);
    const listed = (await staff.request({ url: '/support-tickets' })).json<{ items: Ticket[] }>().items[0]!;
    expect(listed.unread_count).toBe(1);
    // The administrator reading it does not mark the author's reply read.
    await admin.request({ url: `/support-tickets/${ticket.id}` });
    expect(await unread(staff)).toBe(1);
    const opened = await staff.request({ url: `/support-tickets/${ticket.id}` });
    expect(opened.json()).toMatchObject({
      messages: [{ author: { name: 'Alice Admin' }, body: 'Upload the logo again under Admin.' }],
    });
    expect(await unread(staff)).toBe(0);
    // The author's own reply is not unread for him; it goes to the administrators.
    const before = (await mailsTo(testApp.context, 'admin@demo-cpa.example')).length;
    expectStatus(
      await staff.request({
        method: 'POST',
        url: `/support-tickets/${ticket.id}/messages`,
        payload: { body: 'Done, thanks' },
      }),
      201,
    );
    expect(await unread(staff)).toBe(0);
    expect(await mailsTo(testApp.context, 'admin@demo-cpa.example')).toHaveLength(before + 1);
  });

  it('an administrator assigns, reprioritizes and resolves; the author hears of the status', async () => {
    const adminId = (await admin.request({ url: '/user' })).json<{ id: number }>().id;
    const changed = await admin.request({
      method: 'PATCH',
      url: `/support-tickets/${ticket.id}`,
      payload: { status: 'resolved', priority: 'urgent', assignee_id: adminId },
    });
    expectStatus(changed, 200);
    expect(changed.json()).toMatchObject({ status: 'resolved', priority: 'urgent', assignee: { name: 'Alice Admin' } });
    const [mail] = await mailsTo(testApp.context, 'staff@demo-cpa.example');
    expect(mail?.subject).toBe(`Ticket status changed: #${ticket.id} ${VALID.subject}`);
    expect(mail?.textBody).toContain('The status is now Resolved.');
    const unassigned = await admin.request({
      method: 'PATCH',
      url: `/support-tickets/${ticket.id}`,
      payload: { assignee_id: null },
    });
    expect(unassigned.json()).toMatchObject({ status: 'resolved', assignee: null });
  });

  it('refuses bad input field by field, writing nothing', async () => {
    const before = await ticketCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...VALID, subject: '  ' }, 'subject', 'Subject is required'],
      [{ ...VALID, subject: 'x'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
      [{ ...VALID, category: 'gossip' }, 'category', 'Category must be question, problem, billing or feature request'],
      [{ ...VALID, priority: 'whenever' }, 'priority', 'Priority must be low, normal, high or urgent'],
      [{ ...VALID, description: '' }, 'description', 'Description is required'],
      [{ ...VALID, description: 'x'.repeat(10_001) }, 'description', 'Description must be at most 10000 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await staff.request({ method: 'POST', url: '/support-tickets', payload });
      expectStatus(response, 400);
      expect(response.json().details?.[field], field).toBe(message);
    }
    expect(await ticketCount()).toBe(before);

    const emptyReply = await staff.request({
      method: 'POST',
      url: `/support-tickets/${ticket.id}/messages`,
      payload: { body: ' ' },
    });
    expectStatus(emptyReply, 400);
    expect(emptyReply.json().details?.body).toBe('Message is required');

    const patch = (payload: unknown) =>
      admin.request({ method: 'PATCH', url: `/support-tickets/${ticket.id}`, payload: payload as object });
    const badStatus = await patch({ status: 'done' });
    expectStatus(badStatus, 400);
    expect(badStatus.json().details?.status).toBe('Status must be open, in progress, waiting, resolved or closed');
    expectStatus(await patch({ assignee_id: 0 }), 400);
    const foreignUser = (await foreign.request({ url: '/user' })).json<{ id: number }>().id;
    const elsewhere = await patch({ assignee_id: foreignUser });
    expectStatus(elsewhere, 404);
    expect(elsewhere.json().details?.assignee_id).toBe('Assignee not found');
    const staffId = (await staff.request({ url: '/user' })).json<{ id: number }>().id;
    const notAdmin = await patch({ assignee_id: staffId, status: 'closed' });
    expectStatus(notAdmin, 400);
    expect(notAdmin.json().details?.assignee_id).toBe('Assignee must be someone who can see every ticket');
    expect((await admin.request({ url: `/support-tickets/${ticket.id}` })).json<Ticket>().status).toBe('resolved');
    expectStatus(await staff.request({ url: '/support-tickets/0' }), 404);
    expectStatus(await staff.request({ url: '/support-tickets?status=nope' }), 400);
  });

  it('keeps attachments under the receipt rules, downloads them only to who sees the ticket', async () => {
    const upload = (session: Session, name: string, type: string, content: Buffer) =>
      session.request({
        method: 'POST',
        url: `/support-tickets/${ticket.id}/attachments`,
        ...multipart(name, type, content),
      });
    const stored = await upload(staff, 'screen <shot>.png', 'image/png', PNG);
    expectStatus(stored, 201);
    const file = stored.json<{ id: number; file_name: string; size: number }>();
    expect(file).toMatchObject({ file_name: 'screen _shot_.png', content_type: 'image/png', size: PNG.length });

    const download = await admin.request({ url: `/support-tickets/${ticket.id}/attachments/${file.id}` });
    expectStatus(download, 200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="screen _shot_.png"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PNG)).toBe(true);

    const html = await upload(staff, 'page.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>'));
    expectStatus(html, 415);
    expect(html.json()).toEqual({ error: 'An attachment must be a PDF or a PNG, JPEG, WebP or HEIC image' });
    expectStatus(await upload(staff, 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])), 413);
    expectStatus(await upload(manager, 'mine.png', 'image/png', PNG), 404);
    expectStatus(await manager.request({ url: `/support-tickets/${ticket.id}/attachments/${file.id}` }), 404);
    expectStatus(await foreign.request({ url: `/support-tickets/${ticket.id}/attachments/${file.id}` }), 404);
    const detail = await staff.request({ url: `/support-tickets/${ticket.id}` });
    expect(detail.json<{ attachments: unknown[] }>().attachments).toHaveLength(1);
  });

  it('keeps at most 10 files on a ticket, also when uploads race', async () => {
    const fresh = (await staff.request({ method: 'POST', url: '/support-tickets', payload: VALID })).json<Ticket>();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        staff.request({
          method: 'POST',
          url: `/support-tickets/${fresh.id}/attachments`,
          ...multipart(`page-${index}.png`, 'image/png', PNG),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), 400, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json().details?.file).toBe('A ticket can carry at most 10 files');
    const detail = await staff.request({ url: `/support-tickets/${fresh.id}` });
    expect(detail.json<{ attachments: unknown[] }>().attachments).toHaveLength(10);
  });

  it("lists who may be assigned; the author's reply then goes to the assignee alone", async () => {
    const roles = (await admin.request({ url: '/roles/options' })).json<{ items: { id: number; name: string }[] }>();
    const created = await admin.request({
      method: 'POST',
      url: '/users',
      payload: {
        username: 'ticketdesk',
        email: 'ticketdesk@demo-cpa.example',
        first_name: 'Tina',
        last_name: 'Desk',
        role_id: roles.items.find((role) => role.name === 'Administrator')!.id,
        billing_rate_cents: 10_000,
      },
    });
    expectStatus(created, 201);
    const desk = created.json<{ id: number }>();

    const assignees = await admin.request({ url: '/support-tickets/assignees' });
    expectStatus(assignees, 200);
    expect(assignees.json()).toEqual({
      items: [expect.objectContaining({ name: 'Alice Admin' }), { id: desk.id, name: 'Tina Desk' }],
    });
    const elsewhere = (await foreign.request({ url: '/support-tickets/assignees' })).json<{
      items: Ticket['author'][];
    }>();
    expect(elsewhere.items.map((person) => person.name)).not.toContain('Tina Desk');
    const denied = await staff.request({ url: '/support-tickets/assignees' });
    expectStatus(denied, 403);
    expect(denied.json()).toEqual({ error: 'Permission required: can_view_admin_page' });

    const fresh = (await staff.request({ method: 'POST', url: '/support-tickets', payload: VALID })).json<Ticket>();
    const assigned = await admin.request({
      method: 'PATCH',
      url: `/support-tickets/${fresh.id}`,
      payload: { assignee_id: desk.id },
    });
    expect(assigned.json()).toMatchObject({ assignee: { id: desk.id, name: 'Tina Desk' } });
    const replySubject = `New reply: #${fresh.id} ${VALID.subject}`;
    const repliesTo = async (address: string) =>
      (await mailsTo(testApp.context, address)).filter((mail) => mail.subject === replySubject);
    expectStatus(
      await staff.request({
        method: 'POST',
        url: `/support-tickets/${fresh.id}/messages`,
        payload: { body: 'Any news?' },
      }),
      201,
    );
    expect(await repliesTo('ticketdesk@demo-cpa.example')).toHaveLength(1);
    expect(await repliesTo('admin@demo-cpa.example')).toEqual([]);
  });
  it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
