import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiUrl } from './support/demo';
import { expect, test } from './support/fixtures';

/** What the dev panel (ADR 0168) is made of: its calls, header, keys and texts. */
const DEVELOPMENT_MARKERS = [
  '/api/dev/organizations',
  'logout_type',
  'X-Bypass-2FA',
  'devOrgSubdomain',
  'devOrgContext',
  'devBypass2FA',
  'Development tools',
  'Expire access token',
];

test.describe('a production build on a production server (SPEC 6: the dev panel exists only in development)', () => {
  test('no script of the build carries the dev panel, its calls or its keys', () => {
    const assets = path.resolve('apps/web/dist/assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const file of scripts) {
      const text = readFileSync(path.join(assets, file), 'utf8');
      for (const marker of DEVELOPMENT_MARKERS) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
    }
  });

  test('the server has no dev calls, and Ctrl/Cmd+Z opens nothing', async ({ page, login }) => {
    expect((await page.request.get(apiUrl('/api/dev/organizations'))).status()).toBe(404);
    await login('staff');
    const logout = await page.request.post(apiUrl('/logout'), { data: { logout_type: 'access_only' } });
    expect(logout.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Meta+z');
    await expect(page.getByRole('complementary', { name: 'Development tools' })).toHaveCount(0);
    expect(await page.locator('#dev-panel-root').count()).toBe(0);
  });
});
