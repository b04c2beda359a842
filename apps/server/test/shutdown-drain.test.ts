import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { mailOutbox } from '../src/db/schema/index';
import { drainOnSignals } from '../src/shutdown';
import { SmtpCatcher } from './smtp-catcher';
import { createTestApp, Session, type TestApp } from './test-app';

/** Issue 19: SIGTERM drains (what server.ts runs on it), and mail waits out an SMTP server that is down. */
let testApp: TestApp | undefined;
const catchers: SmtpCatcher[] = [];
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  await Promise.all(catchers.splice(0).map((catcher) => catcher.stop()));
});

async function catcher(port = 0): Promise<SmtpCatcher> {
  const started = await new SmtpCatcher().start(port);
  catchers.push(started);
  return started;
}

type Answer = { status: number; body: string; connection: string | undefined };

/** POST /login over a real socket whose body is sent in two halves: `between` runs while it is in flight. */
function loginInTwoHalves(port: number, between: () => void): Promise<Answer> {
  const body = JSON.stringify({ username: 'staff', password: DEMO_PASSWORD });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            connection: response.headers.connection,
          }),
        );
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
    // The first half has reached the server (its socket is open and the request under way) before the drain starts.
    setTimeout(() => {
      between();
      setTimeout(() => request.end(body.slice(10)), 300);
    }, 300);
  });
}

async function outboxRowTo(app: TestApp, to: string) {
  const [row] = await app.context.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row;
}

describe('SIGTERM drain', () => {
  it('finishes the request in flight, refuses new ones and lets the mail worker finish its send', async () => {
    const smtp = await catcher();
    smtp.answerDelayMs = 1_500;
    testApp = await createTestApp({ smtpUrl: smtp.url() });
    const { app } = testApp;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    // A reset mail: the request queues it and kicks the worker, which is then talking to the slow SMTP server.
    const reset = await new Session(app).request({
      method: 'POST',
      url: '/reset_password/send',
      payload: { email: 'manager@demo-cpa.example' },
    });
    expect(reset.statusCode).toBe(200);
    const exits: number[] = [];
    const drain = drainOnSignals({
      closers: [() => app.close()],
      log: () => undefined,
      exit: (code) => exits.push(code),
      deadlineMs: 20_000,
      signals: [],
    });
    let drained: Promise<void> | undefined;
    const inFlight = loginInTwoHalves(port, () => {
      drained = drain();
      // A second signal joins the drain under way instead of starting another.
      expect(drain()).toBe(drained);
    });
    const answer = await inFlight;
    expect(answer.status, answer.body).toBe(200);
    // Its kept-alive socket is closed with it, or the drain would wait for the keep-alive timeout.
    expect(answer.connection).toBe('close');
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    await drained;
    expect(exits).toEqual([0]);
    // The send under way when the drain began was finished and recorded before the app closed.
    expect(smtp.messages.map((message) => message.to)).toEqual([['manager@demo-cpa.example']]);
    expect(await outboxRowTo(testApp, 'manager@demo-cpa.example')).toMatchObject({ status: 'sent' });
  }, 30_000);

  it('exits 1 when a step of the drain fails', async () => {
    const exits: number[] = [];
    const messages: string[] = [];
    const drain = drainOnSignals({
      closers: [() => Promise.reject(new Error('pool already ended'))],
      log: (message) => messages.push(message),
      exit: (code) => exits.push(code),
      deadlineMs: 20_000,
      signals: [],
    });
    await drain();
    expect(exits).toEqual([1]);
    expect(messages).toEqual(['shutdown failed: pool already ended']);
  });
});

describe('an SMTP server that is down', () => {
  it('keeps the mail in the outbox and sends it once the server is back', async () => {
    const gone = await catcher();
    const port = gone.port;
    await catchers.pop()!.stop();
    testApp = await createTestApp({ smtpUrl: gone.url() });
    const ask = (email: string) =>
      new Session(testApp!.app).request({ method: 'POST', url: '/reset_password/send', payload: { email } });
    expect((await ask('manager@demo-cpa.example')).statusCode).toBe(200);
    let row = await outboxRowTo(testApp, 'manager@demo-cpa.example');
    for (let wait = 0; wait < 100 && !row?.lastError; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await outboxRowTo(testApp, 'manager@demo-cpa.example');
    }
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    const back = await catcher(port);
    // The retry is due (its backoff cut short here); the next queued mail kicks the worker, which sends both.
    await testApp.context.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.toAddress, 'manager@demo-cpa.example'));
    expect((await ask('staff@demo-cpa.example')).statusCode).toBe(200);
    const arrived = await back.waitFor(2);
    expect(arrived.map((message) => message.to[0]).sort()).toEqual([
      'manager@demo-cpa.example',
      'staff@demo-cpa.example',
    ]);
    expect(await outboxRowTo(testApp, 'manager@demo-cpa.example')).toMatchObject({ status: 'sent', attempts: 2 });
  }, 30_000);
});
