import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
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

  test('the dashboard shows the first 5 recent items, the ones the sidebar shows', async ({ page, login }) => {
    await login('staff');
    // Seven visited clients, newest first, as the app keeps them (SPEC 3, key recentItems).
    const clients = Array.from({ length: 7 }, (_, index) => ({
      entityType: 'client',
      entityId: String(907 - index),
      title: `Visited ${7 - index} LLC`,
      path: `/clients/${907 - index}`,
      timestamp: Date.UTC(2026, 10, 20, 9, 7 - index),
    }));
    await page.evaluate((client) => localStorage.setItem('recentItems', JSON.stringify({ client })), clients);
    await page.reload();
    const newestFive = clients.slice(0, 5).map((client) => `Client${client.title}`);
    const onDashboard = page.getByRole('region', { name: 'Recent items' }).getByRole('link');
    await expect(onDashboard).toHaveText(newestFive);
    const inSidebar = page.getByRole('region', { name: 'Recent', exact: true }).getByRole('link');
    await expect(inSidebar).toHaveText(newestFive);
    await expect(onDashboard.first()).toHaveAttribute('href', '/clients/907');
  });

  test('reorder by mouse and by keyboard, kept after a reload and on the server, then Reset', async ({
    page,
    login,
  }) => {
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
    const editing = page.locator('.nav-list.is-editing .nav-label');
    await expect(editing.first()).toHaveText('Settings');

    // Keyboard, on a short screen where the sidebar scrolls and is scrolled down: Space lifts
    // Time Tracking, ArrowUp moves it above Dashboard, Space drops it; Escape cancels a move.
    await page.setViewportSize({ width: 1024, height: 420 });
    await page.locator('#app-sidebar').evaluate((sidebar) => sidebar.scrollTo(0, sidebar.scrollHeight));
    const dashboard = page.getByRole('button', { name: 'Move Dashboard' });
    await dashboard.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(dashboard).not.toHaveAttribute('aria-pressed', 'true');
    expect((await editing.allTextContents()).slice(0, 3)).toEqual(['Settings', 'Dashboard', 'Time Tracking']);
    await page.locator('#app-sidebar').evaluate((sidebar) => sidebar.scrollTo(0, sidebar.scrollHeight));
    const timeTracking = page.getByRole('button', { name: 'Move Time Tracking' });
    await timeTracking.focus();
    await page.keyboard.press('Space');
    await expect(timeTracking).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowUp');
    await expectNoAxeViolations(page, 'edit mode with an item lifted by keyboard');
    await page.keyboard.press('Space');
    await expect(timeTracking).not.toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => (await editing.allTextContents()).slice(0, 3))
      .toEqual(['Settings', 'Time Tracking', 'Dashboard']);
    await expect(timeTracking).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: 'Done' }).click();
    await expect(notifications).toContainText('Navigation customization saved!');
    const ordered = await menuLabels(page);
    expect(ordered.slice(0, 3)).toEqual(['Settings', 'Time Tracking', 'Dashboard']);
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('navigationOrder:')),
    );
    expect(stored).toHaveLength(1);
    await page.reload();
    await expect(page.locator('main h1')).toBeVisible();
    expect((await menuLabels(page)).slice(0, 3)).toEqual(['Settings', 'Time Tracking', 'Dashboard']);

    // Another browser has no local copy: the order comes from the server (GET /api/user/preferences).
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('navigationOrder:')) localStorage.removeItem(key);
    });
    await page.reload();
    await expect(page.locator('main h1')).toBeVisible();
    await expect
      .poll(async () => (await menuLabels(page)).slice(0, 3))
      .toEqual(['Settings', 'Time Tracking', 'Dashboard']);

    await page.getByRole('button', { name: 'Edit menu' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(notifications).toContainText('Navigation order reset to default!');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await menuLabels(page)).toEqual(before);
  });
});
