import { expectNoAxeViolations } from './support/axe';
import { apiUrl } from './support/demo';
import { expect, test } from './support/fixtures';
import { issuedInvoice, rowOf } from './support/receivables';
import { apiAs, csrfOf, daysBefore, firmToday, unique, uniqueCode, type Api } from './support/records';

test.use({ timezoneId: 'America/New_York' });

type PaymentBody = { id: number; version: number; amount_cents: number; applications: unknown[] };

/** A client with three open invoices: $300 60 days late, $500 30 days late, $200 not yet due. */
async function clientWithInvoices() {
  const admin = await apiAs('admin');
  const name = unique('Lakeside Dental');
  const client = (await admin.post('/clients', {
    client_id: uniqueCode('PAY'),
    legal_name: name,
    entity_type: 'c_corp',
  })) as { id: number };
  const oldest = await issuedInvoice(admin, client.id, 30_000, 90, 30);
  const middle = await issuedInvoice(admin, client.id, 50_000, 60, 30);
  const newest = await issuedInvoice(admin, client.id, 20_000, 10, 30);
  return { admin, name, clientId: client.id, oldest, middle, newest };
}

async function paymentsOf(api: Api, clientId: number): Promise<PaymentBody[]> {
  return ((await api.get(`/payments?client_id=${clientId}`)) as { items: PaymentBody[] }).items;
}

