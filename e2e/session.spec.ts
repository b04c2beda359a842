import { apiUrl } from './support/demo';
import { expect, test } from './support/fixtures';

test('an expired access token is refreshed silently', async ({ page, login }) => {
  await login('staff');
  await page.context().clearCookies({ name: 'access_token_cookie' });
  const refreshed = page.waitForResponse((response) => response.url() === apiUrl('/refresh'));
  await page.goto('/');
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).toContain('access_token_cookie');
});

test('a refused refresh shows Session Expired, and Go to Login leads to /login', async ({ page, login }) => {
  await login('readonly');
  await page.context().clearCookies({ name: 'access_token_cookie' });
  await page.context().addCookies([{ name: 'refresh_token_cookie', value: 'not-a-token', url: apiUrl('/') }]);
  await page.goto('/');
  const modal = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Your session has expired for security reasons. Please log in again to continue.');
  await modal.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
});

test('a visitor without a session is sent to /login', async ({ page }) => {
  await page.goto('/clients/manage');
  await expect(page).toHaveURL(/\/login$/);
});
