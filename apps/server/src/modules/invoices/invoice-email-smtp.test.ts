import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { SmtpCatcher } from '../../../test/smtp-catcher';
import { createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, ownerRows } from '../../../test/work-records';

/** The MIME part after a header naming the PDF, base64 decoded. */
function attachedPdf(raw: string): Buffer {
  const match = /Content-Type: application\/pdf[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  if (!match?.[1]) throw new Error('no PDF part in the message');
  return Buffer.from(match[1].replace(/\s/g, ''), 'base64');
}

describe('an invoice e-mail through a real SMTP server', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
    testApp = await createTestApp({ smtpUrl: smtp.url(), publicUrl: 'http://{org}.practice.test' });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.stop();
  });

  it('arrives with a plain-text part, the portal link and code, and the PDF attached; the outbox keeps no copy', async () => {
    const admin = await signedIn(testApp.app, 'admin');
    const client = await createClient(admin, { invoice_email: 'payables@client.example' });
    const draft = await admin.request({
      method: 'POST',
      url: '/invoices',
      payload: { client_id: client.id, fixed_fees: [{ description: 'Advisory retainer', amount_cents: 123_456 }] },
    });
    const issued = await admin.request({ method: 'POST', url: `/invoices/${draft.json().id}/issue` });
    const invoice = issued.json() as { id: number; number: string; access_code: string; portal_url: string };
    const before = smtp.messages.length;
    expectStatus(await admin.request({ method: 'POST', url: `/invoices/${invoice.id}/email`, payload: {} }), 202);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[mails.length - 1]!;
    expect(mail.to).toEqual(['payables@client.example']);
    expect(mail.decoded).toContain(`Subject: Invoice ${invoice.number} from Demo CPA`);
    expect(mail.decoded).toContain('Content-Type: text/plain');
    expect(mail.decoded).toContain(invoice.portal_url);
    expect(mail.decoded).toContain(`Access code: ${invoice.access_code}`);
    const text = pdfText(attachedPdf(mail.raw));
    expect(text).toContain(`INVOICE ${invoice.number}`);
    expect(text).toContain('$1,234.56');
    // The worker marks the row sent just after the server took the message.
    const settled = async () =>
      ownerRows<{ status: string; attachments: unknown; text_body: string | null }>(
        testApp,
        sql`select status, attachments, text_body from mail_outbox where to_address = 'payables@client.example'`,
      );
    let rows = await settled();
    for (let tries = 0; tries < 50 && rows[0]?.status !== 'sent'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await settled();
    }
    expect(rows).toEqual([{ status: 'sent', attachments: null, text_body: null }]);
  });
});
