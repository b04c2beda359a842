import { readFileSync } from 'node:fs';
import { formatMoney } from '@practice/shared';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { mailTo, nextMailTo, type ReceivedMail } from './support/mail';
import { pdfText } from './support/pdf-text';
import { downloaded } from './support/receivables';
import { apiAs, daysBefore, firmToday, unique, uniqueCode, type Api } from './support/records';

test.use({ timezoneId: 'America/New_York' });

type Created = { id: number; number?: string };

async function issue(admin: Api, clientId: number, cents: number, issueDate: string, dueDate: string) {
  const draft = (await admin.post('/invoices', {
    client_id: clientId,
    issue_date: issueDate,
    due_date: dueDate,
    fixed_fees: [{ description: 'Monthly bookkeeping — Zoë', amount_cents: cents }],
  })) as Created;
  return (await admin.post(`/invoices/${draft.id}/issue`)) as Created;
}

/** The base64 body of the message's PDF part, decoded. */
function attachedPdf(mail: ReceivedMail): Buffer {
  const part = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(mail.text);
  if (!part) throw new Error(`no PDF attached to "${mail.subject}"`);
  return Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64');
}

test.describe('AR ledger', () => {
  test('a biller reads the journal and the aging of a client, exports both, downloads and e-mails the statement', async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    const today = firmToday();
    const admin = await apiAs('admin');
    const clientName = unique('Zoë Łukasz 東京 €');
    const invoiceEmail = `${uniqueCode('ar').toLowerCase()}@zoe-trading.example`;
    const client = (await admin.post('/clients', {
      client_id: uniqueCode('LED'),
      legal_name: clientName,
      entity_type: 'c_corp',
      invoice_email: invoiceEmail,
    })) as Created & { client_id: string };
    // $1,000 due 40 days ago, $500 due in 20 days; $300 paid 5 days ago goes to the older one.
    const older = await issue(admin, client.id, 100_000, daysBefore(today, 70), daysBefore(today, 40));
    await issue(admin, client.id, 50_000, daysBefore(today, 10), daysBefore(today, -20));
    await admin.post('/payments', {
      client_id: client.id,
      payment_date: daysBefore(today, 5),
      amount_cents: 30_000,
      method: 'check',
      reference: 'CHK-4242',
    });
    await admin.dispose();

    await login('billing');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'AR Ledger' }).click();
    await expect(page).toHaveURL(/\/ledger$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AR Ledger' })).toBeVisible();

    // One client: its rows, its running balance and the totals.
    await page.getByRole('combobox', { name: 'Client' }).fill(clientName);
    await page.getByRole('option', { name: new RegExp(client.client_id) }).click();
    await expect(page).toHaveURL(new RegExp(`client_id=${client.id}`));
    const journal = page.getByRole('table', { name: 'AR journal' });
    await expect(journal.locator('tbody tr')).toHaveCount(3);
    await expect(journal.locator('tbody tr').last()).toContainText('CHK-4242');
    await expect(journal.locator('tbody tr').last().locator('td').nth(5)).toHaveText('$1,200.00');
    await expect(journal.locator('tfoot')).toContainText('$1,500.00');
    await expect(journal.locator('tfoot')).toContainText('$300.00');
    await expect(page.getByLabel('Journal totals')).toContainText('Balance$1,200.00');
    await expectNoAxeViolations(page, '/ledger');

    // The journal as CSV, read back.
    const journalCsv = await downloaded(page, () =>
      page.getByRole('region', { name: 'Journal' }).getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(journalCsv.suggestedFilename()).toBe('ar-ledger.csv');
    const journalLines = readFileSync(await journalCsv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(journalLines[0]).toBe('date,client_id,client_name,kind,document,debit,credit,memo');
    expect(journalLines.slice(1).map((line) => line.split(',').slice(3, 7).join(','))).toEqual([
      expect.stringMatching(/^invoice,[^,]+,1000\.00,0\.00$/),
      expect.stringMatching(/^invoice,[^,]+,500\.00,0\.00$/),
      'payment,CHK-4242,0.00,300.00',
    ]);

    // The aging agrees with the running balance; a past date ages only what was dated by then.
    await page.getByRole('button', { name: 'Aging' }).click();
    const agingRow = page.getByRole('table', { name: /AR aging/ }).getByRole('row', { name: new RegExp(clientName) });
    const cells = agingRow.getByRole('cell');
    await expect(cells).toHaveText(['$500.00', '$0.00', '$700.00', '$0.00', '$0.00', '$0.00', '$1,200.00']);
    await expect(page.getByLabel('As of')).toHaveValue(today);
    await page.getByLabel('As of').fill(daysBefore(today, 50));
    await expect(page).toHaveURL(new RegExp(`as_of=${daysBefore(today, 50)}`));
    await expect(cells).toHaveText(['$1,000.00', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$1,000.00']);

    const agingCsv = await downloaded(page, () =>
      page.getByRole('region', { name: 'Aging' }).getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(agingCsv.suggestedFilename()).toBe('ar-aging.csv');
    const agingLines = readFileSync(await agingCsv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(agingLines[0]).toBe(
      'client_id,client_name,current,days_1_30,days_31_60,days_61_90,days_over_90,unapplied,balance',
    );
    expect(agingLines).toContain(`${client.client_id},${clientName},1000.00,0.00,0.00,0.00,0.00,0.00,1000.00`);
    expect(agingLines.at(-1)).toMatch(new RegExp(`^TOTAL,All clients as of ${daysBefore(today, 50)},`));

    // The statement as of the aging's date, its text read back.
    const statement = await downloaded(page, () => page.getByRole('link', { name: 'Download statement' }).click());
    const text = pdfText(readFileSync(await statement.path()));
    expect(text).toContain(clientName);
    expect(text).toContain(older.number!);
    expect(text).toMatch(/Balance due\n\$1,000\.00/);

    // E-mailed to the client's invoice e-mail, read from the test's SMTP server with the PDF.
    const before = mailTo(invoiceEmail).length;
    await page.getByRole('button', { name: 'E-mail statement' }).click();
    const dialog = page.getByRole('dialog', { name: `E-mail statement to ${clientName}` });
    await expect(dialog.getByLabel('To')).toHaveValue(invoiceEmail);
    await dialog.getByLabel('To').fill('not an address');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Each recipient must be a valid e-mail address')).toBeVisible();
    await dialog.getByLabel('To').fill(invoiceEmail);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: `e-mailed to ${invoiceEmail}.` })).toBeVisible();
    const mail = await nextMailTo(invoiceEmail, before);
    expect(mail.subject).toContain('Statement from');
    const attached = pdfText(attachedPdf(mail));
    expect(attached).toContain(clientName);
    expect(attached).toMatch(/Balance due\n\$1,000\.00/);

    // Rows open their document.
    await page.getByRole('button', { name: 'Journal' }).click();
    await journal.getByRole('link', { name: older.number! }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${older.id}$`));
  });

  test('the dashboard quick action opens the ledger, whose view is kept in the URL', async ({ page, login }) => {
    await login('billing');
    await page.getByRole('link', { name: /Accounts Receivable/ }).click();
    await expect(page).toHaveURL(/\/ledger$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AR Ledger' })).toBeVisible();
    await page.getByRole('button', { name: 'Aging' }).click();
    await expect(page).toHaveURL(/view=aging/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Aging' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the aging pages through the clients with a balance, the firm totals counting every one', async ({
    page,
    login,
  }) => {
    test.setTimeout(180_000);
    const today = firmToday();
    const admin = await apiAs('admin');
    // Rita Reader is no demo client's partner and no other spec's: her clients are this test's.
    const partner = ((await admin.get('/users/options?q=Rita')) as { items: { id: number; name: string }[] }).items[0]!;
    const token = unique('Aging').split(' ')[1]!;
    for (let index = 1; index <= 51; index += 1) {
      const client = (await admin.post('/clients', {
        client_id: uniqueCode('AGE'),
        legal_name: `Aging ${token} ${String(index).padStart(2, '0')}`,
        entity_type: 'c_corp',
        responsible_partner_id: partner.id,
      })) as Created;
      await issue(admin, client.id, 1_000, today, today);
    }
    type AgingAnswer = { total: number; totals: { current_cents: number; balance_cents: number } };
    const firm = (await admin.get(`/ledger/aging?partner_id=${partner.id}&page_size=1`)) as AgingAnswer;
    await admin.dispose();
    expect(firm.total).toBeGreaterThanOrEqual(51);
    const firmBalance = formatMoney(firm.totals.balance_cents, { decimals: true });

    await login('billing');
    await page.goto(`/ledger?view=aging&partner_id=${partner.id}`);
    const aging = page.getByRole('region', { name: 'Aging' });
    const table = aging.getByRole('table', { name: /AR aging/ });
    await expect(aging.getByRole('combobox', { name: 'Responsible partner' })).toHaveValue(partner.name);
    await expect(table.locator('tbody tr')).toHaveCount(50);
    await expect(aging.getByRole('navigation', { name: 'Pagination' })).toContainText(`1–50 of ${firm.total} clients`);
    // The footer holds every client's totals, not the sum of the page.
    const footer = table.locator('tfoot tr');
    await expect(footer.getByRole('rowheader')).toHaveText(`All ${firm.total} clients`);
    await expect(footer.getByRole('cell').last()).toHaveText(firmBalance);

    await aging.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`partner_id=${partner.id}.*page=2|page=2.*partner_id=${partner.id}`));
    await expect(table.locator('tbody tr')).toHaveCount(firm.total - 50);
    await expect(aging.getByRole('navigation', { name: 'Pagination' })).toContainText(
      `51–${firm.total} of ${firm.total} clients`,
    );
    await expect(footer.getByRole('cell').last()).toHaveText(firmBalance);
    await page.reload();
    await expect(table.locator('tbody tr')).toHaveCount(firm.total - 50);
    await expect(aging.getByText('Page 2 of 2')).toBeVisible();

    // A new date starts again at page 1; a date before the invoices shows none of them.
    await page.getByLabel('As of').fill(daysBefore(today, 1));
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.getByRole('row', { name: new RegExp(`Aging ${token}`) })).toHaveCount(0);
  });

  test('a user without can_view_ar_ledger gets /access-denied', async ({ page, login }) => {
    await login('staff');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'AR Ledger' }),
    ).toHaveCount(0);
    await page.goto('/ledger');
    await expect(page).toHaveURL(/\/access-denied$/);
  });
});
