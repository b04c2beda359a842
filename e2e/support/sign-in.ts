import { expect, type Locator, type Page } from '@playwright/test';

/** Fills the sign-in modal and submits it; answers the modal (whatever step it moves to). */
export async function submitPassword(page: Page, username: string, password: string): Promise<Locator> {
  await page.goto('/login?popup');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  return page.getByRole('dialog');
}

/** The first page after sign-in loads the app's chunks, which takes a while on a busy machine. */
export const FIRST_PAGE_TIMEOUT_MS = 15_000;

/** Waits for the dashboard's greeting, which only a signed-in user sees. */
export async function expectDashboard(page: Page, firstName: string): Promise<void> {
  await expect(page.getByRole('heading', { name: `Welcome back, ${firstName}` })).toBeVisible({
    timeout: FIRST_PAGE_TIMEOUT_MS,
  });
  await expect(page).toHaveURL(/\/$/);
}
