import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { pdfText } from './support/pdf-text';
import { downloaded, issuedInvoice, rowOf } from './support/receivables';
import { apiAs, firmToday, unique, uniqueCode, type Api } from './support/records';

test.use({ timezoneId: 'America/New_York' });

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type PaymentBody = { id: number; amount_cents: number };

/** A client of the firm, with a billing address in Springfield. */
async function newClient(admin: Api, prefix: string) {
  const name = unique(prefix);
  const client = (await admin.post('/clients', {
    client_id: uniqueCode('IMP'),
    legal_name: name,
    entity_type: 'c_corp',
    address_line1: '12 Elm Street',
    city: 'Springfield',
    region: 'IL',
    postal_code: '62701',
  })) as { id: number };
  return { id: client.id, name };
}

async function paymentsOf(api: Api, clientId: number): Promise<PaymentBody[]> {
  return ((await api.get(`/payments?client_id=${clientId}`)) as { items: PaymentBody[] }).items;
}

/** The invoice page's status line: the badge's word and "Balance $x of $y". */
const statusLine = (page: Page) => page.locator('.invoice-status-line');

test.describe('invoice money pages (issue 27)', () => {
  test('Invoices follows Billing in the sidebar for whoever may see invoices, on a desktop and a phone', async ({
    page,
    login,
  }) => {
    await login('billing');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const labels = await navigation.locator('.nav-label').allTextContents();
    expect(labels.slice(labels.indexOf('Billing'), labels.indexOf('Billing') + 2)).toEqual(['Billing', 'Invoices']);
    await navigation.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await navigation.getByRole('link', { name: 'Invoices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  });

  test('staff, who may not see invoices, has no Invoices item', async ({ page, login }) => {
    await login('staff');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Clients' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  });

  for (const size of WIDTHS) {
    test(`a biller records a payment from the invoice page, confirmed before it posts (${size.name})`, async ({
      page,
      login,
    }) => {
      test.setTimeout(120_000);
      const admin = await apiAs('admin');
      const client = await newClient(admin, 'Harbor Freight Co');
      const first = await issuedInvoice(admin, client.id, 132_938, 60, 30);
      const second = await issuedInvoice(admin, client.id, 20_000, 10, 30);
      await page.setViewportSize({ width: size.width, height: size.height });
      await login('billing');

      await page.goto(`/invoices/${first.id}`);
      await expect(statusLine(page)).toContainText('Balance $1,329.38 of $1,329.38');
      const history = page.getByRole('region', { name: 'Payment history' });
      await expect(history).toContainText('No payments or credits yet');
      await page.getByRole('link', { name: 'Record payment' }).click();

      // The client's payment form, with this invoice chosen and its balance as the amount.
      await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/payments\\?pay=${first.id}$`));
      const form = page.getByRole('form', { name: 'Record a payment' });
      await expect(form.getByLabel('Amount ($)')).toHaveValue('1329.38');
      await expect(form.getByRole('radio', { name: `${first.number} first` })).toBeChecked();
      const applications = form.getByRole('table', { name: 'Open invoices and what this payment applies to each' });
      // On a phone each cell carries its column's name ("Remaining $0.00").
      const firstRow = applications.getByRole('row', { name: new RegExp(`\\b${first.number}\\b`) });
      await expect(firstRow).toContainText(/\$1,329\.38\s*(Remaining\s*)?\$0\.00/);

      // More than the invoice owes: the rest goes to the other open invoice, said before posting.
      await form.getByLabel('Amount ($)').fill('1500');
      await form.getByLabel('Reference').fill('CHK 2044');
      await form.getByRole('button', { name: 'Record payment of $1,500.00' }).click();
      const confirm = page.getByRole('dialog', { name: 'Record this payment?' });
      await expect(confirm).toContainText(`$1,500.00 from ${client.name}, Check CHK 2044`);
      await expect(confirm).toContainText(`Pays $1,329.38 on ${first.number}, paying it in full`);
      await expect(confirm).toContainText(`Pays $170.62 on ${second.number}, leaving $29.38 owing`);
      await expectNoAxeViolations(page, `confirm a payment (${size.name})`);
      await confirm.getByRole('button', { name: 'Back' }).click();
      await expect(confirm).toHaveCount(0);
      expect(await paymentsOf(admin, client.id)).toHaveLength(0);

      // $1,000 on this invoice alone, confirmed.
      await form.getByLabel('Amount ($)').fill('1000');
      await form.getByRole('button', { name: 'Record payment of $1,000.00' }).click();
      await expect(confirm).toContainText(`Pays $1,000.00 on ${first.number}, leaving $329.38 owing`);
      await expect(confirm).not.toContainText(second.number);
      await confirm.getByRole('button', { name: 'Record payment of $1,000.00' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Payment of $1,000.00 recorded: $1,000.00 applied, $0.00 unapplied.',
      );
      await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/payments$`));
      const [payment] = await paymentsOf(admin, client.id);
      expect(payment!.amount_cents).toBe(100_000);

      await page.goto(`/invoices/${first.id}`);
      await expect(statusLine(page)).toContainText('Partial');
      await expect(statusLine(page)).toContainText('Balance $329.38 of $1,329.38');
      await expect(history.getByRole('row', { name: /Check CHK 2044/ })).toContainText('$1,000.00');
      await expect(history).toContainText('Paid and credited of $1,329.38$1,000.00');
      await expectNoAxeViolations(page, `invoice page with its payment history (${size.name})`);
      await admin.dispose();
    });
  }

  test('a payment whose invoice was paid meanwhile is refused in the form, and nothing more is posted', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const client = await newClient(admin, 'Quarry Stoneworks');
    const invoice = await issuedInvoice(admin, client.id, 30_000, 5, 30);
    await login('billing');
    await page.goto(`/invoices/${invoice.id}`);
    await page.getByRole('link', { name: 'Record payment' }).click();
    const form = page.getByRole('form', { name: 'Record a payment' });
    await form.getByRole('button', { name: 'Record payment of $300.00' }).click();
    const confirm = page.getByRole('dialog', { name: 'Record this payment?' });
    await expect(confirm).toContainText(`Pays $300.00 on ${invoice.number}, paying it in full`);

    // Someone else records the same check while the biller reads the confirmation.
    await admin.post('/payments', {
      client_id: client.id,
      payment_date: firmToday(),
      amount_cents: 30_000,
      method: 'check',
      applications: [{ invoice_id: invoice.id, amount_cents: 30_000 }],
    });
    await confirm.getByRole('button', { name: 'Record payment of $300.00' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveText(
      `The amount applied to ${invoice.number} is more than its balance of $0.00`,
    );
    expect(await paymentsOf(admin, client.id)).toHaveLength(1);
    await admin.dispose();
  });

  for (const size of WIDTHS) {
    test(`voiding asks first and leaves a balance of $0.00 on the page and in the lists (${size.name})`, async ({
      page,
      login,
    }) => {
      const admin = await apiAs('admin');
      const client = await newClient(admin, 'Maple Leaf Bakery');
      const invoice = await issuedInvoice(admin, client.id, 132_938, 20, 30);
      await page.setViewportSize({ width: size.width, height: size.height });
      await login('billing');
      await page.goto(`/invoices/${invoice.id}`);
      await page.getByRole('button', { name: 'Void', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Void invoice ${invoice.number}` });
      await dialog.getByLabel('Reason').fill('Billed the wrong client');
      await dialog.getByRole('button', { name: 'Void invoice' }).click();
      await expect(statusLine(page)).toContainText('Void');
      await expect(statusLine(page)).toContainText('Balance $0.00 of $1,329.38');
      await expect(page.getByRole('link', { name: 'Record payment' })).toHaveCount(0);

      await page.goto(`/invoices?client_id=${client.id}`);
      const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: rowOf(invoice) });
      await expect(row).toContainText('Void');
      await expect(row).toContainText('$0.00');
      await expect(row).not.toContainText('$1,329.38$1,329.38');
      await page.goto(`/clients/${client.id}`);
      await expect(
        page.getByRole('table', { name: 'Invoices of this client' }).getByRole('row', { name: rowOf(invoice) }),
      ).toContainText('Void$0.00');
      await admin.dispose();
    });
  }

  test('a credit memo reads Credited, with the credit in the payment history; read-only sees it but records nothing', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const client = await newClient(admin, 'Birch Lane Dental');
    const invoice = await issuedInvoice(admin, client.id, 50_000, 15, 30);
    await login('billing');
    await page.goto(`/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Credit memo' }).click();
    const dialog = page.getByRole('dialog', { name: `Credit memo ${invoice.number}` });
    await dialog.getByLabel('Amount ($)').fill('600');
    await dialog.getByLabel('Reason').fill('Loyalty discount');
    await dialog.getByRole('button', { name: 'Credit memo' }).click();
    await expect(dialog.getByText('The amount is more than the balance of $500.00')).toBeVisible();
    await dialog.getByLabel('Amount ($)').fill('100');
    await dialog.getByRole('button', { name: 'Credit memo' }).click();
    await expect(statusLine(page)).toContainText('Credited');
    await expect(statusLine(page)).not.toContainText('Partial');
    await expect(statusLine(page)).toContainText('Balance $400.00 of $500.00');
    const history = page.getByRole('region', { name: 'Payment history' });
    await expect(history.getByRole('row', { name: /Credit memo: Loyalty discount/ })).toContainText('$100.00');
    await page.goto(`/invoices?client_id=${client.id}`);
    await expect(
      page.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: rowOf(invoice) }),
    ).toContainText('Credited');

    await page.context().clearCookies();
    await login('readonly');
    await page.goto(`/invoices/${invoice.id}`);
    await expect(statusLine(page)).toContainText('Credited');
    await expect(page.getByRole('region', { name: 'Payment history' })).toContainText('Loyalty discount');
    await expect(page.getByRole('link', { name: 'Record payment' })).toHaveCount(0);
    await admin.dispose();
  });

  test('an invoice issued from its preview shows the firm header at once, and its PDF reads in order', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const client = await newClient(admin, 'Cedar Ridge Farms');
    const draft = (await admin.post('/invoices', {
      client_id: client.id,
      fixed_fees: [{ description: 'Quarterly payroll filings', amount_cents: 45_000 }],
      narrative: 'Payroll filings for the third quarter, as agreed.',
    })) as { id: number };
    await login('billing');
    await page.goto(`/invoices/preview?id=${draft.id}`);
    await page.getByRole('button', { name: 'Issue invoice' }).click();
    const issue = page.getByRole('dialog', { name: 'Issue this invoice?' });
    await issue.getByRole('button', { name: /^Issue as / }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${draft.id}$`));
    const document = page.locator('article.invoice-document');
    await expect(document.getByRole('heading', { name: 'Demo CPA' })).toBeVisible();
    await expect(document).toContainText('100 Main Street');

    const pdf = await downloaded(page, () => page.getByRole('link', { name: 'Download PDF' }).click());
    const text = pdfText(readFileSync(await pdf.path()));
    expect(text).toContain('Springfield, IL 62701');
    const narrative = text.indexOf('Payroll filings for the third quarter');
    expect(narrative).toBeGreaterThan(text.indexOf(client.name));
    expect(narrative).toBeLessThan(text.indexOf('Quarterly payroll filings'));
    expect(narrative).toBeLessThan(text.indexOf('Subtotal'));
    await admin.dispose();
  });
});
