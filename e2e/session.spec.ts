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

test('two tabs whose access token expired together refresh once and both stay signed in', async ({ page, login }) => {
  await login('staff');
  const context = page.context();
  const second = await context.newPage();
  await context.clearCookies({ name: 'access_token_cookie' });
  // The server rotates the first refresh at once; its answer reaches the tab late, so the
  // other tab's 401 arrives while that refresh is still in flight.
  const refreshCalls: string[] = [];
  await context.route(apiUrl('/refresh'), async (route) => {
    refreshCalls.push(route.request().url());
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.fulfill({ response });
  });
  await Promise.all([page.goto('/'), second.goto('/')]);
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
  expect(refreshCalls).toHaveLength(1);
  await second.reload();
  await expect(second.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
  await expect(second.getByRole('dialog', { name: 'Session Expired' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Session Expired' })).toBeHidden();
});
