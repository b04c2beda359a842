import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import { withTenant, type Database } from '../db/client';
import { mailOutbox, organizations } from '../db/schema/index';
import { openTestDatabase } from '../../test/database-template';
import { SmtpCatcher } from '../../test/smtp-catcher';
import { testConfig } from '../../test/test-app';
import { MAX_ATTEMPTS, createMailDelivery } from './delivery';
import { enqueueMail } from './outbox';
import { createMailTransport } from './transport';

const log = pino({ level: 'silent' });
let database: Database;
let dispose: () => Promise<void>;
let organizationId: number;
const catchers: SmtpCatcher[] = [];

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase(inject('PRACTICE_TEST_TEMPLATE')));
  const [demo] = await database.db.select().from(organizations).where(eq(organizations.subdomain, 'demo'));
  organizationId = demo!.id;
});
afterAll(() => dispose());
afterEach(async () => {
  await Promise.all(catchers.splice(0).map((catcher) => catcher.stop()));
});

async function catcher(options: { starttls?: boolean } = {}) {
  const started = await new SmtpCatcher(options).start();
  catchers.push(started);
  return started;
}

function deliveryTo(smtpUrl: string | undefined, appEnv: 'test' | 'production' = 'test') {
  const transport = createMailTransport(testConfig({ smtpUrl, appEnv }), log);
  return createMailDelivery(database, transport, log, { pollMs: 3_600_000 });
}

async function queue(to: string) {
  await withTenant(database.db, organizationId, (tx) =>
    enqueueMail(tx, organizationId, { to, subject: 'Hello', text: 'Plain words', html: '<p>Plain words</p>' }),
  );
}

async function rowTo(to: string) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row!;
}

describe('mail delivery', () => {
  it('sends over SMTP with text and HTML parts and forgets the bodies once sent', async () => {
    const smtp = await catcher();
    const delivery = deliveryTo(smtp.url());
    await queue('one@example.com');
    expect(await delivery.deliverDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['one@example.com']);
    expect(mail?.from).toBe('no-reply@localhost');
    expect(mail?.raw).toMatch(/multipart\/alternative/);
    expect(mail?.raw).toMatch(/text\/plain/);
    expect(mail?.raw).toMatch(/text\/html/);
    const row = await rowTo('one@example.com');
    expect(row).toMatchObject({ status: 'sent', textBody: null, htmlBody: null, attempts: 1 });
    expect(row.sentAt).not.toBeNull();
    await delivery.stop();
  });

  it('upgrades to TLS with STARTTLS when the server offers it', async () => {
    const smtp = await catcher({ starttls: true });
    const delivery = deliveryTo(smtp.url('?tls.rejectUnauthorized=false'));
    await queue('tls@example.com');
    await delivery.deliverDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.overTls).toBe(true);
    await delivery.stop();
  });

  it('retries a refused message later with backoff, then sends it', async () => {
    const smtp = await catcher();
    smtp.refuseNext = 1;
    const delivery = deliveryTo(smtp.url());
    await queue('retry@example.com');
    await delivery.deliverDue();
    let row = await rowTo('retry@example.com');
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await delivery.deliverDue()).toBe(0);
    await database.db.execute(
      sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where to_address = 'retry@example.com'`,
    );
    expect(await delivery.deliverDue()).toBe(1);
    row = await rowTo('retry@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.messages).toHaveLength(1);
    await delivery.stop();
  });

  it(`gives up after ${MAX_ATTEMPTS} tries`, async () => {
    const smtp = await catcher();
    smtp.refuseNext = 1;
    const delivery = deliveryTo(smtp.url());
    await queue('doomed@example.com');
    await database.db.execute(
      sql`update mail_outbox set attempts = ${MAX_ATTEMPTS - 1} where to_address = 'doomed@example.com'`,
    );
    await delivery.deliverDue();
    expect((await rowTo('doomed@example.com')).status).toBe('failed');
    await delivery.stop();
  });

  it('keeps a message in the development outbox when no SMTP server is configured', async () => {
    const delivery = deliveryTo(undefined);
    await queue('outbox@example.com');
    await delivery.deliverDue();
    expect(await rowTo('outbox@example.com')).toMatchObject({ status: 'logged', textBody: 'Plain words' });
    await delivery.stop();
  });

  it('lets two workers share the queue without sending anything twice', async () => {
    const smtp = await catcher();
    const first = deliveryTo(smtp.url());
    const second = deliveryTo(smtp.url());
    for (let index = 0; index < 6; index += 1) await queue(`shared${index}@example.com`);
    const handled = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(handled[0] + handled[1]).toBe(6);
    await smtp.waitFor(6);
    expect(new Set(smtp.messages.map((mail) => mail.to[0])).size).toBe(6);
    await Promise.all([first.stop(), second.stop()]);
  });
});
