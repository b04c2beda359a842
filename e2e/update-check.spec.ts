import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const BANNER = 'A new version is available. Click here to update';

/** The deployed version as another build would have written it; the request is kept to check its form. */
async function deployNewVersion(page: Page, version: string): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/version.json?*', async (route) => {
    asked.push(`${route.request().url()} ${route.request().headers()['cache-control'] ?? ''}`);
    await route.fulfill({ json: { version, buildTime: new Date().toISOString() } });
  });
  return asked;
}

test.describe('update checker', () => {
  test('the build writes /version.json, served without caching', async ({ page }) => {
    const response = await page.request.get('/version.json');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(Object.keys(await response.json()).sort()).toEqual(['buildTime', 'version']);
  });

  test('a changed version shows the banner; the next route change reloads the page', async ({ page, login }) => {
    const asked = await deployNewVersion(page, `next-${Date.now()}`);
    await login('staff');
    const banner = page.getByRole('button', { name: BANNER });
    await expect(banner).toBeVisible();
    expect(asked[0]).toMatch(/\/version\.json\?t=\d+ no-cache$/);

    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings/);
    // The reload destroys the page's context under a running evaluate: that counts as reloaded.
    await expect.poll(() => page.evaluate(() => 'beforeReload' in window).catch(() => true)).toBe(false);
  });

  test('dismissed, the banner stays away for that version and navigation does not reload', async ({ page, login }) => {
    const version = `next-${Date.now()}`;
    await deployNewVersion(page, version);
    await login('staff');
    await page.getByRole('button', { name: 'Dismiss the update notice' }).click();
    await expect(page.getByRole('button', { name: BANNER })).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), `updateDismissed:${version}`)).toBe('true');

    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: BANNER })).toHaveCount(0);
  });
});
