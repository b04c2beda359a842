import { SUPPORT_EMAIL } from '@practice/shared';
import { expect, test } from './support/fixtures';

test('/test-error shows the generic error screen with an error ID', async ({ page, login }) => {
  await login('staff');
  await page.goto('/test-error');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(
    page.getByText('We encountered an unexpected error. Our team has been notified and is working on a fix.'),
  ).toBeVisible();
  const errorId = await page.locator('.error-id code').textContent();
  expect(errorId).toMatch(/^error_\d+_[a-z0-9]+$/);
  const supportLine = page.locator('.support-line');
  await expect(supportLine).toContainText(errorId ?? '');
  // The support line reaches the contact mailbox of SPEC 1, which works signed out too (issue 18).
  await expect(supportLine.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_EMAIL}`,
  );
  for (const name of ['Try Again', 'Go Home', 'Reload Page']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
});

test('/error shows the generic error screen', async ({ page, login }) => {
  await login('staff');
  await page.goto('/error');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('a page whose code fails to load shows the Page Error screen', async ({ page, login }) => {
  await login('staff');
  await page.route('**/assets/access-denied-page-*.js', (route) => route.abort());
  await page.goto('/access-denied');
  await expect(page.getByRole('heading', { name: 'Page Error' })).toBeVisible();
  for (const name of ['Retry', 'Go to Dashboard', 'Go Back']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
});
