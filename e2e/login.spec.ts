import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, apiUrl, type DemoUsername } from './support/demo';
import { expect, test } from './support/fixtures';
import { expectDashboard, submitPassword } from './support/sign-in';

/** This spec signs in through the modal, as a person would; the others sign in through the API (ADR 0191). */
async function signInThroughModal(page: Page, username: DemoUsername): Promise<void> {
  await submitPassword(page, username, DEMO_PASSWORD);
  await expectDashboard(page, DEMO_USERS[username].firstName);
}

test.describe('the login page', () => {
  test('shows the hero, whose feature items appear one after another, and the footer links', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const features = page.locator('.hero-feature');
    await expect(features).toHaveCount(4);
    for (const feature of await features.all()) await expect(feature).toHaveClass(/is-visible/);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    await expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      'mailto:support@practice.example',
    );
  });

  test('shows every feature item at once when reduced motion is asked for', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const classes = await page.locator('.hero-feature').evaluateAll((items) => items.map((item) => item.className));
    expect(classes).toEqual(Array(4).fill('hero-feature is-visible'));
  });

  test('Log In opens the sign-in modal; Cancel and Esc close it', async ({ page }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('?popup opens the sign-in modal at once', async ({ page }) => {
    await page.goto('/login?popup');
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });
});

test.describe('the sign-in modal', () => {
  test('shows each SPEC 5 message for its input', async ({ page }) => {
    await page.goto('/login?popup');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    const username = dialog.getByLabel('Username');
    const password = dialog.getByLabel('Password');
    const submit = dialog.getByRole('button', { name: 'Sign In' });

    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('Username and password are required');
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(username).toBeFocused();

    await username.fill('abcd');
    await password.fill('abcd');
    await submit.click();
    await expect(dialog.getByRole('alert')).toBeHidden();
    await expect(dialog.getByText('Username must be at least 5 characters')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 5 characters')).toBeVisible();

    await username.fill('a'.repeat(16));
    await password.fill('b'.repeat(16));
    await expect(dialog.getByText('Username must be at most 15 characters')).toBeVisible();
    await expect(dialog.getByText('Password must be at most 15 characters')).toBeVisible();

    await username.fill('admin');
    await password.fill('');
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(dialog.getByText('Username must be')).toBeHidden();
    await submit.click();
    await expect(dialog.getByRole('alert')).toBeHidden();
    await expect(page).toHaveURL(/\/login\?popup$/);
  });

  test('shows the server message for a wrong password', async ({ page }) => {
    await page.goto('/login?popup');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Username').fill('billing');
    await dialog.getByLabel('Password').fill('not-the-pass');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login/);
  });

  test('shows the rate limit once an account has had too many failed sign-ins', async ({ page }) => {
    // nwstaff signs in nowhere else, so its failures belong to this test alone.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await page.request.post(apiUrl('/login'), {
        data: { username: 'nwstaff', password: 'wrong-pass' },
      });
      expect(response.status()).toBe(401);
    }
    await page.goto('/login?popup');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Username').fill('nwstaff');
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Too many failed sign-in attempts. Please try again later.');
  });
});

test.describe('a signed-in user', () => {
  test('opening /login goes straight to the dashboard', async ({ page }) => {
    await signInThroughModal(page, 'manager');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Maria' })).toBeVisible();
  });

  test('logs out: back on /login, cookies cleared, the dashboard asks for sign-in again', async ({ page }) => {
    await signInThroughModal(page, 'admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('csrf_access_token');
    expect(names).not.toContain('access_token_cookie');
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logs out after the access token expired, and the session ends on the server too', async ({
    page,
    playwright,
  }) => {
    await signInThroughModal(page, 'admin');
    const context = page.context();
    const cookieValue = async (name: string) => (await context.cookies()).find((cookie) => cookie.name === name)?.value;
    const refreshToken = await cookieValue('refresh_token_cookie');
    const refreshCsrf = await cookieValue('csrf_refresh_token');
    await context.clearCookies({ name: 'access_token_cookie' });
    await context.clearCookies({ name: 'csrf_access_token' });
    const loggedOut = page.waitForResponse((response) => response.url() === apiUrl('/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    const elsewhere = await playwright.request.newContext();
    const replay = await elsewhere.post(apiUrl('/refresh'), {
      headers: { cookie: `refresh_token_cookie=${refreshToken}`, 'x-csrf-token': refreshCsrf ?? '' },
    });
    expect(replay.status()).toBe(401);
    await elsewhere.dispose();
  });
});
