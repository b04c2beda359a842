import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './work-records';
import { createTestApp, signedIn, type Session, type TestApp } from './test-app';

/**
 * Issue 27: 28 of 78 requests with a 10 MB body got a connection reset instead of 413. Over
 * real sockets, each route answers 413 in the JSON error shape, and the client reads it
 * whole, whether the body declares its length or comes chunked, uploads included.
 */
const TEN_MB = 10 * 1024 * 1024;

const BOUNDARY = '----robust';

/** 10 MB of JSON-looking text, or a multipart body whose one file is 10 MB. */
function bodyOf(kind: 'json' | 'multipart'): Buffer {
  if (kind === 'json') return Buffer.alloc(TEN_MB, 'a');
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`,
    ),
    Buffer.alloc(TEN_MB, 0x89),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** The answer, and whether the client got its whole body out (a reset fails the write). */
type Answer = { status: number; body: string; sentWhole: boolean };

function send(
  port: number,
  options: {
    method: string;
    path: string;
    headers: Record<string, string>;
    kind: 'json' | 'multipart';
    chunked?: boolean;
  },
): Promise<Answer> {
  const body = bodyOf(options.kind);
  const headers = options.chunked ? options.headers : { ...options.headers, 'content-length': String(body.length) };
  return new Promise((resolve, reject) => {
    let sentWhole = false;
    let answer: Omit<Answer, 'sentWhole'> | undefined;
    const settle = () => {
      if (answer && sentWhole) resolve({ ...answer, sentWhole });
    };
    const request = httpRequest(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          answer = { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() };
          settle();
        });
      },
    );
    request.on('finish', () => {
      sentWhole = true;
      settle();
    });
    // A reset while the body was going out: what a client that sends before reading reports.
    request.on('error', (error) => (answer ? resolve({ ...answer, sentWhole: false }) : reject(error)));
    // Sent in pieces, as a client on a network would, so the server answers while the body is still coming.
    let offset = 0;
    const piece = 256 * 1024;
    const next = (): void => {
      while (offset < body.length) {
        const ok = request.write(body.subarray(offset, offset + piece));
        offset += piece;
        if (!ok) {
          request.once('drain', next);
          return;
        }
      }
      request.end();
    };
    next();
  });
}

describe('a 10 MB body answers 413 over a real socket, never a reset', () => {
  let testApp: TestApp;
  let admin: Session;
  let port: number;
  let signedInHeaders: Record<string, string>;
  let expenseId: number;
  let ticketId: number;

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'silent' });
    admin = await signedIn(testApp.app, 'admin');
    const clientId = (await createClient(admin)).id;
    const expense = await admin.request({
      method: 'POST',
      url: '/expenses',
      payload: { client_id: clientId, expense_date: '2026-10-01', category: 'courier', amount_cents: 1000 },
    });
    expect(expense.statusCode, expense.body).toBe(201);
    expenseId = expense.json().id;
    const ticket = await admin.request({
      method: 'POST',
      url: '/support-tickets',
      payload: { subject: 'Big file', category: 'question', description: 'Attaching a large file' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    ticketId = ticket.json().id;
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    port = (testApp.app.server.address() as AddressInfo).port;
    const cookies = ['access_token_cookie', 'csrf_access_token']
      .map((name) => `${name}=${admin.cookie(name) ?? ''}`)
      .join('; ');
    signedInHeaders = { cookie: cookies, 'x-csrf-token': admin.csrfAccess ?? '' };
  });
  afterAll(async () => {
    testApp.app.server.closeAllConnections();
    await testApp.close();
  });

  const json = { 'content-type': 'application/json' };
  const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  const cases: [string, string, 'json' | 'multipart', 'public' | 'signed-in', Record<string, string>][] = [
    ['POST', '/login', 'json', 'public', json],
    ['POST', '/client-portal/session', 'json', 'public', json],
    ['POST', '/api/payments/webhooks/sandbox', 'json', 'public', json],
    ['PUT', '/api/user/preferences', 'json', 'signed-in', json],
    ['POST', '/clients', 'json', 'signed-in', json],
    ['POST', '/payments', 'json', 'signed-in', { ...json, 'idempotency-key': 'oversized' }],
    ['POST', '/api/activity-logs', 'json', 'signed-in', json],
    ['POST', '/api/organization/logo', 'multipart', 'signed-in', multipart],
  ];

  async function expect413(
    method: string,
    path: string,
    kind: 'json' | 'multipart',
    headers: Record<string, string>,
  ): Promise<void> {
    for (const chunked of [false, true]) {
      const answer = await send(port, { method, path, headers, kind, chunked });
      expect({ chunked, status: answer.status, sentWhole: answer.sentWhole }, answer.body).toEqual({
        chunked,
        status: 413,
        sentWhole: true,
      });
      expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
    }
  }

  it.each(cases)('%s %s (%s, %s)', async (method, path, kind, who, headers) => {
    await expect413(method, path, kind, who === 'signed-in' ? { ...headers, ...signedInHeaders } : headers);
  });

  it('on the receipt and attachment uploads', async () => {
    await expect413('POST', `/expenses/${expenseId}/receipt`, 'multipart', { ...multipart, ...signedInHeaders });
    await expect413('POST', `/support-tickets/${ticketId}/attachments`, 'multipart', {
      ...multipart,
      ...signedInHeaders,
    });
  });
});
