import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  apiAs,
  createActivityType,
  createClient,
  createTimeEntry,
  daysBefore,
  firmToday,
  gridDay,
  tinyPng,
  unique,
  uniqueCode,
} from './support/records';

// Issue 11's bugs, each driven as the person who met it would: at 1280x800 and on a 390x844
// phone where layout is concerned.
test.use({ timezoneId: 'America/New_York' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A client with an activity type of its own, and the names a test looks for. */
async function arrange(prefix: string) {
  const admin = await apiAs('admin');
  const clientName = unique(prefix);
  const client = await createClient(admin, clientName);
  const activityName = unique('Review');
  const activity = await createActivityType(admin, activityName, 12000);
  await admin.dispose();
  return { clientName, client, activityName, activity };
}

/** 26 clients whose names share a marker, with tags: more than one page of the client list. */
async function arrangeClientPages(): Promise<string> {
  const admin = await apiAs('admin');
  const marker = unique('Paged Client');
  for (let index = 0; index < 26; index += 1) {
    await admin.post('/clients', {
      client_id: uniqueCode('PG'),
      legal_name: `${marker} ${String(index).padStart(2, '0')}`,
      entity_type: 'partnership',
      tags: ['quarterly-filer', 'payroll-service', 'tax-only'],
    });
  }
  await admin.dispose();
  return marker;
}

/** The element is fully on screen and inside its table's box: nothing cut off, nothing past the edge. */
async function expectFullyShown(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const frame = node.closest('.table-scroll')?.getBoundingClientRect() ?? rect;
    return {
      left: rect.left,
      right: rect.right,
      frameLeft: frame.left,
      frameRight: frame.right,
      width: window.innerWidth,
    };
  });
  expect(box.left, 'left edge inside its table').toBeGreaterThanOrEqual(box.frameLeft - 1);
  expect(box.right, 'right edge inside its table').toBeLessThanOrEqual(box.frameRight + 1);
  expect(box.right, 'right edge on screen').toBeLessThanOrEqual(box.width + 1);
}

async function expectPageNotWiderThanScreen(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

async function expectInsideScreen(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  const size = page.viewportSize();
  expect(box && size).toBeTruthy();
  if (!box || !size) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1);
}

