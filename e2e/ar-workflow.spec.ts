import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { pdfText } from './support/pdf-text';
import { downloaded, issuedInvoice, type IssuedInvoice } from './support/receivables';
import { apiAs, daysBefore, firmToday, unique, uniqueCode } from './support/records';

test.use({ timezoneId: 'America/New_York' });

/** The invoice page's balance line and status. */
async function expectInvoice(page: Page, invoice: IssuedInvoice, balance: string, status: string) {
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByText(balance)).toBeVisible();
  await expect(page.locator('.invoice-status-line')).toContainText(status);
}

/** One client's journal on /ledger: each row's kind and running balance, and the totals. */
async function expectJournal(page: Page, clientId: number, rows: [string, string][], totals: string[]) {
  await page.goto(`/ledger?client_id=${clientId}`);
  const journal = page.getByRole('table', { name: 'AR journal' });
  await expect(journal.locator('tbody tr')).toHaveCount(rows.length);
  const body = journal.locator('tbody tr');
  for (const [index, [kind, balance]] of rows.entries()) {
    await expect(body.nth(index).locator('td').nth(1)).toHaveText(kind);
    await expect(body.nth(index).locator('td').nth(5)).toHaveText(balance);
  }
  await expect(journal.locator('tfoot td.num')).toHaveText(totals);
}

