import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index';
import { Session, createTestApp, type TestApp } from '../../test/test-app';
import { SmtpCatcher } from '../../test/smtp-catcher';
import { codeIn, resetCodeOf, resetLinkIn } from '../../test/outbox';

describe('e-mail through a real SMTP server', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
    testApp = await createTestApp({ smtpUrl: smtp.url() });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.stop();
  });

  it('delivers the 2FA code right after the request, and that code signs the user in', async () => {
    const session = new Session(testApp.app);
    expect((await session.signIn('partner')).json().requires_2fa).toBe(true);
    const before = smtp.messages.length;
    await session.request({ url: '/login?action=request_2fa_code&username=partner' });
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail?.to).toEqual(['partner@demo-cpa.example']);
    expect(mail?.decoded).toContain('Subject: Your verification code');
    const done = await session.request({
      method: 'POST',
      url: '/login',
      payload: { '2fa_code': codeIn(mail?.decoded ?? '') },
      csrf: null,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().username).toBe('partner');
  });

  it('delivers a working reset link, and keeps no copy of it once sent', async () => {
    const before = smtp.messages.length;
    await new Session(testApp.app).request({
      method: 'POST',
      url: '/reset_password/send',
      payload: { email: 'nwstaff@northwind.example' },
    });
    const mails = await smtp.waitFor(before + 1);
    const link = resetLinkIn(mails[mails.length - 1]?.decoded ?? '');
    expect(link.startsWith('http://localhost:3000/reset_password/')).toBe(true);
    const reset = await new Session(testApp.app).request({
      method: 'POST',
      url: `/reset_password/${resetCodeOf(link)}`,
      payload: { password: 'Silver-birch-3' },
    });
    expect(reset.statusCode).toBe(200);
    const rows = await testApp.context.database.db
      .select({ status: mailOutbox.status, textBody: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'nwstaff@northwind.example'));
    expect(rows).toEqual([{ status: 'sent', textBody: null }]);
  });
});

describe('a mail server that is down', () => {
  it('does not break the request; the message waits for a retry', async () => {
    const gone = await new SmtpCatcher().start();
    await gone.stop();
    const testApp = await createTestApp({ smtpUrl: gone.url() });
    try {
      const response = await new Session(testApp.app).request({
        method: 'POST',
        url: '/reset_password/send',
        payload: { email: 'manager@demo-cpa.example' },
      });
      expect(response.statusCode).toBe(200);
      const { db } = testApp.context.database;
      const failedOnce = async () => {
        for (let wait = 0; wait < 50; wait += 1) {
          const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'manager@demo-cpa.example'));
          if (row?.lastError) return row;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the delivery attempt never failed');
      };
      const row = await failedOnce();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.textBody).toContain('/reset_password/');
    } finally {
      await testApp.close();
    }
  });
});