test.describe('the time entry edit form', () => {
  test('shows the entry’s activity type in the dialog and on the edit page, and confirms the save', async ({
    page,
    login,
  }) => {
    const { clientName, client, activityName, activity } = await arrange('Activity Shown');
    const date = daysBefore(firmToday(), 12);
    const admin = await apiAs('admin');
    const entry = await createTimeEntry(admin, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: date,
      minutes: 90,
      narrative: 'Reviewed the ledger',
    });
    await admin.dispose();
    const chosen = `${activityName} (${activity.code})`;

    await login('admin');
    await page.goto(`/profile?day=${date}`);
    await page
      .getByRole('row', { name: /Reviewed the ledger/ })
      .getByRole('button', { name: `Edit 1.5 h for ${clientName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit time entry' });
    const select = dialog.getByLabel('Activity type');
    // The client's activity types arrive after the form: the entry's own must stay chosen.
    await expect(select.locator('option:checked')).toHaveText(chosen);
    await expect(select).toHaveValue(String(activity.id));
    await dialog.getByRole('button', { name: 'Save entry' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), / }).getByRole('status')).toHaveText(
      `Saved 1.5 h for ${clientName}.`,
    );

    await page.goto(`/time_entries/${entry.id}/edit`);
    await expect(page.getByLabel('Activity type').locator('option:checked')).toHaveText(chosen);
    await page.getByLabel('Narrative').fill('Reviewed the ledger twice');
    await page.getByRole('button', { name: 'Save entry' }).click();
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByRole('status').filter({ hasText: 'Time entry saved.' })).toBeVisible();
  });
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the expenses, the day list and a client’s recent time show every action inside their table', async ({
      page,
      login,
    }) => {
      const { clientName, client, activity } = await arrange('Wide Columns Holding Company of America');
      const date = daysBefore(firmToday(), 15);
      const staff = await apiAs('staff');
      await createTimeEntry(staff, {
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: date,
        minutes: 45,
        narrative: 'A narrative long enough to need more than one line in the day list of a laptop screen',
      });
      const description = unique('Secretary of State annual report filing fee for the holding company');
      await staff.post('/expenses', {
        client_id: client.id,
        expense_date: date,
        category: 'filing_fee',
        description,
        amount_cents: 12500,
      });
      await staff.dispose();

      await login('staff');
      await page.goto(`/profile?day=${date}`);
      const day = page.getByRole('row', { name: /A narrative long enough/ });
      await expectFullyShown(day.getByRole('button', { name: `Complete 0.8 h for ${clientName}` }));
      await expectFullyShown(day.getByRole('button', { name: `Edit 0.8 h for ${clientName}` }));

      const expense = page
        .getByRole('region', { name: 'Expenses' })
        .getByRole('row', { name: new RegExp(description) });
      await expectFullyShown(expense.getByRole('button', { name: 'Attach receipt' }));
      await expectFullyShown(expense.getByRole('button', { name: /^Edit the expense of \$125\.00/ }));
      await expectFullyShown(expense.getByRole('button', { name: /^Delete the expense of \$125\.00/ }));
      // The hidden file inputs of the receipts stretched a phone's page to 965 px.
      await expectPageNotWiderThanScreen(page);

      // A manager sees the client's recent time with its Edit links.
      await page.context().clearCookies();
      await loginAs(page, 'manager');
      await page.goto(`/clients/${client.id}`);
      const recent = page.getByRole('region', { name: 'Recent time' });
      const row = recent.getByRole('row', { name: /A narrative long enough/ });
      for (const text of ['0.8', '$90.00', 'Draft']) await expectFullyShown(row.getByText(text, { exact: true }));
      await expectFullyShown(row.getByRole('link', { name: /^Edit Sam Staff's 0.8 h/ }));
      await expectPageNotWiderThanScreen(page);
    });

    test('the client list and a client’s activity types scroll with the page, tags not cut', async ({
      page,
      login,
    }) => {
      const marker = await arrangeClientPages();
      await login('admin');
      await page.goto(`/clients/manage?q=${encodeURIComponent(marker)}`);
      const list = page.getByRole('region', { name: 'Client list' });
      await expect(list.locator('tbody tr')).toHaveCount(25);
      // At 1280 the columns stay side by side (the tags wrap); a phone stacks the rows as cards.
      if (viewport === DESKTOP) await expect(list.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
      const frame = list.locator('.table-scroll');
      const inner = await frame.evaluate((node) => ({ scroll: node.scrollHeight, client: node.clientHeight }));
      expect(inner.scroll, 'no inner vertical scroll box').toBeLessThanOrEqual(inner.client + 1);
      await expectFullyShown(list.locator('tbody tr').nth(24).getByRole('cell').last());
      await expectPageNotWiderThanScreen(page);

      const first = list.getByRole('row').nth(1).getByRole('link');
      await first.click();
      await page.getByRole('link', { name: 'Activity types and rates' }).click();
      const table = page.locator('main .table-scroll');
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      const box = await table.evaluate((node) => ({ scroll: node.scrollHeight, client: node.clientHeight }));
      expect(box.scroll, 'no inner vertical scroll box').toBeLessThanOrEqual(box.client + 1);
      await expectPageNotWiderThanScreen(page);
    });
  });
}

/** Signs in on a page whose cookies were cleared, as another user. */
async function loginAs(page: Page, username: 'manager' | 'readonly' | 'staff' | 'admin'): Promise<void> {
  await page.goto('/login?popup');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill('demo-password');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible({ timeout: 15_000 });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the week grid shows one day with the week total; the edit dialogs fit the screen', async ({ page, login }) => {
    const { clientName, client, activityName, activity } = await arrange('Phone Week');
    const today = firmToday();
    const staff = await apiAs('staff');
    await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: today,
      minutes: 60,
      narrative: 'Phone week entry',
    });
    await staff.dispose();

    await login('staff');
    await page.goto(`/profile?day=${today}`);
    const week = page.getByRole('region', { name: /^Week of/ });
    const row = week.getByRole('row', { name: new RegExp(clientName) });
    const label = (day: string) => `Hours for ${clientName}, ${activityName}, ${day}`;
    const shown = gridDay(today);
    await expect(row.getByRole('textbox', { name: label(shown.label) })).toBeVisible();
    await expect(row.getByRole('textbox')).toHaveCount(1);
    await expect(row.getByRole('cell').last()).toHaveText('1.0');
    await expectFullyShown(row.getByRole('cell').last());

    // Another day of the week, picked on the strip above the grid.
    const other = gridDay(daysBefore(today, shown.column === 0 ? -1 : 1));
    await week.getByRole('group', { name: 'Day shown' }).getByRole('button', { name: other.label }).click();
    await expect(row.getByRole('textbox', { name: label(other.label) })).toBeVisible();
    await expect(row.getByRole('textbox', { name: label(shown.label) })).toBeHidden();
    await expect(row.getByRole('cell').last()).toHaveText('1.0');
    await expectPageNotWiderThanScreen(page);

    await page.goto(`/profile?day=${today}`);
    await page
      .getByRole('row', { name: /Phone week entry/ })
      .getByRole('button', { name: `Edit 1.0 h for ${clientName}` })
      .click();
    await expectInsideScreen(page, page.getByRole('dialog', { name: 'Edit time entry' }));
    await page.keyboard.press('Escape');

    await page
      .getByRole('button', { name: /^Edit the expense of/ })
      .first()
      .click();
    await expectInsideScreen(page, page.getByRole('dialog', { name: 'Edit expense' }));
  });

  test('Tab stays in the open menu, and the page behind it is out of reach', async ({ page, login }) => {
    await login('staff');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('button', { name: 'Close navigation menu' })).toBeFocused();
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      expect(await navigation.evaluate((nav) => nav.contains(document.activeElement)), `Tab ${press + 1}`).toBe(true);
    }
    await navigation.getByRole('button', { name: 'Close navigation menu' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(navigation.getByRole('button', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open navigation menu' })).toBeFocused();
  });
});

test.describe('the timer', () => {
  test('asks before discarding or recording under a minute, and keeps the focus after starting with Enter', async ({
    page,
    login,
  }) => {
    const { clientName, activityName, activity } = await arrange('Timer Questions');
    // The manager's timer: other specs run the staff member's at the same time.
    await login('manager');
    await page.goto('/profile');
    const timer = page.getByRole('region', { name: 'Timer' });
    if (await timer.getByRole('button', { name: 'Discard' }).isVisible()) {
      await timer.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('button', { name: 'Discard the timer' }).click();
    }
    await timer.getByRole('combobox', { name: 'Client' }).fill(clientName);
    await timer.getByRole('option', { name: new RegExp(clientName) }).click();
    await timer.getByLabel('Activity type').selectOption({ label: `${activityName} (${activity.code})` });
    await timer.getByLabel('Narrative').fill('Started by keyboard');
    await timer.getByLabel('Narrative').press('Enter');
    const stop = timer.getByRole('button', { name: 'Stop and record' });
    await expect(stop).toBeFocused();

    await page.keyboard.press('Enter');
    const short = page.getByRole('dialog', { name: 'Record under a minute?' });
    await expect(short).toContainText(`The timer for ${clientName}`);
    await expect(short).toContainText(`· ${activityName} has run for less than a minute`);
    await expect(short.getByRole('button', { name: 'Keep the timer running' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(short).toBeHidden();
    await expect(timer.getByRole('timer')).toBeVisible();

    await timer.getByRole('button', { name: 'Discard' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard the timer?' });
    await discard.getByRole('button', { name: 'Keep the timer running' }).click();
    await expect(timer.getByRole('timer')).toBeVisible();
    const manager = await apiAs('manager');
    expect(((await manager.get('/timer')) as { timer: unknown }).timer).not.toBeNull();

    await timer.getByRole('button', { name: 'Discard' }).click();
    await discard.getByRole('button', { name: 'Discard the timer' }).click();
    await expect(timer.getByRole('status')).toHaveText('Timer discarded.');
    expect(((await manager.get('/timer')) as { timer: unknown }).timer).toBeNull();
    await manager.dispose();
  });
});

test.describe('confirmations', () => {
  test('recording, completing, attaching a receipt and saving an activity type each confirm', async ({
    page,
    login,
  }) => {
    const { clientName, client, activityName, activity } = await arrange('Confirmed Saves');
    const date = daysBefore(firmToday(), 18);
    const staff = await apiAs('staff');
    await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: date,
      minutes: 30,
      narrative: 'Second entry of the day',
    });
    const description = unique('Courier');
    await staff.post('/expenses', {
      client_id: client.id,
      expense_date: date,
      category: 'postage',
      description,
      amount_cents: 1850,
    });
    await staff.dispose();

    await login('staff');
    await page.goto(`/time_entries/create?date=${date}`);
    await page.getByRole('combobox', { name: 'Client' }).fill(clientName);
    await page.getByRole('combobox', { name: 'Client' }).press('Enter');
    await page.getByLabel('Activity type').selectOption({ label: `${activityName} (${activity.code})` });
    await page.getByLabel('Hours').fill('1.5');
    await page.getByRole('button', { name: 'Record time' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Time entry recorded' })).toHaveText(
      `Time entry recorded: 1.5 h for ${clientName}.`,
    );

    // Two drafts of one client on one day: each Complete button names its own entry (the
    // week's and the expenses' Complete buttons are others).
    const completes = page.getByRole('button', { name: /^Complete (?!selected|the week|the expense)/ });
    await expect(completes).toHaveCount(2);
    const names = await completes.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(new Set(names).size, names.join(' | ')).toBe(2);
    await expect(page.getByRole('button', { name: `Complete 1.5 h for ${clientName}, ${activityName}` })).toHaveCount(
      1,
    );
    await page.getByRole('button', { name: `Complete 0.5 h for ${clientName}, ${activityName}`, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Completed' })).toHaveText(
      `Completed 0.5 h for ${clientName}.`,
    );

    const expenses = page.getByRole('region', { name: 'Expenses' });
    await expenses
      .getByRole('row', { name: new RegExp(description) })
      .getByLabel(/^Receipt file/)
      .setInputFiles({ name: 'courier.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(expenses.getByRole('status')).toHaveText(
      new RegExp(`^Receipt courier\\.png attached to the expense of \\$18\\.50 for ${clientName}`),
    );

    await page.context().clearCookies();
    await loginAs(page, 'admin');
    await page.goto('/activity-types');
    await page.getByRole('searchbox', { name: 'Search activity types' }).fill(activity.code);
    await page.getByRole('button', { name: `Edit ${activityName}` }).click();
    await page.getByRole('dialog', { name: 'Edit activity type' }).getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Activity type' })).toHaveText(
      `Activity type ${activityName} saved.`,
    );
  });

  test('Cancel on a changed client form asks before discarding', async ({ page, login }) => {
    const { client } = await arrange('Careful Cancel');
    await login('admin');
    await page.goto(`/clients/${client.id}/edit`);
    const dba = page.getByLabel('DBA');
    await dba.fill('Changed but not saved');

    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(asked).toEqual(['Discard your changes to this client?']);
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/edit$`));
    await expect(dba).toHaveValue('Changed but not saved');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    await expect(page.getByText('Changed but not saved')).toHaveCount(0);

    // Nothing changed: Cancel leaves without asking.
    await page.goto(`/clients/${client.id}/edit`);
    page.once('dialog', () => asked.push('asked again'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    expect(asked).toHaveLength(1);
  });
});

test.describe('pages and history', () => {
  test.use({ viewport: DESKTOP });

  test('Back from the second page of clients returns to the first', async ({ page, login }) => {
    const marker = await arrangeClientPages();
    await login('admin');
    await page.goto(`/clients/manage?q=${encodeURIComponent(marker)}`);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager).toContainText('Page 1 of 2');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager).toContainText('Page 2 of');
    await page.goBack();
    await expect(page).toHaveURL(/\/clients\/manage\?q=[^&]+$/);
    await expect(pager).toContainText('Page 1 of 2');
    await expect(page.getByRole('table', { name: 'Clients' }).locator('tbody tr')).toHaveCount(25);
  });

  test('the sidebar’s dark column reaches the end of a long page', async ({ page, login }) => {
    await login('staff');
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Expenses' }).getByRole('row').nth(1)).toBeVisible();
    const {
      column,
      page: pageHeight,
      color,
    } = await page.evaluate(() => {
      const shell = document.querySelector('.shell') as HTMLElement;
      const layer = getComputedStyle(shell, '::before');
      return {
        column: parseFloat(layer.height),
        page: document.documentElement.scrollHeight,
        color: layer.backgroundColor,
      };
    });
    expect(pageHeight).toBeGreaterThan(800);
    expect(column).toBeGreaterThanOrEqual(pageHeight - 1);
    expect(color).toBe(
      await page.evaluate(
        () => getComputedStyle(document.getElementById('app-sidebar') as HTMLElement).backgroundColor,
      ),
    );
  });

  test('the dashboard says Week’s hours counts the last 7 days', async ({ page, login }) => {
    await login('staff');
    const stats = page.getByRole('region', { name: 'Your numbers' });
    await expect(stats.getByRole('definition').filter({ hasText: 'Last 7 days' })).toHaveText(
      'Last 7 days, today included',
    );
  });
});

test.describe('accessibility', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const username of ['staff', 'readonly'] as const) {
      test(`a client page with recent time has no axe violations for ${username} at ${viewport.width} px`, async ({
        page,
        login,
      }) => {
        await page.setViewportSize(viewport);
        const { client, activity } = await arrange('Axe Recent Time');
        const staff = await apiAs('staff');
        for (const days of [3, 4, 5]) {
          await createTimeEntry(staff, {
            client_id: client.id,
            activity_type_id: activity.id,
            entry_date: daysBefore(firmToday(), days),
            minutes: 30 * days,
            narrative: `Entry ${days} days ago, with a narrative that wraps on a narrow screen`,
          });
        }
        await staff.dispose();
        await login(username);
        await page.goto(`/clients/${client.id}`);
        await expect(page.getByRole('region', { name: 'Recent time' }).getByRole('row')).not.toHaveCount(0);
        await expectNoAxeViolations(page, `client page for ${username}`);
      });
    }
  }
});