test.describe('AR workflow (issue 13)', () => {
  test('a payment recorded, moved and voided agrees to the cent on invoices, ledger, aging, billing, CSV and statement', async ({
    page,
    login,
  }) => {
    test.setTimeout(180_000);
    const today = firmToday();
    const yesterday = daysBefore(today, 1);
    const admin = await apiAs('admin');
    const name = unique('Harbor Optics');
    const token = name.split(' ').at(-1)!;
    const client = (await admin.post('/clients', {
      client_id: uniqueCode('ARW'),
      legal_name: name,
      entity_type: 'c_corp',
    })) as { id: number; client_id: string };
    // $300 due 60 days ago, $500 due 30 days ago, $200 issued today (billed this month).
    const oldest = await issuedInvoice(admin, client.id, 30_000, 90, 30);
    const middle = await issuedInvoice(admin, client.id, 50_000, 60, 30);
    const newest = await issuedInvoice(admin, client.id, 20_000, 0, 30);
    await admin.dispose();

    // $450 in the browser, oldest first: the $300 invoice paid, $150 of the $500 one.
    await login('billing');
    await page.goto(`/clients/${client.id}/payments`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    const form = page.getByRole('form', { name: 'Record a payment' });
    await form.getByLabel('Amount ($)').fill('450');
    await form.getByLabel('Method').selectOption('check');
    await form.getByLabel('Reference').fill('CHK 777');
    await form.getByRole('button', { name: 'Record payment of $450.00' }).click();
    await page
      .getByRole('dialog', { name: 'Record this payment?' })
      .getByRole('button', { name: 'Record payment of $450.00' })
      .click();
    await expect(page.getByRole('status')).toHaveText('Payment of $450.00 recorded: $450.00 applied, $0.00 unapplied.');

    await expectInvoice(page, oldest, 'Balance $0.00 of $300.00', 'Paid');
    await expectInvoice(page, middle, 'Balance $350.00 of $500.00', 'Partial');
    await expectInvoice(page, newest, 'Balance $200.00 of $200.00', 'Pending');
    await page.goto(`/clients/${client.id}`);
    const clientAging = page.getByRole('region', { name: 'AR balance and aging' });
    await expect(clientAging).toContainText('AR balance$550.00');

    // The journal: three debits, one credit of the whole payment, the running balance.
    await expectJournal(
      page,
      client.id,
      [
        ['Invoice', '$300.00'],
        ['Invoice', '$800.00'],
        ['Invoice', '$1,000.00'],
        ['Payment', '$550.00'],
      ],
      ['$1,000.00', '$450.00', '$550.00'],
    );
    await expect(page.getByLabel('Journal totals')).toContainText('Balance$550.00');

    // The aging agrees: $200 current, $350 1-30 days, $550 in all.
    await page.getByRole('button', { name: 'Aging' }).click();
    const agingRow = page.getByRole('table', { name: /AR aging/ }).getByRole('row', { name: new RegExp(name) });
    await expect(agingRow.getByRole('cell')).toHaveText([
      '$200.00',
      '$350.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$550.00',
    ]);

    // /billing this month: $200 billed, $450 collected, AR balance $550.
    await page.goto(`/billing?q=${token}`);
    const billingRow = page.getByRole('row').filter({ hasText: name });
    await expect(billingRow.getByRole('cell').last()).toHaveText('$550.00');
    await expect(billingRow.getByRole('cell')).toHaveText([
      client.client_id,
      name,
      '0.0',
      '$0.00',
      '$200.00',
      '$450.00',
      '$550.00',
    ]);

    // Move $200 from the oldest invoice to the newest and correct the date to yesterday: the
    // ledger reverses the old credit and writes the new one; no row is edited.
    await page.goto(`/clients/${client.id}/payments`);
    await page.getByRole('link', { name: /^Edit payment of \$450\.00/ }).click();
    const edit = page.getByRole('form', { name: 'Edit the payment' });
    await edit.getByLabel('Payment date').fill(yesterday);
    await edit.getByLabel(`Apply to ${oldest.number} ($)`).fill('100');
    await edit.getByLabel(`Apply to ${newest.number} ($)`).fill('200');
    await expect(edit.locator('.allocation-totals')).toContainText('Unapplied credit$0.00');
    await edit.getByRole('button', { name: 'Save payment' }).click();
    await expect(page.getByRole('status')).toHaveText('Payment saved: $450.00, $450.00 applied, $0.00 unapplied.');
    await expectInvoice(page, oldest, 'Balance $200.00 of $300.00', 'Partial');
    await expectInvoice(page, newest, 'Balance $0.00 of $200.00', 'Paid');
    // Oldest date first: the new credit of yesterday, then today's invoice, old credit and its reversal.
    await expectJournal(
      page,
      client.id,
      [
        ['Invoice', '$300.00'],
        ['Invoice', '$800.00'],
        ['Payment', '$350.00'],
        ['Invoice', '$550.00'],
        ['Payment', '$100.00'],
        ['Payment void', '$550.00'],
      ],
      ['$1,450.00', '$900.00', '$550.00'],
    );
    await page.getByRole('button', { name: 'Aging' }).click();
    await expect(agingRow.getByRole('cell')).toHaveText([
      '$0.00',
      '$350.00',
      '$200.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$550.00',
    ]);

    await page.goto(`/billing?q=${token}`);
    await expect(billingRow.getByRole('cell').last()).toHaveText('$550.00');

    // Void: the reversal of yesterday's credit; every invoice owes all of it again.
    await page.goto(`/clients/${client.id}/payments`);
    await page.getByRole('button', { name: /^Void payment of \$450\.00/ }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Void payment of $450.00' });
    await voidDialog.getByLabel('Reason').fill('Check returned unpaid');
    await voidDialog.getByRole('button', { name: 'Void payment' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'The payment of $450.00 is void; its applications were reversed.',
    );
    await expectInvoice(page, oldest, 'Balance $300.00 of $300.00', 'Pending');
    await expectInvoice(page, middle, 'Balance $500.00 of $500.00', 'Pending');
    await expectInvoice(page, newest, 'Balance $200.00 of $200.00', 'Pending');
    await expectJournal(
      page,
      client.id,
      [
        ['Invoice', '$300.00'],
        ['Invoice', '$800.00'],
        ['Payment', '$350.00'],
        ['Payment void', '$800.00'],
        ['Invoice', '$1,000.00'],
        ['Payment', '$550.00'],
        ['Payment void', '$1,000.00'],
      ],
      ['$1,900.00', '$900.00', '$1,000.00'],
    );

    // The journal as CSV, read back: the same seven rows, debits and credits.
    const csv = await downloaded(page, () =>
      page.getByRole('region', { name: 'Journal' }).getByRole('button', { name: 'Export CSV' }).click(),
    );
    const lines = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('date,client_id,client_name,kind,document,debit,credit,memo');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 7).join(','))).toEqual([
      `${daysBefore(today, 90)},${client.client_id},${name},invoice,${oldest.number},300.00,0.00`,
      `${daysBefore(today, 60)},${client.client_id},${name},invoice,${middle.number},500.00,0.00`,
      `${yesterday},${client.client_id},${name},payment,CHK 777,0.00,450.00`,
      `${yesterday},${client.client_id},${name},payment_void,CHK 777,450.00,0.00`,
      `${today},${client.client_id},${name},invoice,${newest.number},200.00,0.00`,
      `${today},${client.client_id},${name},payment,CHK 777,0.00,450.00`,
      `${today},${client.client_id},${name},payment_void,CHK 777,450.00,0.00`,
    ]);

    // The aging after the void, and the statement downloaded from it.
    await page.getByRole('button', { name: 'Aging' }).click();
    await expect(agingRow.getByRole('cell')).toHaveText([
      '$200.00',
      '$500.00',
      '$300.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$1,000.00',
    ]);
    const statement = await downloaded(page, () => page.getByRole('link', { name: 'Download statement' }).click());
    const text = pdfText(readFileSync(await statement.path()));
    expect(text).toContain(name);
    for (const invoice of [oldest, middle, newest]) expect(text).toContain(invoice.number);
    expect(text).toMatch(/Balance due\n\$1,000\.00/);

    // /billing: nothing collected any more, the whole $1,000 owed.
    await page.goto(`/billing?q=${token}`);
    await expect(billingRow.getByRole('cell').last()).toHaveText('$1,000.00');
    await expect(billingRow.getByRole('cell')).toHaveText([/.*/, /.*/, /.*/, /.*/, '$200.00', '$0.00', '$1,000.00']);
  });
});
