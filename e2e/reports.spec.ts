import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './support/axe';
import { apiUrl } from './support/demo';
import { expect, test } from './support/fixtures';
import { apiAs, createActivityType, createClient, createTimeEntry, unique } from './support/records';

test.use({ timezoneId: 'America/New_York' });

const REPORTS = [
  ['Time summary', 'Client'],
  ['Utilization', 'Staff'],
  ['Realization', 'Responsible partner'],
  ['Revenue by month', 'Month'],
  ['AR aging', 'Client'],
  ['WIP aging', 'Client'],
  ['Collections', 'Month'],
] as const;

test.describe('reports (issue 17)', () => {
  test('a manager opens each report on the demo firm, changes period and grouping, exports the CSV and prints', async ({
    page,
    login,
  }) => {
    test.setTimeout(180_000);
    // The e2e demo firm starts without history: a client's 2025, made through the API.
    const admin = await apiAs('admin');
    const clientName = unique('Reports Harbor');
    const client = await createClient(admin, clientName);
    const activity = await createActivityType(admin, unique('Review'), 15_000);
    const entry = (date: string, minutes: number) =>
      createTimeEntry(admin, {
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: date,
        minutes,
        status: 'completed',
      } as Parameters<typeof createTimeEntry>[1]);
    const march = await entry('2025-03-10', 120);
    await entry('2025-05-12', 90);
    const draft = (await admin.post('/invoices', {
      client_id: client.id,
      time_entry_ids: [march.id],
      expense_ids: [],
      bill_cents: 25_000,
      write_reason: 'Agreed fee',
      issue_date: '2025-03-31',
      due_date: '2025-04-30',
    })) as { id: number };
    await admin.post(`/invoices/${draft.id}/issue`);
    await admin.post('/payments', {
      client_id: client.id,
      payment_date: '2025-04-15',
      amount_cents: 10_000,
      method: 'check',
    });
    await admin.dispose();

    await login('manager');
    // The dashboard's quick action opens the page.
    await page.getByRole('link', { name: /View Client Reports/ }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page).toHaveTitle('Reports');

    const reportBox = page.getByLabel('Report', { exact: true });
    const sheet = page.getByRole('region', { name: /·/ });
    const table = sheet.locator('table.report-table');
    const chart = sheet.getByTestId('report-chart');
    const totals = table.locator('tfoot tr');

    // 2025 as custom months, through the controls; the agings as of its last day.
    await page.getByLabel('Period').selectOption({ label: 'Custom months' });
    await page.getByLabel('From month').fill('2025-01');
    await page.getByLabel('To month').fill('2025-12');
    await expect(page).toHaveURL(/from=2025-01&to=2025-12/);
    for (const [title, firstColumn] of REPORTS) {
      await reportBox.selectOption({ label: title });
      await expect(page.getByRole('heading', { level: 2 })).toContainText(title);
      if (title.includes('aging')) await page.getByLabel('As of', { exact: true }).fill('2025-12-31');
      await expect(table.getByRole('columnheader').first()).toContainText(firstColumn);
      await expect(totals.getByRole('rowheader')).toHaveText('Total');
      await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
      // The chart's figures are in a table for screen readers.
      await expect(sheet.locator('figure table caption')).toContainText(title);
      if (firstColumn === 'Client')
        await expect(table.getByRole('rowheader', { name: new RegExp(clientName) })).toBeVisible();
    }
    // The client's aging on 2025-12-31: $250 billed less $100 paid, due 2025-04-30, so over 90 days.
    await reportBox.selectOption({ label: 'AR aging' });
    const agingCells = table.getByRole('row', { name: new RegExp(clientName) }).getByRole('cell');
    await expect(agingCells.nth(4)).toHaveText('$150.00');
    await expect(agingCells.nth(6)).toHaveText('$150.00');

    // Time summary: a shorter period shows fewer hours; another grouping, other rows and chart.
    await reportBox.selectOption({ label: 'Time summary' });
    const wholeYear = (await totals.textContent()) ?? '';
    await page.getByLabel('Client', { exact: true }).fill(clientName);
    await page.getByRole('option', { name: new RegExp(clientName) }).click();
    await expect(page).toHaveURL(/client_id=\d+/);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    // March only: the 2 hours of March 10, not the 1.5 of May.
    await page.getByLabel('To month').fill('2025-03');
    await page.getByLabel('From month').fill('2025-03');
    await expect(totals.getByRole('cell').first()).toHaveText('2.0');
    await page.getByLabel('To month').fill('2025-05');
    await expect(totals.getByRole('cell').first()).toHaveText('3.5');
    // Emptying the box and leaving it drops the filter.
    await page.getByLabel('Client', { exact: true }).fill('');
    await page.getByLabel('Client', { exact: true }).press('Tab');
    await expect(page).not.toHaveURL(/client_id=/);
    await page.getByLabel('From month').fill('2025-01');
    await page.getByLabel('To month').fill('2025-12');
    await expect(totals).toHaveText(wholeYear);
    const byClient = await chart.innerText();
    await page.getByLabel('Group by').selectOption({ label: 'Staff' });
    await expect(page).toHaveURL(/group_by=staff/);
    await expect(table.getByRole('columnheader').first()).toContainText('Staff');
    await expect(table.getByRole('rowheader', { name: 'Alice Admin' })).toBeVisible();
    await expect(chart).not.toHaveText(byClient);

    // Sorting by a figure puts the largest first.
    await table.getByRole('button', { name: 'Hours', exact: true }).click();
    await table.getByRole('button', { name: 'Hours', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: /^Hours/ })).toHaveAttribute('aria-sort', 'descending');
    const hours = (await table.locator('tbody tr td:nth-child(2)').allInnerTexts()).map(Number);
    expect(hours).toEqual([...hours].sort((a, b) => b - a));

    // The CSV holds the rows of the table and the totals.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('time-summary.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('staff,hours,billable_hours,non_billable_hours,standard');
    const rowCount = await table.locator('tbody tr').count();
    expect(lines).toHaveLength(rowCount + 2);
    expect(lines.at(-1)).toMatch(/^Total,/);
    // Alice's hours: 2 decimals in the CSV, 1 on the page.
    const aliceCsv = lines.find((line) => line.startsWith('Alice Admin,'))!.split(',');
    const aliceCells = await table
      .getByRole('row', { name: /Alice Admin/ })
      .getByRole('cell')
      .allInnerTexts();
    expect(Number(aliceCsv[1]).toFixed(1)).toBe(aliceCells[0]);

    await expectNoAxeViolations(page, '/reports');

    // Drill-down: a client row opens that client's invoices for the period.
    await page.getByLabel('Group by').selectOption({ label: 'Client' });
    const clientRow = table.getByRole('row', { name: new RegExp(clientName) });
    await clientRow.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices\\?client_id=${client.id}&from=2025-01-01&to=2025-12-31$`));
    await expect(page.getByRole('link', { name: /INV-/ })).toHaveCount(1);
    await page.goBack();

    // The print view: the button prints; on paper only the report's sheet shows.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(table).toBeVisible();
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
    await expect(page.getByLabel('Report', { exact: true })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });

  test('a user without can_view_reports_page gets /access-denied and the server answers 403', async ({
    page,
    login,
  }) => {
    await login('staff');
    await expect(page.getByRole('link', { name: /View Client Reports/ })).toHaveCount(0);
    await page.goto('/reports');
    await expect(page).toHaveURL(/\/access-denied$/);
    const answer = await page.request.get(apiUrl('/reports/time-summary'));
    expect(answer.status()).toBe(403);
  });
});
