import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { canvasImage, naturalWidth } from './support/images';
import { nextMailTo, resetPathIn } from './support/mail';
import { expectDashboard, FIRST_PAGE_TIMEOUT_MS, submitPassword } from './support/sign-in';

// The "E2E People" firm of apps/server/test/seed-e2e.ts: only this spec changes its people, roles and colours.
const ADMIN = { username: 'peopleadmin', firstName: 'Petra', firm: 'E2E People' };
// Unique per attempt: a retry finds the first attempt's user and role in place.
const RUN = String(Date.now() % 100_000);
const NEWBIE = {
  username: `nina${RUN}`,
  firstName: 'Nina',
  lastName: 'Newhire',
  email: `nina${RUN}@e2e-people.example`,
};
const ROLE = `Time only ${RUN}`;
const NEWBIE_PASSWORD = 'amber-lamp-42';

/** The page's confirmation line (a loading skeleton is a status too). */
const notice = (page: Page) => page.locator('p.form-success[role="status"]');

/** The page's refusal line. */
const refusal = (page: Page) => page.locator('p.form-error[role="alert"]');

/** The Username column of the people table, top to bottom. */
const listedUsernames = (page: Page) =>
  page.getByRole('table', { name: 'People' }).locator('tbody tr td:nth-child(2)').allTextContents();

