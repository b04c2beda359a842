import type { Page } from '@playwright/test';
import { DEMO_USERS, apiUrl, type DemoUsername } from './support/demo';
import { expect, login, test } from './support/fixtures';
import { SIDEBAR, expectedSidebar } from './support/sidebar';

const ROLES: DemoUsername[] = ['admin', 'manager', 'staff', 'billing', 'readonly'];

/**
 * Which sidebar pages exist in this build, asked of the running app: the administrator may
 * open every route, so a route whose page is not built yet shows the not-found page.
 */
async function builtSidebarPaths(page: Page): Promise<Set<string>> {
  const built = new Set<string>();
  for (const item of SIDEBAR) {
    await page.goto(item.path);
    await expect(page.locator('main h1')).toBeVisible();
    if ((await page.locator('main h1').textContent()) !== 'Page Not Found') built.add(item.path);
  }
  return built;
}

test.describe('the sidebar', () => {
  let builtPaths: Set<string>;

  test.beforeAll(async ({ browser }) => {
    // One page load per sidebar item, on two cores shared with the other workers.
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, 'admin');
    builtPaths = await builtSidebarPaths(page);
    await context.close();
  });

  for (const username of ROLES) {
    test(`shows ${username} exactly the items the role's flags allow`, async ({ page, login }) => {
      await login(username);
      const user = await (await page.request.get(apiUrl('/user'))).json();
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(navigation.locator('.nav-label')).toHaveText(expectedSidebar(user.full_role, builtPaths));

      const demo = DEMO_USERS[username];
      await expect(navigation.getByText(demo.fullName)).toBeVisible();
      await expect(navigation.getByText(demo.email)).toBeVisible();
      await expect(navigation.locator('.avatar')).toHaveText(demo.fullName.charAt(0));
      await expect(page.getByRole('banner').getByText(demo.role)).toBeVisible();
    });
  }

  test('collapses to 70 px with tooltips and expands to 250 px', async ({ page, login }) => {
    await login('admin');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    expect((await navigation.boundingBox())?.width).toBe(250);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await navigation.boundingBox())?.width).toBe(70);
    await navigation.getByRole('link', { name: 'Dashboard' }).hover();
    await expect(navigation.getByRole('tooltip', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await navigation.boundingBox())?.width).toBe(250);
  });
});

test.describe('route permissions', () => {
  const forbidden: [DemoUsername, string][] = [
    ['staff', '/billing'],
    ['staff', '/clients/create'],
    ['readonly', '/admin'],
    ['billing', '/users/manage'],
    ['manager', '/admin/roles'],
  ];
  for (const [username, path] of forbidden) {
    test(`${username} opening ${path} lands on /access-denied`, async ({ page, login }) => {
      await login(username);
      await page.goto(path);
      await expect(page).toHaveURL(/\/access-denied$/);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    });
  }

  test('an address that is no page shows the not-found page', async ({ page, login }) => {
    await login('admin');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu slides in over a backdrop and closes again', async ({ page, login }) => {
    await login('staff');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const openMenu = page.getByRole('button', { name: 'Open navigation menu' });
    await expect(navigation).not.toBeInViewport();

    await openMenu.click();
    await expect(navigation).toBeInViewport();
    await expect(openMenu).toHaveAttribute('aria-expanded', 'true');
    await page.locator('.sidebar-backdrop').click({ position: { x: 340, y: 400 } });
    await expect(navigation).not.toBeInViewport();

    await openMenu.click();
    await expect(navigation).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(navigation).not.toBeInViewport();
    await expect(openMenu).toBeFocused();

    await openMenu.click();
    await navigation.getByRole('link', { name: 'Dashboard' }).click();
    await expect(navigation).not.toBeInViewport();
  });
});
