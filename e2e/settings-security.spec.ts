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

test('/settings opens the Security tab and keeps openBiometric when switching tabs', async ({ page }) => {
  // Two axe runs besides the sign-in: more than the default 30 s on a busy machine.
  test.slow();
  // The admin's account is only read here, so the shared demo user will do.
  await submitPassword(page, 'admin', DEMO_PASSWORD);
  await expectDashboard(page, DEMO_USERS.admin.firstName);
  await page.goto('/settings?openBiometric=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(tabs.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectNoAxeViolations(page, '/settings?tab=security');

  await tabs.getByRole('link', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(/\/settings\?openBiometric=true&tab=preferences$/);
  await expect(page.getByRole('checkbox', { name: 'Show dates with the month name' })).not.toBeChecked();
  await expectNoAxeViolations(page, '/settings?tab=preferences');
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
