import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { apiAs, createActivityType, createClient, createTimeEntry, unique, type Api } from './support/records';

// Work that never reached the bill (issue 27): expenses complete like time, a whole week
// completes at once, and WIP says which drafts of the client wait outside it.
test.use({ timezoneId: 'America/New_York' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Expense = { id: number; status: string };

async function draftExpense(api: Api, clientId: number, date: string, cents: number, description: string) {
  return (await api.post('/expenses', {
    client_id: clientId,
    expense_date: date,
    category: 'courier',
    amount_cents: cents,
    description,
  })) as Expense;
}

/** Whether the table of a region shows as columns (true) or as stacked label/value cards. */
async function showsColumns(page: Page, region: string): Promise<boolean> {
  const frame = page.getByRole('region', { name: region }).locator('.table-stack');
  return !(await frame.evaluate((element) => element.classList.contains('is-stacked')));
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`expenses at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('staff completes one expense, then the selected ones; a deleted one is refused and nothing changes', async ({
      page,
      login,
    }) => {
      const admin = await apiAs('admin');
      const client = await createClient(admin, unique('Courier Client'));
      await admin.dispose();
      const staff = await apiAs('staff');
      // Newest first: these three lead the list.
      const one = unique('Filing run');
      const two = unique('Signed returns');
      const three = unique('Board minutes');
      await draftExpense(staff, client.id, '2099-03-01', 1_500, one);
      const second = await draftExpense(staff, client.id, '2099-03-02', 2_500, two);
      await draftExpense(staff, client.id, '2099-03-03', 3_500, three);

      await login('staff');
      await page.goto('/profile');
      const expenses = page.getByRole('region', { name: 'Expenses' });
      const rowOf = (text: string) => expenses.getByRole('row').filter({ hasText: text });
      await expect(rowOf(three)).toContainText('Draft');
      // A table at desktop width for everyone, cards on a phone.
      await expect.poll(() => showsColumns(page, 'Expenses')).toBe(viewport === DESKTOP);

      await rowOf(one)
        .getByRole('button', { name: /^Complete the expense of \$15\.00/ })
        .click();
      await expect(expenses.getByRole('status')).toHaveText(
        /^Completed the expense of \$15\.00 for .* on 3\/1\/2099\.$/,
      );
      await expect(rowOf(one)).toContainText('Completed');

      await rowOf(two).getByRole('checkbox').check();
      await rowOf(three).getByRole('checkbox').check();
      // Someone deletes one of the chosen while the list is open: all or none, so both stay drafts.
      await staff.delete(`/expenses/${second.id}`);
      await expenses.getByRole('button', { name: 'Complete selected (2)' }).click();
      await expect(expenses.getByRole('alert')).toHaveText('Expense not found');
      await expect(rowOf(three)).toContainText('Draft');

      await expect(rowOf(two)).toHaveCount(0);
      await rowOf(three).getByRole('checkbox').check();
      await expenses.getByRole('button', { name: 'Complete selected (1)' }).click();
      await expect(expenses.getByRole('status')).toHaveText(/^Completed the expense of \$35\.00/);
      await expect(rowOf(three)).toContainText('Completed');
      const stored = (await staff.get('/expenses?from=2099-03-01&to=2099-03-03&page_size=100')) as {
        items: (Expense & { description: string })[];
      };
      const mine = stored.items.filter((expense) => [one, two, three].includes(expense.description));
      expect(mine.map((expense) => expense.status)).toEqual(['completed', 'completed']);
      await staff.dispose();
    });
  });
}

test.describe('the week', () => {
  test('staff completes the week after a confirmation with its count and hours; the week grid speaks hours', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const clientName = unique('Week Client');
    const client = await createClient(admin, clientName);
    const activity = await createActivityType(admin, unique('Week work'), 10_000);
    await admin.dispose();
    const staff = await apiAs('staff');
    // A week of its own (Monday 2024-01-01), so no other test's drafts are counted.
    await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: '2024-01-01',
      minutes: 90,
    });
    await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: '2024-01-03',
      minutes: 30,
    });
    await draftExpense(staff, client.id, '2024-01-05', 2_000, unique('Week courier'));

    await login('staff');
    await page.goto('/profile?week=2024-01-01&day=2024-01-03');
    const week = page.getByRole('region', { name: 'Week of January 1, 2024' });
    await week.getByRole('button', { name: 'Complete the week' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete the week' });
    await expect(dialog).toContainText(
      'Complete 2 draft time entries (2.0 h) and 1 draft expense ($20.00) of the week of January 1, 2024?',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Asked again from the day list, and confirmed: the notice says what the server completed.
    const day = page.getByRole('region', { name: /Wed, January 3, 2024/ });
    await day.getByRole('button', { name: 'Complete the week' }).click();
    await expect(dialog).toContainText('Complete 2 draft time entries (2.0 h) and 1 draft expense ($20.00)');
    await dialog.getByRole('button', { name: 'Complete the week' }).click();
    await expect(day.getByRole('status')).toHaveText(
      'Completed 2 time entries (2.0 h) and 1 expense ($20.00) of the week of January 1, 2024.',
    );
    await expect(
      day
        .getByRole('row')
        .filter({ hasText: client.id ? 'Completed' : '' })
        .first(),
    ).toBeVisible();

    await week.getByRole('button', { name: 'Complete the week' }).click();
    await expect(dialog).toContainText('There are no drafts in the week of January 1, 2024');
    await expect(dialog.getByRole('button', { name: 'Complete the week' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Back to the week' }).click();

    // A draft added elsewhere after the dialog counted is still completed, and the notice says so.
    await createTimeEntry(staff, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: '2024-01-02',
      minutes: 60,
    });
    await week.getByRole('button', { name: 'Complete the week' }).click();
    await expect(dialog).toContainText('Complete 1 draft time entry (1.0 h) of the week');
    await staff.post('/time-entries/complete-week', { week_start: '2024-01-01' });
    await dialog.getByRole('button', { name: 'Complete the week' }).click();
    await expect(week.getByRole('status').filter({ hasText: 'Nothing was left' })).toHaveText(
      'Nothing was left to complete in the week of January 1, 2024.',
    );

    // The grid refuses a day's overflow in hours, as typed, and the message goes with the week.
    const cell = week.getByRole('textbox', { name: /, Thu 1\/4$/ }).first();
    await cell.fill('25');
    await cell.press('Tab');
    await expect(week.getByText(/Hours must be at most 24 a day/)).toBeVisible();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('region', { name: 'Week of January 8, 2024' })).toBeVisible();
    await expect(page.getByText(/must be at most/)).toHaveCount(0);
    await staff.dispose();
  });
});

test.describe('drafts waiting outside WIP', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`the biller sees how many wait and the list of them; an administrator completes them into WIP (${viewport.width} px)`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize(viewport);
      const admin = await apiAs('admin');
      const clientName = unique('Waiting Client');
      const client = await createClient(admin, clientName);
      const activity = await createActivityType(admin, unique('Waiting work'), 12_000);
      await admin.dispose();
      const staff = await apiAs('staff');
      await createTimeEntry(staff, {
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: '2026-11-02',
        minutes: 90,
        narrative: 'Drafted, not completed',
      });
      await staff.post('/time-entries/complete', {
        ids: [
          (
            await createTimeEntry(staff, {
              client_id: client.id,
              activity_type_id: activity.id,
              entry_date: '2026-11-03',
              minutes: 60,
            })
          ).id,
        ],
      });
      await draftExpense(staff, client.id, '2026-11-04', 3_000, 'Courier waiting');
      await staff.dispose();

      await login('billing');
      await page.goto(`/clients/${client.id}/wip`);
      const waiting = page.getByText('Not in WIP until completed:');
      await expect(waiting).toHaveText(
        'Not in WIP until completed: 1 draft time entry (1.5 h) and 1 draft expense ($30.00) of this client. Review the drafts',
      );
      await waiting.getByRole('link', { name: 'Review the drafts' }).click();
      await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/drafts$`));
      await expect(page.getByRole('heading', { name: 'Drafts waiting', level: 1 })).toBeVisible();
      const time = page.getByRole('region', { name: 'Draft time' });
      await expect(time.getByRole('row').filter({ hasText: 'Drafted, not completed' })).toContainText('Sam Staff');
      // Billing may not change other people's time: listed, nothing to complete.
      await expect(time.getByRole('checkbox')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Draft expenses' })).toContainText('Courier waiting');

      await page.context().clearCookies();
      await login('admin');
      await page.goto(`/clients/${client.id}/drafts`);
      await time.getByRole('checkbox', { name: /^Select 1\.5 h of Sam Staff/ }).check();
      await time.getByRole('button', { name: 'Complete selected time (1)' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Completed 1 time entry' })).toBeVisible();
      await expect(time.getByText('No draft time')).toBeVisible();
      await page.getByRole('link', { name: 'Open the work in progress' }).click();
      await expect(page.getByText('Not in WIP until completed:')).toHaveText(
        /^Not in WIP until completed: 1 draft expense \(\$30\.00\)/,
      );
      await expect(page.getByRole('region', { name: 'Time' })).toContainText('Drafted, not completed');
    });
  }

  test('a person without can_create_invoices cannot open the drafts list', async ({ page, login }) => {
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Closed Drafts'));
    await admin.dispose();
    await login('staff');
    await page.goto(`/clients/${client.id}/drafts`);
    await expect(page).toHaveURL(/\/access-denied$/);
    await expect(page.getByRole('heading', { name: 'Drafts waiting' })).toHaveCount(0);
  });
});
