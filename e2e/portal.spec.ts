import type { Browser, Locator, Page } from '@playwright/test';
import { PORTAL_ADMIN } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD } from './support/demo';
import { expect, test } from './support/fixtures';
import { canvasImage, naturalWidth } from './support/images';
import { mailTo, nextMailTo } from './support/mail';
import { apiAs, firmToday, uniqueCode, unique, type Api } from './support/records';
import { expectDashboard, submitPassword } from './support/sign-in';

type Issued = { id: number; number: string; access_code: string };

/**
 * The "E2E Portal" firm's colours, as the portal must paint them: the primary on the header's
 * rule, and the buttons in its hover shade (SPEC 9: 20 less per channel).
 */
const BRAND = { primary: '#0b6e4f', secondary: '#6b3fa0', primaryRgb: 'rgb(11, 110, 79)', buttonRgb: 'rgb(0, 90, 59)' };
const LOGO_SIZE = { width: 120, height: 40 };

/** Gives the portal spec's own firm its colours and a JPEG logo the browser encodes. */
async function brandFirm(admin: Api, browser: Browser) {
  const settings = (await admin.get('/api/organization/settings')) as Record<string, unknown>;
  await admin.put('/api/organization/settings', {
    ...settings,
    primary_color: BRAND.primary,
    secondary_color: BRAND.secondary,
  });
  const canvasPage = await browser.newPage();
  const logo = await canvasImage(canvasPage, 'image/jpeg', LOGO_SIZE, BRAND.secondary);
  await canvasPage.context().close();
  await admin.upload('/api/organization/logo', { name: 'logo.jpg', mimeType: 'image/jpeg', buffer: logo });
}

/** A client with an invoice e-mail, and a draft invoice of one fixed fee. */
async function draftInvoice(admin: Api, amountCents: number) {
  const email = `${uniqueCode('ap').toLowerCase()}@portal-client.example`;
  const clientName = unique('Portal <b>Bakery</b>');
  const client = (await admin.post('/clients', {
    client_id: uniqueCode('E2E'),
    legal_name: clientName,
    entity_type: 'c_corp',
    invoice_email: email,
  })) as { id: number };
  const draft = (await admin.post('/invoices', {
    client_id: client.id,
    fixed_fees: [{ description: 'Annual accounts <script>alert(1)</script>', amount_cents: amountCents }],
  })) as { id: number };
  return { clientId: client.id, clientName, email, draftId: draft.id };
}

/** The same, issued through the API. */
async function issuedInvoice(admin: Api, amountCents: number) {
  const { draftId, ...drafted } = await draftInvoice(admin, amountCents);
  return { ...drafted, invoice: (await admin.post(`/invoices/${draftId}/issue`)) as Issued };
}

/**
 * A refused value belongs to its field (UI.md, Forms): the field is marked invalid, described by
 * the message under it, and takes focus so that a screen reader reads them together; no alert on top.
 */
async function expectFieldRefused(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field).toBeFocused();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/** The client's phone: a fresh browser with no staff session, 360 px wide. */
async function clientPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  return context.newPage();
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** On the sandbox's own card page (served by the provider, not the portal). */
async function payOnSandbox(page: Page, card: string, amount: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pay Invoice /);
  await expect(page.getByText('Sandbox: no real card is charged')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'the sandbox card page');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Pat Client');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** Tabs forward until `target` has the focus (keyboard only), at most `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 15) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`never reached ${String(target)} by Tab`);
}

