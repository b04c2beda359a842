import { expect, test } from './support/fixtures';
import { E2E_ACCOUNTS, E2E_ACCOUNT_PASSWORD } from './support/accounts';
import { mailTo, nextMailTo, resetPathIn } from './support/mail';
import { expectDashboard, FIRST_PAGE_TIMEOUT_MS, submitPassword } from './support/sign-in';

const { email, firstName } = E2E_ACCOUNTS.resetuser;
const NEW_PASSWORD = 'quiet-harbor-7';

async function openResetModal(page: Parameters<typeof submitPassword>[0]) {
  await page.goto('/login?popup');
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Forgot password?' }).click();
  return page.getByRole('dialog', { name: 'Reset Password' });
}

test('the reset modal checks the address (SPEC 5)', async ({ page }) => {
  const dialog = await openResetModal(page);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to sign in' }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  await expect(signIn.getByLabel('Username')).toBeFocused();
});

test('an unknown or used-up link says so and leads to sign-in', async ({ page }) => {
  await page.goto('/reset_password/not-a-real-code');
  await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired.', {
    timeout: FIRST_PAGE_TIMEOUT_MS,
  });
  await expect(page).toHaveURL(/\/reset_password\/not-a-real-code$/);
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test('the e-mailed link sets a new password; the old one stops working', async ({ page, browser }) => {
  // Several sign-ins and password hashes: more than the default 30 s on a busy machine.
  test.slow();
  const before = mailTo(email).length;
  const dialog = await openResetModal(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Password reset email sent!');
  // SPEC 4: back to sign-in after 2 s.
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible({ timeout: 4_000 });

  const resetPath = resetPathIn(await nextMailTo(email, before));
  await page.goto(resetPath);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible({ timeout: FIRST_PAGE_TIMEOUT_MS });
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two new passwords do not match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('password');
  await page.getByLabel('Confirm new password').fill('password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password is too common. Please choose a less guessable one.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been reset. Please sign in with your new password.',
  );
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  // The reset signs nobody in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/, { timeout: FIRST_PAGE_TIMEOUT_MS });

  await page.goto(resetPath);
  await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired.', {
    timeout: FIRST_PAGE_TIMEOUT_MS,
  });

  const oldPassword = await submitPassword(page, 'resetuser', E2E_ACCOUNT_PASSWORD);
  await expect(oldPassword.getByRole('alert')).toHaveText('Invalid username or password');

  const other = await browser.newPage();
  await submitPassword(other, 'resetuser', NEW_PASSWORD);
  await expectDashboard(other, firstName);
  await other.close();
});
