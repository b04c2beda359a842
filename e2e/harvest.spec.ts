import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  apiAs,
  createActivityType,
  createClient,
  createTimeEntry,
  daysBefore,
  firmToday,
  gridDay,
  unique,
} from './support/records';

// The page's "today" is the firm's (America/New_York), as the server counts it.
test.use({ timezoneId: 'America/New_York' });

async function savedText(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

/** The page is no wider than the window once the layout has settled after a resize. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

async function workFor(clientName: string, activityName: string) {
  const admin = await apiAs('admin');
  const client = await createClient(admin, clientName);
  const activity = await createActivityType(admin, activityName, 12_000);
  await admin.dispose();
  return { client, activity };
}

test.describe('what Harvest and Kimai users expect', () => {
  // One person per size: a person has one timer, and the two run at once.
  for (const size of [
    { name: 'desktop', width: 1280, height: 800, user: 'manager' as const },
    { name: 'phone', width: 390, height: 844, user: 'admin' as const },
  ]) {
    test(`the top bar's timer starts and stops from any page, by button and by Alt+S (${size.name})`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const clientName = unique('Harbor Timer Co');
      const activityName = unique('Timer work');
      const { activity } = await workFor(clientName, activityName);
      const partner = await apiAs(size.user);
      await partner.delete('/timer').catch(() => undefined);

      await login(size.user);
      const bar = page.getByRole('banner');
      // One line beside the administrator's role (a clock named Start timer on a phone), never broken in two.
      const start = bar.getByRole('button', { name: 'Start timer' });
      await expect(start).toBeVisible();
      expect((await start.boundingBox())?.height).toBeLessThanOrEqual(40);
      await expectNoSidewaysScroll(page);
      await start.click();
      const dialog = page.getByRole('dialog', { name: 'Start timer' });
      await expect(dialog.getByRole('combobox', { name: 'Client' })).toBeFocused();
      await dialog.getByRole('combobox', { name: 'Client' }).fill(clientName);
      await dialog.getByRole('option', { name: new RegExp(clientName) }).click();
      await dialog.getByLabel('Activity type').selectOption({ label: `${activityName} (${activity.code})` });
      await dialog.getByRole('button', { name: 'Start timer' }).click();
      await expect(dialog).toBeHidden();
      await expect(bar.getByRole('timer', { name: 'Timer running' })).toHaveText(/^0:00:\d\d$/);
      await expect(bar.getByRole('link', { name: /Timer running/ })).toHaveAttribute('title', new RegExp(clientName));
      if (size.width > 768) await expect(bar.getByText(clientName)).toBeVisible();
      await expectNoSidewaysScroll(page);

      // Another page keeps the timer in the bar; Alt+S stops it, asking first for a run under a
      // minute (keeping it running is the default), then records it.
      await page.goto('/clients/manage');
      await expect(bar.getByRole('timer')).toBeVisible();
      await page.keyboard.press('Alt+s');
      const ask = page.getByRole('dialog', { name: 'Record under a minute?' });
      await expect(ask.getByRole('button', { name: 'Keep the timer running' })).toBeFocused();
      await ask.getByRole('button', { name: 'Keep the timer running' }).click();
      await expect(ask).toBeHidden();
      await expect(bar.getByRole('timer')).toBeVisible();
      await page.keyboard.press('Alt+s');
      await ask.getByRole('button', { name: 'Record 1 minute' }).click();
      await expect(bar.getByRole('button', { name: 'Start timer' })).toBeVisible();
      const entries = (await partner.get(`/time-entries?from=${firmToday()}&to=${firmToday()}`)) as {
        items: { client: { legal_name: string }; status: string }[];
      };
      expect(entries.items.filter((entry) => entry.client.legal_name === clientName)).toHaveLength(1);

      // Alt+S with no timer opens the start dialog, even from inside a field.
      await page.getByRole('searchbox').first().focus();
      await page.keyboard.press('Alt+s');
      await expect(page.getByRole('dialog', { name: 'Start timer' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Start timer' })).toBeHidden();
      await partner.dispose();
    });
  }

  test('a staff member copies last week’s rows, completes several entries at once and duplicates one', async ({
    page,
    login,
  }) => {
    const clientName = unique('Copy Rows Co');
    const activityName = unique('Copied work');
    const { client, activity } = await workFor(clientName, activityName);
    const billing = await apiAs('billing');
    const today = firmToday();
    await createTimeEntry(billing, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: daysBefore(today, 7),
      minutes: 90,
    });
    const firstDraft = unique('First draft');
    const secondDraft = unique('Second draft');
    for (const narrative of [firstDraft, secondDraft]) {
      await createTimeEntry(billing, {
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: today,
        minutes: 20,
        narrative,
      });
    }
    await billing.dispose();

    await login('billing');
    await page.goto('/profile');
    const week = page.getByRole('region', { name: /^Week of/ });
    const rowName = new RegExp(`${clientName}.*${activityName}`);
    // This week already has the row (today's entries); a week ahead has none, so copy there.
    await week.getByRole('button', { name: 'Next week' }).click();
    await expect(week.getByRole('row', { name: rowName })).toHaveCount(0);
    await week.getByRole('button', { name: 'Previous week' }).click();
    await expect(week.getByRole('row', { name: rowName })).toHaveCount(1);
    const dayList = page.getByRole('region', { name: new RegExp(`^${gridDay(today).label.split(' ')[0]}[a-z]*, `) });
    // Hours show 1 decimal with the exact h:mm on hover (the day's total also holds other tests' time).
    const firstHours = dayList.getByRole('row', { name: firstDraft }).locator('[title$="(h:mm)"]');
    await expect(firstHours).toHaveText('0.3');
    await expect(firstHours).toHaveAttribute('title', '0:20 (h:mm)');

    await dayList
      .getByRole('checkbox', { name: `Select 0.3 h for ${clientName}` })
      .first()
      .check();
    await dayList
      .getByRole('checkbox', { name: `Select 0.3 h for ${clientName}` })
      .last()
      .check();
    await dayList.getByRole('button', { name: 'Complete selected (2)' }).click();
    await expect(dayList.getByRole('status')).toHaveText('Completed 2 entries.');
    await expect(dayList.getByRole('row', { name: firstDraft })).toContainText('Completed');
    await expect(dayList.getByRole('row', { name: secondDraft })).toContainText('Completed');

    await dayList
      .getByRole('row', { name: firstDraft })
      .getByRole('button', { name: `Duplicate 0.3 h for ${clientName}` })
      .click();
    await expect(dayList.getByRole('status')).toHaveText(`Duplicated 0.3 h for ${clientName} as a draft.`);
    await expect(dayList.getByRole('row', { name: firstDraft })).toHaveCount(2);
    await week.getByRole('button', { name: 'Next week' }).click();
    await week.getByRole('button', { name: 'Copy last week’s rows' }).click();
    await expect(week.getByText(/Copied \d+ rows? from last week/)).toBeVisible();
    const copied = week.getByRole('row', { name: rowName });
    await expect(copied).toHaveCount(1);
    await expect(copied.getByRole('textbox').first()).toHaveValue('');
    await week.getByRole('button', { name: 'Copy last week’s rows' }).click();
    await expect(week.getByText('This week already has every row of last week.')).toBeVisible();
  });

  test('a mileage expense is priced at the firm’s rate, and expenses export as CSV', async ({ page, login }) => {
    const clientName = unique('Mileage Co');
    await workFor(clientName, unique('Unused'));
    await login('billing');
    await page.goto('/profile');
    const expenses = page.getByRole('region', { name: 'Expenses' });
    await expenses.getByRole('button', { name: 'Add expense' }).click();
    await expenses.getByRole('combobox', { name: 'Expense client' }).fill(clientName);
    await expenses.getByRole('option', { name: new RegExp(clientName) }).click();
    await expenses.getByLabel('Category').selectOption({ label: 'Mileage' });
    await expect(expenses.getByLabel('Amount ($)')).toHaveCount(0);
    await expenses.getByLabel('Miles').fill('12.55');
    await expenses.getByLabel('Description').fill('=cmd to the site');
    await expenses.getByRole('button', { name: 'Add expense' }).click();
    await expect(expenses.getByText('Miles take at most one decimal')).toBeVisible();
    await expenses.getByLabel('Miles').fill('12.5');
    await expect(expenses.getByText('12.5 mi × $0.70 = $8.75')).toBeVisible();
    await expenses.getByRole('button', { name: 'Add expense' }).click();
    await expect(expenses.getByRole('status')).toHaveText('Expense of $8.75 added.');
    await expect(expenses.getByRole('row', { name: new RegExp(clientName) })).toContainText('Mileage · 12.5 mi');

    const downloading = page.waitForEvent('download');
    await expenses.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('expenses.csv');
    const text = await savedText(download);
    expect(text.split('\r\n')[0]).toBe(
      '\ufeffdate,person,client_id,client_name,category,description,miles,rate_per_mile,amount,markup,total,billable,status,receipt',
    );
    expect(text).toContain(`${clientName},Mileage,'=cmd to the site,12.5,0.70,8.75,0.00,8.75,yes,draft,no`);
  });

  test('a manager reads the team timesheet by week, person and client from the URL; staff cannot', async ({
    page,
    login,
  }) => {
    const clientName = unique('Team Sheet Co');
    const { client, activity } = await workFor(clientName, unique('Team work'));
    const billing = await apiAs('billing');
    const today = firmToday();
    for (let index = 0; index < 3; index += 1) {
      await createTimeEntry(billing, {
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: today,
        minutes: 20,
      });
    }
    await billing.dispose();

    await login('manager');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Team Time' }).click();
    await expect(page).toHaveURL(/\/time_entries\/team$/);
    await expect(page).toHaveTitle('Team time');
    const sheet = page.getByRole('table', { name: /Hours per person, client and day/ });
    await sheet.getByRole('link', { name: clientName }).click();
    await expect(page).toHaveURL(new RegExp(`client_id=${client.id}`));
    await expect(sheet.getByRole('link', { name: 'Bella Billing' })).toBeVisible();
    // Three 20-minute entries: 1.0 h (from 60 minutes), not 3 x 0.3 = 0.9.
    const personRow = sheet.getByRole('row', { name: /Bella Billing/ });
    await expect(personRow.getByRole('cell').last()).toHaveText('1.0');
    await expect(personRow.getByRole('cell').last().locator('[title]')).toHaveAttribute('title', '1:00 (h:mm)');
    await expect(sheet.getByRole('row').last()).toContainText('1.0');

    await page.reload();
    await expect(sheet.getByRole('link', { name: 'Bella Billing' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(page).toHaveURL(/week=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByText('No time matches these filters this week.')).toBeVisible();
    await page.getByRole('button', { name: 'This week' }).click();
    await expect(sheet.getByRole('link', { name: 'Bella Billing' })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await savedText(await downloading);
    expect(text.split('\r\n').filter((line) => line.includes(clientName))).toHaveLength(3);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);

    await page.getByRole('link', { name: 'Show every client, not only ' + clientName }).click();
    await expect(page).not.toHaveURL(/client_id=/);
  });

  test('staff sees no Team Time and is turned away from its page', async ({ page, login }) => {
    await login('staff');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Team Time' }),
    ).toHaveCount(0);
    await page.goto('/time_entries/team');
    await expect(page).toHaveURL(/\/access-denied$/);
  });

  test('the client list exports as CSV with its filters', async ({ page, login }) => {
    const clientName = unique('=Export Filter Co');
    await workFor(clientName, unique('Unused'));
    await login('staff');
    await page.goto(`/clients/manage?q=${encodeURIComponent(clientName.slice(1))}`);
    await expect(page.getByRole('table', { name: 'Clients' }).getByText(clientName)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('clients.csv');
    const lines = (await savedText(download)).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,'${clientName},`);
  });
});
