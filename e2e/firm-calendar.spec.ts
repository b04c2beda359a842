import { apiUrl } from './support/demo';
import { apiAs, createActivityType, createClient, csrfOf, daysBefore, firmToday, unique } from './support/records';
import { expect, test } from './support/fixtures';

/**
 * Issue 27, "One calendar: the firm's" (ADR 0200). The browser is in UTC and its clock (faked)
 * in the firm's evening, 9:30 pm in New York, already tomorrow in UTC; the server's clock is
 * real. Every date the app offers is the firm's, never the browser's.
 */
test.use({ timezoneId: 'UTC' });

const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const usDate = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${month}/${day}/${year}`;
};
const tomorrowOf = (date: string) => daysBefore(date, -1);

test.describe("the firm's calendar in a browser a day ahead", () => {
  test("time, the dashboard, a payment, an invoice and the Billing row all keep the firm's date", async ({
    page,
    login,
  }) => {
    test.setTimeout(180_000);
    const today = firmToday();
    const tomorrow = tomorrowOf(today);
    // 02:30 UTC of the firm's tomorrow is 9:30 pm (EST) or 10:30 pm (EDT) of the firm's today.
    await page.clock.install({ time: new Date(`${tomorrow}T02:30:00Z`) });

    const admin = await apiAs('admin');
    const clientName = unique('Evening Ledger Co');
    const client = await createClient(admin, clientName);
    const activityName = unique('Close');
    const activity = await createActivityType(admin, activityName, 12_000);

    await login('staff');
    expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).toBe(tomorrow);
    await expect(page.locator('.greeting-date')).toHaveText(longDate(today));
    const stats = page.getByRole('region', { name: 'Your numbers' });
    const hoursBefore = Number(await stats.getByRole('definition').first().textContent());

    // A new time entry is dated the firm's today, and saved on it.
    await page.goto('/time_entries/create');
    await expect(page.getByLabel('Date')).toHaveValue(today);
    await page.getByRole('combobox', { name: 'Client' }).fill(clientName);
    await page.getByRole('combobox', { name: 'Client' }).press('Enter');
    await page.getByLabel('Activity type').selectOption({ label: `${activityName} (${activity.code})` });
    await page.getByLabel('Hours').fill('1:30');
    await page.getByLabel('Narrative').fill('Month-end close');
    await page.getByRole('button', { name: 'Record time' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile\\?day=${today}$`));

    // The dashboard counts it in today's hours.
    await page.goto('/');
    await expect(stats.getByRole('definition').first()).toHaveText((hoursBefore + 1.5).toFixed(1));

    // Billed: the invoice is dated the firm's today, not before its work.
    const list = (await admin.get(`/time-entries?client_id=${client.id}&user_id=all`)) as {
      items: { id: number; entry_date: string }[];
    };
    const entry = list.items[0]!;
    expect(entry.entry_date).toBe(today);
    await admin.post('/time-entries/complete', { ids: [entry.id] });
    const draft = (await admin.post('/invoices', { client_id: client.id, time_entry_ids: [entry.id] })) as {
      id: number;
    };
    const invoice = (await admin.post(`/invoices/${draft.id}/issue`)) as {
      id: number;
      issue_date: string;
      total_cents: number;
    };
    expect(invoice.issue_date >= entry.entry_date).toBe(true);
    await admin.dispose();

    await login('billing');
    await page.goto(`/invoices/${invoice.id}`);
    const invoiceDate = page.getByRole('article').locator('dt:text-is("Invoice date") + dd');
    await expect(invoiceDate).toHaveText(longDate(today).replace(/^\w+, /, ''));

    // The payment form offers the firm's today, and refuses tomorrow before sending.
    await page.goto(`/clients/${client.id}/payments`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    const form = page.getByRole('form', { name: 'Record a payment' });
    const paymentDate = form.getByLabel('Payment date');
    await expect(paymentDate).toHaveValue(today);
    await form.getByLabel('Amount ($)').fill('180');
    await paymentDate.fill(tomorrow);
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/payments')) posted = true;
    });
    await form.getByRole('button', { name: /^Record payment/ }).click();
    await expect(form.getByText(`Payment date cannot be after today (${usDate(today)})`)).toBeVisible();
    expect(posted).toBe(false);
    await paymentDate.fill(today);
    await form.getByRole('button', { name: 'Record payment of $180.00' }).click();
    await page
      .getByRole('dialog', { name: 'Record this payment?' })
      .getByRole('button', { name: 'Record payment of $180.00' })
      .click();
    await expect(page.getByRole('status')).toHaveText('Payment of $180.00 recorded: $180.00 applied, $0.00 unapplied.');

    // Paid in full today: collected, and nothing left on the same Billing row.
    await page.goto(`/billing?q=${encodeURIComponent(clientName)}`);
    const row = page.getByRole('row').filter({ hasText: clientName });
    await expect(row.getByRole('cell')).toHaveText([
      client.client_id,
      clientName,
      '0.0',
      '$0.00',
      '$180.00',
      '$180.00',
      '$0.00',
    ]);
  });

  test("the server refuses money dated after the firm's today, whatever the page sends", async ({ page, login }) => {
    const today = firmToday();
    const tomorrow = tomorrowOf(today);
    await page.clock.install({ time: new Date(`${tomorrow}T02:30:00Z`) });
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Ahead Of Time LLC'));
    await admin.dispose();
    await login('billing');
    const message = `Payment date cannot be after today (${usDate(today)})`;
    const response = await page.request.post(apiUrl('/payments'), {
      data: { client_id: client.id, payment_date: tomorrow, amount_cents: 100, method: 'cash' },
      headers: { 'X-CSRF-TOKEN': await csrfOf(page) },
    });
    expect(response.status()).toBe(422);
    expect(await response.json()).toEqual({ error: message, details: { payment_date: message } });
    const payments = (await page.request.get(apiUrl(`/payments?client_id=${client.id}`))).json();
    expect(((await payments) as { items: unknown[] }).items).toEqual([]);
  });
});
