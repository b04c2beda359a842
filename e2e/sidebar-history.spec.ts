import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { apiAs, createClient, unique } from './support/records';

const menuLabels = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .locator('.nav-list:not([hidden]) .nav-label')
    .allTextContents();

test.describe('sidebar history, recent items and order', () => {
  test('visits fill the history and the Recent panel', async ({ page, login }) => {
    const admin = await apiAs('admin');
    const legalName = unique('Recent Co');
    const client = await createClient(admin, legalName);
    await admin.dispose();

    await login('admin');
    await page.goto(`/clients/${client.id}`);
    await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('recentItems') ?? '{}').client?.[0]?.title))
      .toBe(legalName);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Clients', exact: true })
      .click();
    await expect(page).toHaveURL(/\/clients\/manage$/);
    const recent = page.getByRole('region', { name: 'Recent', exact: true });
    await expect(recent.getByRole('link', { name: new RegExp(legalName) })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('navigationHistory') ?? '[]')[0]?.path))
      .toBe('/clients/manage');
    const history = JSON.parse((await page.evaluate(() => localStorage.getItem('navigationHistory'))) ?? '[]') as {
      path: string;
      type: string;
      id: string | null;
    }[];
    expect(history[0]).toMatchObject({ path: '/clients/manage', type: 'list' });
    expect(history).toContainEqual(
      expect.objectContaining({ path: `/clients/${client.id}`, type: 'detail', id: String(client.id) }),
    );
    await recent.getByRole('link', { name: new RegExp(legalName) }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));

    // Collapsed, the panel is not shown.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
  });

  test('reorder by mouse, kept after a reload and on the server, then Reset', async ({ page, login }) => {
    await login('staff');
    const before = await menuLabels(page);
    expect(before.slice(0, 2)).toEqual(['Dashboard', 'Time Tracking']);
    await page.getByRole('button', { name: 'Edit menu' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });

    // Mouse: drag Settings to the top.
    const settings = page.getByRole('button', { name: 'Move Settings' });
    const top = page.getByRole('button', { name: 'Move Dashboard' });
    const from = (await settings.boundingBox())!;
    const to = (await top.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 15 });
    await page.mouse.up();
    await expect(notifications).toContainText('Navigation order updated!');
    await expect(page.locator('.nav-list.is-editing .nav-label').first()).toHaveText('Settings');

    await page.getByRole('button', { name: 'Done' }).click();
    await expect(notifications).toContainText('Navigation customization saved!');
    const ordered = await menuLabels(page);
    expect(ordered.slice(0, 3)).toEqual(['Settings', 'Dashboard', 'Time Tracking']);
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('navigationOrder:')),
    );
    expect(stored).toHaveLength(1);
    await page.reload();
    await expect(page.locator('main h1')).toBeVisible();
    expect((await menuLabels(page)).slice(0, 3)).toEqual(['Settings', 'Dashboard', 'Time Tracking']);

    // Another browser has no local copy: the order comes from the server (GET /api/user/preferences).
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('navigationOrder:')) localStorage.removeItem(key);
    });
    await page.reload();
    await expect(page.locator('main h1')).toBeVisible();
    await expect
      .poll(async () => (await menuLabels(page)).slice(0, 3))
      .toEqual(['Settings', 'Dashboard', 'Time Tracking']);

    await page.getByRole('button', { name: 'Edit menu' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(notifications).toContainText('Navigation order reset to default!');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await menuLabels(page)).toEqual(before);
  });
});