test.describe('client portal', () => {
  test('the firm issues and e-mails an invoice; its client opens the link, is declined once, pays part then the rest by keyboard at 360 px, and is receipted', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const admin = await apiAs(PORTAL_ADMIN.username);
    await brandFirm(admin, browser);
    const { clientId, clientName, email, draftId } = await draftInvoice(admin, 30_000);

    // The firm issues the invoice and e-mails it from its own pages.
    const firm = await browser.newPage();
    await submitPassword(firm, PORTAL_ADMIN.username, DEMO_PASSWORD);
    await expectDashboard(firm, PORTAL_ADMIN.firstName);
    await firm.goto(`/invoices/preview?id=${draftId}`);
    await firm.getByRole('button', { name: 'Issue invoice' }).click();
    await firm
      .getByRole('dialog', { name: 'Issue this invoice?' })
      .getByRole('button', { name: /^Issue as / })
      .click();
    await expect(firm).toHaveURL(new RegExp(`/invoices/${draftId}$`));
    const invoice = (await admin.get(`/invoices/${draftId}`)) as Issued;
    await expect(firm.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number}`);
    const before = mailTo(email).length;
    await firm.getByRole('button', { name: 'E-mail to client' }).click();
    const emailDialog = firm.getByRole('dialog', { name: new RegExp(`E-mail invoice ${invoice.number}`) });
    await expect(emailDialog.getByLabel('To')).toHaveValue(email);
    await emailDialog.getByRole('button', { name: 'Send' }).click();
    await expect(firm.getByRole('status').filter({ hasText: `Invoice e-mailed to ${email}.` })).toBeVisible();
    const invoiceMail = await nextMailTo(email, before);
    const link = /(https?:\/\/\S+\/client-portal\/[A-Z2-9]{12})/.exec(invoiceMail.text)?.[1];
    expect(link, 'the portal link in the invoice e-mail').toBeTruthy();

    const page = await clientPhone(browser);
    await page.goto(link!);
    await expect(page).toHaveURL(/\/client-portal\/invoice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Open`);
    await expect(page.getByText('$300.00').first()).toBeVisible();
    // Markup typed into fields shows as text.
    await expect(page.getByText('Annual accounts <script>alert(1)</script>')).toBeVisible();
    await expect(page.getByText(/Portal <b>Bakery<\/b>/)).toBeVisible();
    // The access code does not stay in the address or the history.
    expect(page.url()).not.toContain(invoice.access_code);
    // The firm's logo and colours, as its settings give them.
    const header = page.locator('.portal-header');
    await expect(header.getByRole('img', { name: `${PORTAL_ADMIN.firm} logo` })).toBeVisible();
    await expect.poll(() => naturalWidth(page, '.portal-header img')).toBe(LOGO_SIZE.width);
    await expect(header.getByText(PORTAL_ADMIN.firm, { exact: true })).toBeVisible();
    expect(await header.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(BRAND.primaryRgb);
    const payLink = page.getByRole('link', { name: 'Pay', exact: true });
    expect(await payLink.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(BRAND.buttonRgb);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, '/client-portal/invoice');

    // The PDF downloads through the portal session.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toBe(`invoice-${invoice.number}.pdf`);

    // Keyboard only: Pay, part of the balance, $100.
    await tabTo(page, page.getByRole('link', { name: 'Pay', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/client-portal\/payment$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay invoice ${invoice.number}`);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, '/client-portal/payment');
    await tabTo(page, page.getByLabel(/The whole balance/));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Part of it')).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Amount to pay ($)')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');

    // The declined card: its error, and nothing recorded.
    await payOnSandbox(page, '4000 0000 0000 0002', '$100.00');
    await expect(page).toHaveURL(/\/client-portal\/payment\?checkout=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment not completed');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined. Nothing was charged.');
    await expectNoAxeViolations(page, '/client-portal/payment (declined)');
    const afterDecline = (await admin.get(`/payments?client_id=${clientId}`)) as { items: unknown[] };
    expect(afterDecline.items).toEqual([]);

    // Part of it with the success card.
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByLabel('Part of it').check();
    await page.getByLabel('Amount to pay ($)').fill('100');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payOnSandbox(page, '4242 4242 4242 4242', '$100.00');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received');
    await expect(page.getByText('Thank you: your payment of $100.00 was received.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, '/client-portal/payment (receipt)');
    const firstReceipt = await nextMailTo(email, before + 1);
    expect(firstReceipt.subject).toBe(`Payment received for invoice ${invoice.number} from ${PORTAL_ADMIN.firm}`);
    expect(firstReceipt.text).toContain('We received your payment of $100.00');

    // The firm's AR Ledger page and its aging show it, in the administrator's own browser.
    await firm.goto(`/ledger?client_id=${clientId}`);
    const journal = firm.getByRole('table', { name: 'AR journal' });
    const paymentRows = journal
      .locator('tbody tr')
      .filter({ has: firm.getByRole('cell', { name: 'Payment', exact: true }) });
    await expect(paymentRows).toHaveCount(1);
    await expect(paymentRows.getByRole('cell')).toContainText(['$100.00', '$200.00']);
    await firm.getByRole('button', { name: 'Aging' }).click();
    const agingRow = firm
      .getByRole('table', { name: /AR aging/ })
      .locator('tbody tr')
      .filter({ hasText: clientName });
    await expect(agingRow.getByRole('cell').last()).toHaveText('$200.00');

    // Then the rest.
    await page.getByRole('link', { name: 'Back to the invoice' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Partly paid`);
    await expect(page.getByRole('region', { name: 'Amount due' })).toContainText('$200.00');
    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payOnSandbox(page, '4242424242424242', '$200.00');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received');
    await page.getByRole('link', { name: 'Back to the invoice' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Paid`);
    await expect(page.getByText('This invoice is paid. Thank you.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay', exact: true })).toHaveCount(0);
    const payments = page.getByRole('region', { name: 'Payments made' });
    await expect(payments.getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page, '/client-portal/invoice (paid)');

    const secondReceipt = await nextMailTo(email, before + 2);
    expect(secondReceipt.text).toContain('We received your payment of $200.00');
    // Both portal payments on the firm's ledger page, nothing owed, and the client gone from the aging.
    await firm.goto(`/ledger?client_id=${clientId}`);
    await expect(paymentRows).toHaveCount(2);
    await expect(journal.locator('tfoot')).toContainText('$300.00');
    await expect(firm.getByLabel('Journal totals')).toContainText('Balance$0.00');
    await firm.getByRole('button', { name: 'Aging' }).click();
    await expect(firm.getByText('No balances on this date')).toBeVisible();
    await expect(agingRow).toHaveCount(0);
    const staffView = (await admin.get(`/invoices/${invoice.id}`)) as { status: string; balance_cents: number };
    expect(staffView).toMatchObject({ status: 'paid', balance_cents: 0 });
    await admin.dispose();
    await firm.context().close();
    await page.context().close();
  });

  test('a wrong code shows the error and the form opens the invoice with the right one; a refused amount shows why and starts nothing; the portal keeps the app headers', async ({
    browser,
  }) => {
    const admin = await apiAs('admin');
    const { clientId, invoice } = await issuedInvoice(admin, 12_500);
    const page = await clientPhone(browser);
    const response = await page.goto('/client-portal/ABCDEFGHJKLM');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['content-security-policy']).not.toContain('unsafe-inline');
    expect(response?.headers()['x-frame-options']).toBeTruthy();
    await expect(page.getByRole('alert')).toHaveText('Invalid access code');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, '/client-portal/{wrong code}');
    // The code he types is checked under its field; the link's refusal on top goes.
    const accessCode = page.getByLabel('Access code');
    await page.getByRole('button', { name: 'Open invoice' }).click();
    await expectFieldRefused(page, accessCode, 'Enter the access code from your invoice');
    await accessCode.fill(invoice.access_code.toLowerCase());
    await expect(accessCode).not.toHaveAttribute('aria-invalid');
    await accessCode.press('Enter');
    await expect(page).toHaveURL(/\/client-portal\/invoice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number} Open`);

    // Amounts the balance cannot take are refused on the page, and what the server refuses shows its
    // reason: under the amount field when it is about the amount, on top of the form otherwise.
    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    await page.getByLabel('Part of it').check();
    const amount = page.getByLabel('Amount to pay ($)');
    const payButton = page.getByRole('button', { name: 'Continue to payment' });
    await expect(amount).not.toHaveAttribute('aria-invalid');
    await amount.fill('125.01');
    await payButton.click();
    await expectFieldRefused(page, amount, 'The amount must be at most the balance of $125.00');
    await amount.fill('0');
    await expect(amount).not.toHaveAttribute('aria-invalid');
    await payButton.click();
    await expectFieldRefused(page, amount, 'Enter an amount more than $0.00');
    await expectNoAxeViolations(page, '/client-portal/payment (refused amount)');
    // The firm records cheques while the page is open: first part of the balance, then the rest.
    const cheque = (cents: number) =>
      admin.post('/payments', {
        client_id: clientId,
        payment_date: firmToday(),
        method: 'check',
        amount_cents: cents,
        applications: [{ invoice_id: invoice.id, amount_cents: cents }],
      });
    await cheque(10_000);
    await amount.fill('50');
    await payButton.click();
    await expectFieldRefused(page, amount, 'The amount must be at most the balance of $25.00');
    // The page reads the invoice again: the balance it shows is the one the message speaks of.
    await expect(page.getByText('Balance due: $25.00')).toBeVisible();
    await expect(page.getByLabel('The whole balance ($25.00)')).toBeVisible();
    await cheque(2_500);
    await amount.fill('20');
    await payButton.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nothing to pay');
    await expect(page.getByText('This invoice has no balance left to pay.')).toBeVisible();
    await expect(amount).toHaveCount(0);
    await expect(page).toHaveURL(/\/client-portal\/payment$/);
    const payments = (await admin.get(`/payments?client_id=${clientId}`)) as { items: { method: string }[] };
    expect(payments.items.map((payment) => payment.method)).toEqual(['check', 'check']);
    await admin.dispose();

    // Without a session the invoice page asks for the code.
    const stranger = await clientPhone(browser);
    await stranger.goto('/client-portal/invoice');
    await expect(stranger.getByRole('alert')).toContainText('Your portal session has ended');
    await expect(stranger.getByLabel('Access code')).toBeVisible();
    await stranger.context().close();
    await page.context().close();
  });
});
