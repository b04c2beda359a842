import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { E2E_ACCOUNTS, E2E_ACCOUNT_PASSWORD } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD, DEMO_USERS } from './support/demo';
import { codeIn, mailTo, nextMailTo } from './support/mail';
import { expectDashboard, submitPassword } from './support/sign-in';

async function signIn(page: Page, username: keyof typeof E2E_ACCOUNTS, password = E2E_ACCOUNT_PASSWORD) {
  await submitPassword(page, username, password);
  await expectDashboard(page, E2E_ACCOUNTS[username].firstName);
}

test('/settings opens the Security tab by default and switches tabs by ?tab=', async ({ page }) => {
  // Two axe runs besides the sign-in: more than the default 30 s on a busy machine.
  test.slow();
  // The admin's account is only read here, so the shared demo user will do.
  await submitPassword(page, 'admin', DEMO_PASSWORD);
  await expectDashboard(page, DEMO_USERS.admin.firstName);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(tabs.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectNoAxeViolations(page, '/settings?tab=security');

  await tabs.getByRole('link', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=preferences$/);
  await expect(page.getByRole('checkbox', { name: 'Show dates with the month name' })).not.toBeChecked();
  await expectNoAxeViolations(page, '/settings?tab=preferences');

  // On a phone the tabs wrap rather than push the page, and its last tab, past the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tabs.getByRole('link', { name: 'Accessibility' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('changing the password needs the current one and follows the password rules', async ({ page, browser }) => {
  // Several sign-ins and password hashes: more than the default 30 s on a busy machine.
  test.slow();
  const newPassword = 'amber-lantern-4';
  await signIn(page, 'passworduser');
  await page.goto('/settings?tab=security');
  const panel = page.getByRole('region', { name: 'Change password' });
  await panel.getByLabel('Current password').fill('not-my-password');
  await panel.getByLabel('New password', { exact: true }).fill(newPassword);
  await panel.getByLabel('Confirm new password').fill(newPassword);
  await panel.getByRole('button', { name: 'Change password' }).click();
  await expect(panel.getByText('Current password is incorrect')).toBeVisible();

  await panel.getByLabel('Current password').fill(E2E_ACCOUNT_PASSWORD);
  await panel.getByLabel('New password', { exact: true }).fill('abc');
  await panel.getByLabel('Confirm new password').fill('abc');
  await panel.getByRole('button', { name: 'Change password' }).click();
  await expect(panel.getByText('Password must be at least 5 characters')).toBeVisible();

  await panel.getByLabel('New password', { exact: true }).fill('password');
  await panel.getByLabel('Confirm new password').fill('password');
  await panel.getByRole('button', { name: 'Change password' }).click();
  await expect(panel.getByText('This password is too common. Please choose a less guessable one.')).toBeVisible();

  await panel.getByLabel('New password', { exact: true }).fill(newPassword);
  await panel.getByLabel('Confirm new password').fill(newPassword);
  await panel.getByRole('button', { name: 'Change password' }).click();
  await expect(panel.getByRole('status')).toHaveText('Password changed. Your other sessions have been signed out.');
  await expect(panel.getByLabel('Current password')).toHaveValue('');

  const other = await browser.newPage();
  const refused = await submitPassword(other, 'passworduser', E2E_ACCOUNT_PASSWORD);
  await expect(refused.getByRole('alert')).toHaveText('Invalid username or password');
  await signIn(other, 'passworduser', newPassword);
  await other.close();
});

test('turning two-factor on makes the next sign-in ask for an e-mailed code', async ({ page }) => {
  // Several sign-ins and password hashes: more than the default 30 s on a busy machine.
  test.slow();
  const { email, firstName } = E2E_ACCOUNTS.twofactoruser;
  await signIn(page, 'twofactoruser');
  await page.goto('/settings?tab=security');
  const panel = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(panel.getByRole('status')).toHaveText('Off: signing in needs only your password.');
  await panel.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(panel.getByText('Current password is required')).toBeVisible();
  await panel.getByLabel('Current password').fill(E2E_ACCOUNT_PASSWORD);
  await panel.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(panel.getByRole('status')).toHaveText(`On: each sign-in asks for an 8-digit code sent to ${email}.`);

  await page.context().clearCookies();
  const before = mailTo(email).length;
  const dialog = await submitPassword(page, 'twofactoruser', E2E_ACCOUNT_PASSWORD);
  await expect(dialog).toHaveAccessibleName('Two-Factor Verification');
  await dialog.getByLabel('Verification code').fill(codeIn(await nextMailTo(email, before)));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expectDashboard(page, firstName);
});

test('the Profile tab renames him at once and takes a new e-mail only from its link; preferences follow him', async ({
  page,
  browser,
}) => {
  // Several sign-ins, a password check and two browsers: more than the default 30 s on a busy machine.
  test.slow();
  // Unique per attempt: a retry starts from the first attempt's address.
  const newEmail = `prue${Date.now() % 100_000}@e2e-accounts.example`;
  await signIn(page, 'profileuser');
  await page.goto('/settings?tab=profile');
  const profile = page.getByRole('form', { name: 'Profile' });
  const email = profile.getByLabel('E-mail');
  await expect(email).not.toHaveValue('');
  const oldEmail = await email.inputValue();
  await expectNoAxeViolations(page, '/settings?tab=profile');

  await profile.getByLabel('Last name').fill('Proffitt');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toContainText('Profile saved.');
  const summary = page.locator('.user-summary');
  await expect(summary).toContainText('Prue Proffitt');

  // A new address needs his password: a wrong one is refused and nothing waits for confirmation.
  await email.fill(newEmail);
  await profile.getByLabel('Current password').fill('not-my-password');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Current password is incorrect')).toBeVisible();
  await page.reload();
  await expect(email).toHaveValue(oldEmail);
  await expect(profile.getByText(`Waiting for confirmation: ${newEmail}`)).toHaveCount(0);

  const before = mailTo(newEmail).length;
  await email.fill(newEmail);
  await profile.getByLabel('Current password').fill(E2E_ACCOUNT_PASSWORD);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toHaveText(
    `Profile saved. Open the link sent to ${newEmail} to use it as your e-mail.`,
  );
  await expect(profile.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
  await expect(email).toHaveValue(oldEmail);
  await expect(summary).toContainText(oldEmail);
  // An address the form refuses takes the confirmation's place: no "Profile saved." above its error.
  await email.fill('not-an-email');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Invalid email address')).toBeVisible();
  await expect(profile.getByRole('status')).toHaveCount(0);

  // The link from the new address's mailbox makes it his e-mail, once.
  const confirmation = await nextMailTo(newEmail, before);
  const link = /https?:\/\/[^\s"<>]+confirmEmail=[^\s"<>]+/.exec(confirmation.text)?.[0];
  expect(link, 'confirmation link').toBeDefined();
  const { pathname, search } = new URL(link!);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('status').filter({ hasText: `Your e-mail is now ${newEmail}.` })).toBeVisible();
  await expect(page).not.toHaveURL(/confirmEmail=/);
  await expect(email).toHaveValue(newEmail);
  await expect(summary).toContainText(newEmail);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('alert')).toHaveText('This e-mail confirmation link is invalid or has expired');
  await expect(email).toHaveValue(newEmail);

  // His display preferences are kept with his account: another browser, signed in afresh, has them.
  const stored = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/preferences') && response.request().method() === 'GET',
  );
  await page.goto('/settings?tab=preferences');
  const was = (await (await stored).json()) as { formattedDates?: string; notifsMode?: string };
  const longDates = was.formattedDates !== 'true';
  const notifsMode = was.notifsMode === 'quiet' ? 'important' : 'quiet';
  const saved = () =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/user/preferences') && response.request().method() === 'PUT' && response.ok(),
    );
  const longDatesBox = page.getByRole('checkbox', { name: 'Show dates with the month name' });
  await expect(longDatesBox).toBeChecked({ checked: !longDates });
  const datesSaved = saved();
  await longDatesBox.setChecked(longDates);
  await datesSaved;
  const modeSaved = saved();
  await page.getByRole('combobox', { name: 'Notifications' }).selectOption(notifsMode);
  await modeSaved;
  await expect(page.getByRole('status')).toHaveText('Preferences saved.');

  const other = await browser.newPage();
  await signIn(other, 'profileuser');
  await other.goto('/settings?tab=preferences');
  await expect(other.getByRole('checkbox', { name: 'Show dates with the month name' })).toBeChecked({
    checked: longDates,
  });
  await expect(other.getByRole('combobox', { name: 'Notifications' })).toHaveValue(notifsMode);
  await other.close();
});