/** /users/manage in the browser: search, the role filter and a column's sort, both ways. */
async function browsePeople(page: Page) {
  await page.goto('/users/manage');
  await expectNoAxeViolations(page, '/users/manage');
  const rows = page.getByRole('table', { name: 'People' }).locator('tbody tr');
  await page.getByLabel('Search people').fill(NEWBIE.username);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${NEWBIE.username}`));
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(NEWBIE.email);
  await page.getByLabel('Search people').fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  // Only this spec's administrator holds the Administrator role in this firm.
  await page.getByLabel('Role').selectOption({ label: 'Administrator' });
  await expect(page).toHaveURL(/[?&]role_id=\d+/);
  await expect.poll(() => listedUsernames(page)).toEqual([ADMIN.username]);
  await page.getByLabel('Role').selectOption({ label: 'All roles' });
  await expect(rows).not.toHaveCount(1);
  const byUsername = page.getByRole('columnheader', { name: 'Username' });
  for (const order of ['ascending', 'descending'] as const) {
    await byUsername.getByRole('button').click();
    await expect(byUsername).toHaveAttribute('aria-sort', order);
    await expect(page).toHaveURL(new RegExp(`[?&]order=${order === 'ascending' ? 'asc' : 'desc'}`));
    await expect
      .poll(async () => {
        const names = await listedUsernames(page);
        const sorted = [...names].sort((a, b) => a.localeCompare(b));
        return (
          names.join() === (order === 'ascending' ? sorted : sorted.reverse()).join() && names.includes(NEWBIE.username)
        );
      }, `usernames ${order}`)
      .toBe(true);
  }
}

test('an administrator runs the firm: people, roles, live permissions, deactivation, branding and export', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await submitPassword(page, ADMIN.username, 'demo-password');
  await expectDashboard(page, ADMIN.firstName);

  // A new user, refused first for a short username (SPEC 5), then created: an invitation goes out.
  await page.goto('/users/create');
  await expectNoAxeViolations(page, '/users/create');
  await page.getByLabel('First name').fill(NEWBIE.firstName);
  await page.getByLabel('Last name').fill(NEWBIE.lastName);
  await page.getByLabel('Username').fill('nina');
  await page.getByLabel('E-mail').fill(NEWBIE.email);
  await page.getByLabel('Role').selectOption({ label: 'Staff' });
  await page.getByRole('button', { name: 'Create user and send invitation' }).click();
  await expect(page.getByText('Username must be at least 5 characters')).toBeVisible();
  await page.getByLabel('Username').fill(NEWBIE.username);
  await page.getByRole('button', { name: 'Create user and send invitation' }).click();
  await expect(notice(page)).toContainText(`User ${NEWBIE.username} created`);
  const userUrl = page.url();
  expect(userUrl).toMatch(/\/users\/\d+$/);
  await expectNoAxeViolations(page, '/users/{id}');

  // He chooses his password from the e-mail and signs in, in his own browser.
  const invitation = await nextMailTo(NEWBIE.email, 0);
  expect(invitation.text).toContain(`Your username is ${NEWBIE.username}`);
  const his = await browser.newPage();
  await his.goto(resetPathIn(invitation));
  await his.getByLabel('New password', { exact: true }).fill(NEWBIE_PASSWORD, { timeout: FIRST_PAGE_TIMEOUT_MS });
  await his.getByLabel('Confirm new password').fill(NEWBIE_PASSWORD);
  await his.getByRole('button', { name: 'Set new password' }).click();
  await expect(his.getByRole('status')).toContainText('Your password has been reset');
  await submitPassword(his, NEWBIE.username, NEWBIE_PASSWORD);
  await expectDashboard(his, NEWBIE.firstName);
  const sidebar = his.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar.getByRole('link', { name: 'Clients' })).toBeVisible();

  await browsePeople(page);

  // A role without can_view_clients, made in the grid and given to him.
  await page.goto('/admin/roles');
  await expectNoAxeViolations(page, '/admin/roles');
  await page.getByLabel('New role').fill('staff');
  await page.getByRole('button', { name: 'Add role' }).click();
  await expect(refusal(page)).toHaveText('A role named staff already exists');
  await page.getByLabel('New role').fill(ROLE);
  await page.getByRole('button', { name: 'Add role' }).click();
  await expect(notice(page)).toContainText(`Role ${ROLE} created`);
  await page.getByRole('checkbox', { name: `View time entries for ${ROLE}`, exact: true }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(notice(page)).toHaveText(`Saved ${ROLE}.`);
  await page.goto(`${userUrl}/edit`);
  await expectNoAxeViolations(page, '/users/{id}/edit');
  await page.getByLabel('Role').selectOption({ label: ROLE });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(notice(page)).toHaveText('User saved.');

  // Without signing in again, his Clients item and pages go away at his next click.
  await sidebar.getByRole('link', { name: 'Time Tracking' }).click();
  await expect(sidebar.getByRole('link', { name: 'Clients' })).toHaveCount(0, { timeout: 15_000 });
  await his.goto('/clients/manage');
  await expect(his).toHaveURL(/\/access-denied$/, { timeout: FIRST_PAGE_TIMEOUT_MS });

  // His standard rate from a date: a rate past the limit is refused, then the change is listed.
  await page.goto(userUrl);
  const rate = page.getByRole('region', { name: 'Standard billing rate' });
  await rate.getByLabel('New rate ($/h)').fill('200000');
  await rate.getByRole('button', { name: 'Save rate' }).click();
  await expect(refusal(page)).toHaveText('Rate must be at most $100,000');
  await expect(rate.getByRole('listitem')).toHaveCount(0);
  await rate.getByLabel('New rate ($/h)').fill('150');
  await rate.getByLabel('Effective from').fill('2026-01-01');
  await rate.getByRole('button', { name: 'Save rate' }).click();
  await expect(rate.getByRole('status')).toContainText('Rate $150.00 from');
  await expect(rate.getByRole('listitem')).toHaveText(/^From .*: \$150\.00$/);

  // Deactivated, his open browser is signed out.
  await page.goto(userUrl);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(notice(page)).toHaveText('User deactivated and signed out everywhere.');
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(his.getByRole('dialog', { name: 'Session Expired' })).toBeVisible({ timeout: 15_000 });
  await his.close();
  // The list shows the active by default; he is one filter away, his history kept.
  await page.goto(`/users/manage?q=${NEWBIE.username}`);
  await expect(page.getByText('Nobody matches these filters')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await expect(page).toHaveURL(/[?&]active=false/);
  await expect(page.getByRole('table', { name: 'People' }).locator('tbody tr')).toContainText(NEWBIE.email);
  // The administrator cannot deactivate himself.
  await page.goto(`/users/manage?q=${ADMIN.username}`);
  await page.getByRole('table', { name: 'People' }).getByRole('link').click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(refusal(page)).toHaveText('You cannot deactivate yourself');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible({ timeout: FIRST_PAGE_TIMEOUT_MS });

  // The firm's colours change the shell; a bad colour is refused first.
  await page.goto('/admin');
  await expectNoAxeViolations(page, '/admin');
  const primary = page.getByLabel('Primary colour');
  await primary.fill('orange');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Primary colour must be a colour like #007bff')).toBeVisible();
  await primary.fill('#aa3300');
  await page.getByLabel('Secondary colour').fill('#1f6f43');
  await expect(page.getByLabel('Colour preview')).toContainText('#961f00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(notice(page)).toHaveText('Settings saved.');
  // What the shell paints, not only the variables: the filled button in the hover shade of the
  // primary (white on the raw primary is too faint), the top bar's edge in the secondary.
  const save = page.getByRole('button', { name: 'Save settings' });
  const painted = async () => ({
    button: await save.evaluate((element) => getComputedStyle(element).backgroundColor),
    topBarEdge: await page.locator('.top-bar').evaluate((element) => getComputedStyle(element).borderBottomColor),
  });
  const firmColours = { button: 'rgb(150, 31, 0)', topBarEdge: 'rgb(31, 111, 67)' };
  // The pointer off the button: hovered, it is darker still.
  await page.mouse.move(600, 5);
  await expect.poll(painted).toEqual(firmColours);
  await page.reload();
  await expect.poll(painted, { timeout: FIRST_PAGE_TIMEOUT_MS }).toEqual(firmColours);
  // A WebP logo, encoded by the browser, shows at once in the settings and in the shell's menu.
  const logo = await canvasImage(page, 'image/webp', { width: 96, height: 32 }, '#aa3300');
  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'logo.webp', mimeType: 'image/webp', buffer: logo });
  await expect(page.getByRole('status').filter({ hasText: 'Logo uploaded.' })).toBeVisible();
  await expect(page.locator('img.firm-logo-preview')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('img', { name: `${ADMIN.firm} logo` })).toBeVisible();
  await expect.poll(() => naturalWidth(page, '.sidebar-header img')).toBe(96);
  // The audit trail, a page of its own, shows the change with its before and after.
  await page.getByRole('link', { name: 'Audit trail' }).click();
  await page.getByLabel('Record').selectOption({ label: 'organization settings' });
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText(/Primary color: #[0-9a-f]{6} → #aa3300/);

  // The export downloads, and its ZIP holds this firm's people.
  await page.goto('/admin/export');
  await expectNoAxeViolations(page, '/admin/export');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^firm-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(notice(page)).toHaveText('The export was downloaded.');
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(Object.keys(files)).toContain('people.csv');
  const people = strFromU8(files['people.csv']!);
  expect(people).toContain(`${NEWBIE.username},${NEWBIE.email},${NEWBIE.firstName},${NEWBIE.lastName},${ROLE},no`);
  expect(people).not.toContain('demo-cpa.example');
});
