import { formatHours } from '@practice/shared';
import { apiUrl } from './support/demo';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  apiAs,
  createActivityType,
  createClient,
  createTimeEntry,
  csrfOf,
  daysBefore,
  firmToday,
  gridDay,
  tinyPng,
  unique,
} from './support/records';

// The page's "today" is the firm's (America/New_York), as the server's stats count it.
test.use({ timezoneId: 'America/New_York' });

type Stats = { todayMinutes: number; weekMinutes: number };

test.describe('time and expenses', () => {
  test('staff records time by the timer and the week grid, adds an expense with a receipt, and sees the stats change', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const clientName = unique('Lakeside Dental');
    await createClient(admin, clientName);
    const callName = unique('Client call');
    const prepName = unique('Return preparation');
    const call = await createActivityType(admin, callName, 12000);
    const prep = await createActivityType(admin, prepName, 18000);
    await admin.dispose();
    const staff = await apiAs('staff');
    const before = (await staff.get('/dashboard/stats')) as Stats;

    await login('staff');
    await page.getByRole('link', { name: /Time & Expense/ }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page).toHaveTitle('Time & Expense');

    const timer = page.getByRole('region', { name: 'Timer' });
    await timer.getByRole('combobox', { name: 'Client' }).fill(clientName);
    await timer.getByRole('option', { name: new RegExp(clientName) }).click();
    await timer.getByLabel('Activity type').selectOption({ label: `${callName} (${call.code})` });
    await timer.getByLabel('Narrative').fill('Kick-off call');
    await timer.getByRole('button', { name: 'Start timer' }).click();
    await expect(timer.getByRole('timer')).toBeVisible();
    await page.reload();
    await expect(timer.getByRole('timer')).toBeVisible();
    await expect(timer.getByText(`${clientName}`)).toBeVisible();
    await timer.getByRole('button', { name: 'Stop and record' }).click();
    // A run under a minute asks first (it would record a 1-minute entry).
    await page
      .getByRole('dialog', { name: 'Record under a minute?' })
      .getByRole('button', { name: 'Record 1 minute' })
      .click();
    await expect(timer.getByRole('status')).toHaveText(/Recorded the timer's time/);
    await expect(timer.getByRole('button', { name: 'Start timer' })).toBeVisible();

    const today = firmToday();
    const day = gridDay(today);
    const week = page.getByRole('region', { name: /^Week of/ });
    await week.getByRole('combobox', { name: 'Row client' }).fill(clientName);
    await week.getByRole('combobox', { name: 'Row client' }).press('Enter');
    await week.getByLabel('Row activity type').selectOption({ label: `${prepName} (${prep.code})` });
    await week.getByRole('button', { name: 'Add row' }).click();
    const firstCell = week.getByRole('textbox', { name: new RegExp(`^Hours for ${clientName}, ${prepName}, Mon`) });
    await expect(firstCell).toBeFocused();
    for (let column = 0; column < day.column; column += 1) await page.keyboard.press('ArrowRight');
    const todayCell = week.getByRole('textbox', { name: `Hours for ${clientName}, ${prepName}, ${day.label}` });
    await expect(todayCell).toBeFocused();
    await page.keyboard.type('1.5');
    await page.keyboard.press('Enter');
    await expect(week.getByRole('status')).toHaveText(`Saved 1.5 h for ${clientName} on ${today}.`);
    await expect(todayCell).toHaveValue('1.5');
    await expect(
      week
        .getByRole('row', { name: new RegExp(prepName) })
        .getByRole('cell')
        .last(),
    ).toHaveText('1.5');

    const dayList = page.getByRole('region', { name: new RegExp(`^${day.label.split(' ')[0]}, `) });
    await expect(dayList.getByRole('row', { name: /Kick-off call/ })).toContainText('Draft');

    const expenses = page.getByRole('region', { name: 'Expenses' });
    await expenses.getByRole('button', { name: 'Add expense' }).click();
    await expenses.getByRole('combobox', { name: 'Expense client' }).fill(clientName);
    await expenses.getByRole('option', { name: new RegExp(clientName) }).click();
    await expenses.getByLabel('Category').selectOption({ label: 'Filing fee' });
    await expenses.getByLabel('Amount ($)').fill('42.50');
    await expenses.getByLabel('Description').fill('State filing');
    await expenses.getByLabel('Receipt (PDF or image, up to 5 MB)').setInputFiles({
      name: 'filing-receipt.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await expenses.getByRole('button', { name: 'Add expense' }).click();
    await expect(expenses.getByRole('status')).toHaveText('Expense of $42.50 added with its receipt.');
    const receipt = expenses
      .getByRole('row', { name: /State filing/ })
      .getByRole('link', { name: 'filing-receipt.png' });
    await expect(receipt).toBeVisible();
    const download = await page.request.get((await receipt.getAttribute('href')) ?? '');
    expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers()['x-content-type-options']).toBe('nosniff');

    const after = (await staff.get('/dashboard/stats')) as Stats;
    await staff.dispose();
    // The timer records at least a minute; the grid 90.
    expect(after.todayMinutes - before.todayMinutes).toBeGreaterThanOrEqual(91);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    const stats = page.getByRole('region', { name: 'Your numbers' });
    await expect(stats.getByRole('definition').first()).toHaveText(formatHours(after.todayMinutes));
    await expect(stats.getByRole('definition').nth(1)).toHaveText(formatHours(after.weekMinutes));
    await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem')).toHaveCount(5);
  });

  test('a receipt over 5 MB and a file that is no image are refused with the server’s messages', async ({
    page,
    login,
  }) => {
    const manager = await apiAs('manager');
    const client = await createClient(manager, unique('Receipt Checks Co'));
    const description = unique('Courier to the IRS');
    await manager.post('/expenses', {
      client_id: client.id,
      expense_date: firmToday(),
      category: 'courier',
      amount_cents: 1999,
      description,
    });
    await manager.dispose();

    await login('manager');
    await page.goto('/profile');
    const row = page.getByRole('region', { name: 'Expenses' }).getByRole('row', { name: new RegExp(description) });
    const file = row.locator('input[type="file"]');
    await file.setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x25),
    });
    await expect(row.getByRole('alert')).toHaveText('The receipt is larger than 5 MB');
    await file.setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg onload="alert(1)"/>'),
    });
    await expect(row.getByRole('alert')).toHaveText('A receipt must be a PDF or a PNG, JPEG, WebP or HEIC image');
    await file.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(row.getByRole('link', { name: 'receipt.png' })).toBeVisible();
  });

  test('the owner changes an expense’s amount in a dialog and deletes one after confirming', async ({
    page,
    login,
  }) => {
    const manager = await apiAs('manager');
    const clientName = unique('Expense Edits LLC');
    const client = await createClient(manager, clientName);
    const kept = unique('Courier to the client');
    const dropped = unique('Courier sent twice');
    for (const description of [kept, dropped]) {
      await manager.post('/expenses', {
        client_id: client.id,
        expense_date: firmToday(),
        category: 'courier',
        amount_cents: 2500,
        description,
      });
    }
    await manager.dispose();

    await login('manager');
    await page.goto('/profile');
    const expenses = page.getByRole('region', { name: 'Expenses' });
    const keptRow = expenses.getByRole('row', { name: new RegExp(kept) });
    await keptRow.getByRole('button', { name: /^Edit the expense of \$25\.00/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit expense' });
    await expect(dialog.getByLabel('Amount ($)')).toHaveValue('25.00');
    await dialog.getByLabel('Amount ($)').fill('31.75');
    await dialog.getByRole('button', { name: 'Save expense' }).click();
    await expect(dialog).toBeHidden();
    await expect(expenses.getByRole('status')).toHaveText('Expense of $31.75 saved.');
    await expect(keptRow).toContainText('$31.75');

    const droppedRow = expenses.getByRole('row', { name: new RegExp(dropped) });
    const remove = droppedRow.getByRole('button', { name: /^Delete the expense of \$25\.00/ });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Delete expense' });
    await expect(confirm).toContainText(`Delete the expense of $25.00 for ${clientName}`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(droppedRow).toBeVisible();
    await remove.click();
    await confirm.getByRole('button', { name: 'Delete expense' }).click();
    await expect(confirm).toBeHidden();
    await expect(expenses.getByRole('status')).toHaveText(/^Expense of \$25\.00 for .+ deleted\.$/);
    await expect(droppedRow).toHaveCount(0);
    await expect(keptRow).toBeVisible();
  });

  test('a staff user cannot edit another user’s entry: the page is denied and the server refuses', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Other Owner LLC'));
    const activity = await createActivityType(admin, unique('Review'), 10000);
    const entry = await createTimeEntry(admin, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: daysBefore(firmToday(), 30),
      minutes: 60,
    });
    await admin.dispose();

    await login('staff');
    await page.goto(`/time_entries/${entry.id}/edit`);
    await expect(page).toHaveURL(/\/access-denied$/);

    const headers = { 'X-CSRF-TOKEN': await csrfOf(page) };
    const body = {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: daysBefore(firmToday(), 30),
      minutes: 600,
      version: entry.version,
    };
    const put = await page.request.put(apiUrl(`/time-entries/${entry.id}`), { headers, data: body });
    expect(put.status()).toBe(403);
    expect(await put.json()).toEqual({ error: 'Permission required: can_edit_time_entries' });
    expect((await page.request.delete(apiUrl(`/time-entries/${entry.id}`), { headers })).status()).toBe(403);
    expect((await page.request.get(apiUrl(`/time-entries/${entry.id}`))).status()).toBe(403);
    const moved = await page.request.post(apiUrl('/time-entries'), { headers, data: { ...body, user_id: 1 } });
    expect(moved.status()).toBe(403);
  });

  test('a manager changes a staff member’s entry from the client page; a stale save answers 409', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const clientName = unique('Managed Books Inc');
    const client = await createClient(admin, clientName);
    const activity = await createActivityType(admin, unique('Bookkeeping review'), 9500);
    await admin.dispose();
    const staff = await apiAs('staff');
    const date = daysBefore(firmToday(), 30);
    const entry = await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: date,
      minutes: 45,
      narrative: 'Bank reconciliation',
    });

    await login('manager');
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('link', { name: /^Edit Sam Staff's 0.8 h/ }).click();
    await expect(page).toHaveURL(new RegExp(`/time_entries/${entry.id}/edit$`));
    await expect(page.getByText('Recorded by Sam Staff.')).toBeVisible();
    await expect(page.getByLabel('Hours')).toHaveValue('0.75');
    await page.getByLabel('Hours').fill('2');
    await page.getByRole('button', { name: 'Save entry' }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    await expect(
      page.getByRole('region', { name: 'Recent time' }).getByRole('row', { name: /Bank reconciliation/ }),
    ).toContainText('2.0');

    await page.goto(`/time_entries/${entry.id}/edit`);
    await expect(page.getByLabel('Hours')).toHaveValue('2');
    const stored = (await staff.get(`/time-entries/${entry.id}`)) as { version: number };
    await staff.put(`/time-entries/${entry.id}`, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: date,
      minutes: 180,
      narrative: 'Bank reconciliation, both accounts',
      version: stored.version,
    });
    await staff.dispose();
    await page.getByLabel('Narrative').fill('Manager note');
    await page.getByRole('button', { name: 'Save entry' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'This time entry was changed by someone else. Reload it and try again.',
    );
    await page.getByRole('button', { name: 'Reload the entry' }).click();
    await expect(page.getByLabel('Hours')).toHaveValue('3');
    await expect(page.getByLabel('Narrative')).toHaveValue('Bank reconciliation, both accounts');
  });

  test('the time entry form shows its messages; the owner edits and completes his entry in the day list', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const clientName = unique('Own Entry Partners');
    await createClient(admin, clientName);
    const activityName = unique('Planning');
    const activity = await createActivityType(admin, activityName, 11000);
    await admin.dispose();
    const date = daysBefore(firmToday(), 10);

    await login('staff');
    await page.goto(`/time_entries/create?date=${date}`);
    await expect(page.getByLabel('Date')).toHaveValue(date);
    await page.getByRole('button', { name: 'Record time' }).click();
    await expect(page.locator('.field-error')).toHaveText([
      'Client is required',
      'Activity type is required',
      'Minutes are required',
    ]);
    await page.getByRole('combobox', { name: 'Client' }).fill(clientName);
    await page.getByRole('combobox', { name: 'Client' }).press('Enter');
    await page.getByLabel('Activity type').selectOption({ label: `${activityName} (${activity.code})` });
    await page.getByLabel('Hours').fill('abc');
    await page.getByRole('button', { name: 'Record time' }).click();
    await expect(page.locator('.field-error')).toHaveText(['Minutes must be a whole number']);
    await page.getByLabel('Hours').fill('25');
    await page.getByRole('button', { name: 'Record time' }).click();
    await expect(page.locator('.field-error')).toHaveText(['Minutes must be at most 1440 (24 hours)']);
    await page.getByLabel('Hours').fill('1:15');
    await page.getByLabel('Narrative').fill('Quarterly planning');
    await page.getByRole('button', { name: 'Record time' }).click();

    await expect(page).toHaveURL(new RegExp(`/profile\\?day=${date}$`));
    const row = page.getByRole('row', { name: /Quarterly planning/ });
    await expect(row).toContainText('1.3');
    await expect(row).toContainText('Draft');
    await row.getByRole('button', { name: new RegExp(`^Edit 1.3 h for ${clientName}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit time entry' });
    await dialog.getByLabel('Narrative').fill('Quarterly planning meeting');
    await dialog.getByRole('button', { name: 'Save entry' }).click();
    await expect(dialog).toBeHidden();
    const edited = page.getByRole('row', { name: /Quarterly planning meeting/ });
    await edited.getByRole('button', { name: 'Complete' }).click();
    await expect(edited).toContainText('Completed');
    await expect(edited.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  });

  test('the time pages have no axe violations', async ({ page, login }) => {
    await login('staff');
    for (const path of ['/profile', '/time_entries/create']) {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    }
  });
});
