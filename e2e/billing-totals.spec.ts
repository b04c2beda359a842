import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { apiAs, createActivityType, daysBefore, firmToday, unique, uniqueCode } from './support/records';

test.use({ timezoneId: 'America/New_York' });

type Created = { id: number; client_id: string };

/** The text of each cell of a table row. */
async function cellsOf(row: import('@playwright/test').Locator): Promise<string[]> {
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

test.describe('View Client Totals (/billing)', () => {
  test('a biller opens the totals, filters, sorts, exports them and recomputes them', async ({ page, login }) => {
    test.setTimeout(120_000);
    const admin = await apiAs('admin');
    const token = unique('Totals').split(' ')[1]!;
    const today = firmToday();
    const monthStart = `${today.slice(0, 8)}01`;
    const lastMonthDay = daysBefore(monthStart, 10);
    const partner = ((await admin.get('/users/options?q=Paul')) as { items: { id: number; name: string }[] }).items[0]!;
    const alder = (await admin.post('/clients', {
      client_id: uniqueCode('E2E'),
      legal_name: `Alder ${token}`,
      entity_type: 'c_corp',
      responsible_partner_id: partner.id,
    })) as Created;
    const birch = (await admin.post('/clients', {
      client_id: uniqueCode('E2E'),
      legal_name: `Birch ${token}`,
      entity_type: 'trust',
    })) as Created;
    // Alder: 2.5 hours of WIP at $100.00 ($250.00), $1,000.00 billed today, $400.00 paid today.
    const activity = await createActivityType(admin, unique('Advisory'), 10_000);
    for (const minutes of [90, 60]) {
      await admin.post('/time-entries', {
        client_id: alder.id,
        activity_type_id: activity.id,
        entry_date: today,
        minutes,
        billable: true,
        status: 'completed',
      });
    }
    const issue = async (clientId: number, cents: number, date: string) => {
      const draft = (await admin.post('/invoices', {
        client_id: clientId,
        issue_date: date,
        due_date: date,
        fixed_fees: [{ description: 'Advisory', amount_cents: cents }],
      })) as { id: number };
      return (await admin.post(`/invoices/${draft.id}/issue`)) as { id: number };
    };
    const alderInvoice = await issue(alder.id, 100_000, today);
    await admin.post('/payments', {
      client_id: alder.id,
      payment_date: today,
      amount_cents: 40_000,
      method: 'check',
      applications: [{ invoice_id: alderInvoice.id, amount_cents: 40_000 }],
    });
    // Birch: $300.00 billed last month, unpaid.
    await issue(birch.id, 30_000, lastMonthDay);
    await admin.dispose();

    await login('billing');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page).toHaveTitle('Billing');
    await expect(page.getByLabel('Period')).toHaveValue('this_month');

    await page.getByLabel('Search clients').fill(token);
    await expect(page).toHaveURL(new RegExp(`q=${token}`));
    const alderRow = page.getByRole('row').filter({ hasText: `Alder ${token}` });
    const birchRow = page.getByRole('row').filter({ hasText: `Birch ${token}` });
    const totalsRow = page.getByRole('row').filter({ hasText: 'Totals (' });
    await expect(alderRow).toBeVisible();
    await expect(alderRow.getByRole('cell')).toHaveText([
      alder.client_id,
      `Alder ${token}`,
      '2.5',
      '$250.00',
      '$1,000.00',
      '$400.00',
      '$600.00',
    ]);
    await expect(birchRow.getByRole('cell')).toHaveText([
      birch.client_id,
      `Birch ${token}`,
      '0.0',
      '$0.00',
      '$0.00',
      '$0.00',
      '$300.00',
    ]);
    await expect(totalsRow.getByRole('rowheader')).toHaveText('Totals (2 clients)');
    await expect(totalsRow.getByRole('cell')).toHaveText(['2.5', '$250.00', '$1,000.00', '$400.00', '$900.00']);
    await expectNoAxeViolations(page, '/billing');

    // Sorting by AR balance, then the other way.
    const firstClient = page.locator('tbody tr').first().getByRole('cell').nth(1);
    await page.getByRole('button', { name: 'AR balance' }).click();
    await expect(page).toHaveURL(/sort=ar_balance_cents/);
    await expect(firstClient).toHaveText(`Birch ${token}`);
    await page.getByRole('button', { name: 'AR balance' }).click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(firstClient).toHaveText(`Alder ${token}`);

    // Last month: Birch's invoice is billed then, Alder's work and balance stay as they are now.
    await page.getByLabel('Period').selectOption({ label: 'Last month' });
    await expect(page).toHaveURL(/period=last_month/);
    await expect(totalsRow.getByRole('cell').nth(2)).toHaveText('$300.00');
    await expect(birchRow.getByRole('cell')).toHaveText([
      birch.client_id,
      `Birch ${token}`,
      '0.0',
      '$0.00',
      '$300.00',
      '$0.00',
      '$300.00',
    ]);
    await expect(alderRow.getByRole('cell')).toHaveText([/.*/, /.*/, '2.5', '$250.00', '$0.00', '$0.00', '$600.00']);

    // A custom period starts from the one shown.
    await page.getByLabel('Period').selectOption({ label: 'Custom' });
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(`${lastMonthDay.slice(0, 8)}01`);
    await page.getByLabel('From', { exact: true }).fill(lastMonthDay);
    await page.getByLabel('To', { exact: true }).fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${lastMonthDay}&to=${today}`));
    await expect(totalsRow.getByRole('cell')).toHaveText(['2.5', '$250.00', '$1,300.00', '$400.00', '$900.00']);
    await page.getByLabel('Period').selectOption({ label: 'This month' });
    await expect(page).not.toHaveURL(/from=/);

    // One partner's clients.
    const partnerBox = page.getByRole('combobox', { name: 'Responsible partner' });
    await partnerBox.fill('Paul');
    await page.getByRole('option', { name: `${partner.name} (Partner)` }).click();
    await expect(page).toHaveURL(new RegExp(`partner_id=${partner.id}`));
    await expect(birchRow).toHaveCount(0);
    await expect(totalsRow.getByRole('rowheader')).toHaveText('Totals (1 client)');
    await expect(totalsRow.getByRole('cell')).toHaveText(['2.5', '$250.00', '$1,000.00', '$400.00', '$600.00']);

    // The CSV holds the rows shown, read back.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('billing-totals.csv');
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csv.trim().split('\r\n')).toEqual([
      'client_id,client_name,unbilled_hours,unbilled_minutes,unbilled,billed,collected,ar_balance',
      `${alder.client_id},Alder ${token},2.50,150,250.00,1000.00,400.00,600.00`,
    ]);

    // Recomputed from the documents: the same figures, the same filters.
    const before = await cellsOf(alderRow);
    await page.getByRole('link', { name: 'Recompute' }).click();
    await expect(page).toHaveURL(new RegExp(`/billing/refresh\\?.*partner_id=${partner.id}`));
    await expect(page.getByRole('status').filter({ hasText: 'Figures recomputed' })).toBeVisible();
    await expect(alderRow).toBeVisible();
    await expect(alderRow.getByRole('cell')).toHaveText(before);
    await expect(totalsRow.getByRole('cell')).toHaveText(['2.5', '$250.00', '$1,000.00', '$400.00', '$600.00']);

    // The client's figures lead to its WIP and its invoices.
    await alderRow.getByRole('link', { name: '$250.00' }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${alder.id}/wip$`));
    await page.goBack();
    await alderRow.getByRole('link', { name: '$1,000.00' }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices\\?client_id=${alder.id}&from=${monthStart}`));
  });

  test('the dashboard quick action opens it', async ({ page, login }) => {
    await login('billing');
    await page.getByRole('link', { name: /View Client Totals/ }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('row').filter({ hasText: 'Totals (' })).toBeVisible();
  });

  test('a user without can_view_billing gets /access-denied', async ({ page, login }) => {
    await login('staff');
    await page.goto('/billing');
    await expect(page).toHaveURL(/\/access-denied$/);
    await page.goto('/billing/refresh');
    await expect(page).toHaveURL(/\/access-denied$/);
  });
});