test.describe('payments', () => {
  test('a biller records, moves, voids and refunds payments, and every balance follows', async ({ page, login }) => {
    // Each payment is confirmed before it posts: a few more steps than before on two shared cores.
    test.setTimeout(240_000);
    const { admin, clientId, oldest, middle, newest } = await clientWithInvoices();
    await login('billing');

    // The Payments tab of the client page.
    await page.goto(`/clients/${clientId}`);
    const aging = page.getByRole('region', { name: 'AR balance and aging' });
    await expect(aging).toContainText('AR balance$1,000.00');
    await page.getByRole('link', { name: 'Payments', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/payments$`));
    await expect(page.getByText('No payments yet')).toBeVisible();

    // An empty amount is refused in the form.
    await page.getByRole('button', { name: 'Record payment' }).click();
    const form = page.getByRole('form', { name: 'Record a payment' });
    await form.getByRole('button', { name: /^Record payment/ }).click();
    await expect(form.getByText('Amount is required')).toBeVisible();

    // $450 oldest first: the $300 invoice paid, $150 of the $500 one; shown before it is sent.
    await form.getByLabel('Amount ($)').fill('450');
    await form.getByLabel('Method').selectOption('check');
    await form.getByLabel('Reference').fill('CHK 501');
    const applications = form.getByRole('table', { name: 'Open invoices and what this payment applies to each' });
    await expect(applications.getByRole('row', { name: rowOf(oldest) })).toContainText('$300.00$0.00');
    await expect(applications.getByRole('row', { name: rowOf(middle) })).toContainText('$150.00$350.00');
    await expect(form.getByText('Unapplied credit')).toBeVisible();
    await expectNoAxeViolations(page, 'record a payment');
    await form.getByRole('button', { name: 'Record payment of $450.00' }).click();
    // Nothing is posted until the biller confirms the client, amount and what it pays.
    const confirm = page.getByRole('dialog', { name: 'Record this payment?' });
    await expect(confirm).toContainText('$450.00 from');
    await expect(confirm).toContainText(`Pays $300.00 on ${oldest.number}, paying it in full`);
    await expect(confirm).toContainText(`Pays $150.00 on ${middle.number}, leaving $350.00 owing`);
    expect(await paymentsOf(admin, clientId)).toHaveLength(0);
    await confirm.getByRole('button', { name: 'Record payment of $450.00' }).click();
    await expect(page.getByRole('status')).toHaveText('Payment of $450.00 recorded: $450.00 applied, $0.00 unapplied.');
    const payments = page.getByRole('table', { name: 'Payments of this client' });
    await expect(payments.getByRole('row').nth(1)).toContainText(`${oldest.number} $300.00, ${middle.number} $150.00`);

    // The invoice pages and the client page agree.
    await page.goto(`/invoices/${oldest.id}`);
    await expect(page.getByText('Balance $0.00 of $300.00')).toBeVisible();
    await expect(page.locator('.invoice-status-line')).toContainText('Paid');
    await page.goto(`/invoices/${middle.id}`);
    await expect(page.getByText('Balance $350.00 of $500.00')).toBeVisible();
    await expect(page.locator('.invoice-status-line')).toContainText('Partial');
    await page.goto(`/clients/${clientId}`);
    await expect(aging).toContainText('AR balance$550.00');
    await expect(aging).toContainText('1-30 days$350.00');
    await expect(aging).toContainText('Current$200.00');
    await expectNoAxeViolations(page, 'client page with AR aging');
    const invoices = page.getByRole('table', { name: 'Invoices of this client' });
    await expect(invoices.getByRole('row', { name: rowOf(oldest) })).toContainText('Paid');
    await expect(invoices.getByRole('row', { name: rowOf(middle) })).toContainText('Partial$350.00');

    // Move $200 from the oldest invoice to the newest by editing the payment.
    await page.goto(`/clients/${clientId}/payments`);
    await page.getByRole('link', { name: /^Edit payment of \$450\.00/ }).click();
    await expect(page).toHaveURL(/\/payments\/\d+\/edit$/);
    const edit = page.getByRole('form', { name: 'Edit the payment' });
    await edit.getByLabel(`Apply to ${oldest.number} ($)`).fill('100');
    await expect(edit.getByRole('row', { name: rowOf(oldest) })).toContainText('$200.00');
    await expect(edit.locator('.allocation-totals')).toContainText('Unapplied credit$200.00');
    await edit.getByLabel(`Apply to ${newest.number} ($)`).fill('200');
    await expectNoAxeViolations(page, '/payments/{id}/edit');
    await expect(edit.locator('.allocation-totals')).toContainText('Unapplied credit$0.00');
    await edit.getByRole('button', { name: 'Save payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/payments$`));
    await expect(page.getByRole('status')).toHaveText('Payment saved: $450.00, $450.00 applied, $0.00 unapplied.');
    await expect(payments.getByRole('row').nth(1)).toContainText(
      `${oldest.number} $100.00, ${middle.number} $150.00, ${newest.number} $200.00`,
    );
    await page.goto(`/invoices/${newest.id}`);
    await expect(page.getByText('Balance $0.00 of $200.00')).toBeVisible();
    await page.goto(`/invoices/${oldest.id}`);
    await expect(page.getByText('Balance $200.00 of $300.00')).toBeVisible();

    // A stale edit: someone else saves first; this form says so and offers a reload.
    const [payment] = await paymentsOf(admin, clientId);
    await page.goto(`/payments/${payment!.id}/edit`);
    const stale = page.getByRole('form', { name: 'Edit the payment' });
    await expect(stale.getByLabel('Amount ($)')).toHaveValue('450.00');
    await admin.put(`/payments/${payment!.id}`, {
      payment_date: daysBefore(firmToday(), 0),
      amount_cents: 45_000,
      method: 'check',
      reference: 'CHK 501',
      memo: 'Changed elsewhere',
      version: payment!.version,
    });
    await stale.getByLabel('Memo').fill('Mine');
    await stale.getByRole('button', { name: 'Save payment' }).click();
    await expect(stale.getByRole('alert')).toContainText(
      'This payment was changed by someone else. Reload it and try again.',
    );
    await expect(stale.getByRole('button', { name: 'Reload' })).toBeVisible();

    // By hand, more than an invoice owes: the server's 422 message, and no payment.
    await page.goto(`/clients/${clientId}/payments`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    await form.getByLabel('Amount ($)').fill('1000');
    await form.getByRole('radio', { name: 'By hand' }).check();
    await form.getByLabel(`Apply to ${oldest.number} ($)`).fill('');
    await form.getByLabel(`Apply to ${middle.number} ($)`).fill('900');
    await expect(form.getByRole('row', { name: rowOf(middle) })).toContainText('[$550.00]');
    await form.getByRole('button', { name: 'Record payment of $1,000.00' }).click();
    await confirm.getByRole('button', { name: 'Record payment of $1,000.00' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      `The amount applied to ${middle.number} is more than its balance of $350.00`,
    );
    expect(await paymentsOf(admin, clientId)).toHaveLength(1);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Void: the balances come back.
    await page.getByRole('button', { name: /^Void payment of \$450\.00/ }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Void payment of $450.00' });
    await voidDialog.getByRole('button', { name: 'Void payment' }).click();
    await expect(voidDialog.getByText('Reason is required')).toBeVisible();
    await voidDialog.getByLabel('Reason').fill('Check returned unpaid');
    await voidDialog.getByRole('button', { name: 'Void payment' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'The payment of $450.00 is void; its applications were reversed.',
    );
    await expect(payments.getByRole('row').nth(1)).toContainText('Void Check returned unpaid');
    await page.goto(`/clients/${clientId}`);
    await expect(aging).toContainText('AR balance$1,000.00');
    await page.goto(`/invoices/${middle.id}`);
    await expect(page.getByText('Balance $500.00 of $500.00')).toBeVisible();

    // $100 left unapplied, $40 of it refunded (not before the payment), the rest applied later.
    await page.goto(`/clients/${clientId}/payments`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    await form.getByLabel('Amount ($)').fill('100');
    await form.getByRole('radio', { name: 'By hand' }).check();
    await form.getByLabel(`Apply to ${oldest.number} ($)`).fill('');
    await expect(form.locator('.allocation-totals')).toContainText('Unapplied credit$100.00');
    await form.getByRole('button', { name: 'Record payment of $100.00' }).click();
    await expect(confirm).toContainText('Keeps $100.00 as unapplied credit for the client');
    await confirm.getByRole('button', { name: 'Record payment of $100.00' }).click();
    await expect(page.getByRole('status')).toHaveText('Payment of $100.00 recorded: $0.00 applied, $100.00 unapplied.');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText('Unapplied credit$100.00');
    await page.getByRole('button', { name: 'Refund credit' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund unapplied credit' });
    await expect(refund.getByLabel('Amount ($)')).toHaveValue('100.00');
    await refund.getByLabel('Amount ($)').fill('40');
    const yesterday = daysBefore(firmToday(), 1);
    await refund.getByLabel('Refund date').fill(yesterday);
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(refund.getByText(`On ${yesterday} the client's unapplied credit was $0.00`)).toBeVisible();
    await refund.getByLabel('Refund date').fill(firmToday());
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(page.getByRole('status')).toHaveText('Refund of $40.00 recorded.');
    await expect(summary).toContainText('Unapplied credit$60.00');
    await expect(page.getByRole('table', { name: 'Refunds to this client' })).toContainText('$40.00');
    await page.getByRole('button', { name: /^Apply credit of payment of \$100\.00/ }).click();
    const apply = page.getByRole('dialog', { name: 'Apply credit of $60.00' });
    await expect(apply.getByLabel(`Apply to ${oldest.number} ($)`)).toHaveValue('60.00');
    await expectNoAxeViolations(page, 'apply credit');
    await apply.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status')).toHaveText('Applications saved: $60.00 applied, $40.00 unapplied.');
    await expect(summary).toContainText('Unapplied credit$0.00');
    await page.goto(`/clients/${clientId}`);
    await expect(aging).toContainText('AR balance$940.00');
    await admin.dispose();
  });

  test('a double click on Record payment records one payment', async ({ page, login }) => {
    const { admin, clientId } = await clientWithInvoices();
    await login('billing');
    await page.goto(`/clients/${clientId}/payments`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    const form = page.getByRole('form', { name: 'Record a payment' });
    await form.getByLabel('Amount ($)').fill('125');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/payments')) {
        posts.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    await form.getByRole('button', { name: 'Record payment of $125.00' }).click();
    const confirm = page.getByRole('dialog', { name: 'Record this payment?' });
    await confirm.getByRole('button', { name: 'Record payment of $125.00' }).dblclick();
    await expect(page.getByRole('status')).toContainText('Payment of $125.00 recorded');
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(posts).size).toBe(1);
    expect(posts[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(await paymentsOf(admin, clientId)).toHaveLength(1);

    // Two confirmations at once (before the button can turn off) send the same key twice, and
    // the server makes one payment of them.
    posts.length = 0;
    await page.getByRole('button', { name: 'Record payment' }).click();
    await form.getByLabel('Amount ($)').fill('75');
    await form.getByRole('button', { name: 'Record payment of $75.00' }).click();
    await confirm.getByRole('button', { name: 'Record payment of $75.00' }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(page.getByRole('status')).toContainText('Payment of $75.00 recorded');
    await expect.poll(() => posts.length).toBe(2);
    expect(new Set(posts).size).toBe(1);
    expect(await paymentsOf(admin, clientId)).toHaveLength(2);
    await admin.dispose();
  });

  test('without can_edit_payments there are no buttons and the server refuses; without can_view_payments, /access-denied', async ({
    page,
    login,
  }) => {
    const { admin, clientId } = await clientWithInvoices();
    const payment = (await admin.post('/payments', {
      client_id: clientId,
      payment_date: firmToday(),
      amount_cents: 10_000,
      method: 'wire',
    })) as PaymentBody;
    await login('readonly');
    await page.goto(`/clients/${clientId}/payments`);
    await expect(page.getByRole('table', { name: 'Payments of this client' })).toContainText('$100.00');
    await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refund credit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Void/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
    const refused = await page.request.post(apiUrl('/payments'), {
      data: { client_id: clientId, payment_date: firmToday(), amount_cents: 100, method: 'cash' },
      headers: { 'X-CSRF-TOKEN': await csrfOf(page) },
    });
    expect(refused.status()).toBe(403);
    const voided = await page.request.post(apiUrl(`/payments/${payment.id}/void`), {
      data: { reason: 'x' },
      headers: { 'X-CSRF-TOKEN': await csrfOf(page) },
    });
    expect(voided.status()).toBe(403);
    await page.goto(`/payments/${payment.id}/edit`);
    await expect(page).toHaveURL(/\/access-denied$/);
    expect(await paymentsOf(admin, clientId)).toHaveLength(1);

    await page.context().clearCookies();
    await login('staff');
    await page.goto(`/clients/${clientId}/payments`);
    await expect(page).toHaveURL(/\/access-denied$/);
    await admin.dispose();
  });
});
