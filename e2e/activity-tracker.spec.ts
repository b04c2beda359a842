import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

type Batch = { activities: { activity_type: string; activity_name?: string; client_timestamp: string }[] };

test.describe('activity tracker', () => {
  test('batches reach the server; a 5xx requeues the batch; the admin viewer lists them', async ({ page, login }) => {
    test.setTimeout(120_000);
    let failNext = true;
    const refused: Batch[] = [];
    const delivered: Batch[] = [];
    await page.route('**/api/activity-logs', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = route.request().postDataJSON() as Batch;
      if (failNext) {
        failNext = false;
        refused.push(body);
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' });
      }
      delivered.push(body);
      return route.continue();
    });

    await login('admin');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Clients', 'Settings', 'Dashboard', 'Time Tracking', 'Clients']) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page.locator('main h1')).toBeVisible();
    }
    await expect.poll(() => refused.length, { timeout: 20_000 }).toBe(1);
    expect(refused[0]!.activities).toHaveLength(5);
    // The refused batch comes again, first, in the same order.
    await expect.poll(() => delivered.length, { timeout: 25_000 }).toBeGreaterThan(0);
    expect(delivered[0]!.activities.map((item) => item.client_timestamp)).toEqual(
      refused[0]!.activities.map((item) => item.client_timestamp),
    );
    expect(delivered.flatMap((batch) => batch.activities).map((item) => item.activity_type)).toContain('navigation');

    await page.goto('/admin/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity log' })).toBeVisible();
    const rows = page.getByRole('region', { name: 'Activity log' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    // The other worker's tests sign in and move about at the same time: her rows, not the newest.
    await page.getByLabel('Person').selectOption({ label: 'Alice Admin' });
    await expect(page).toHaveURL(/user_id=\d+/);
    await page.getByLabel('Type').selectOption('navigation');
    await expect(page).toHaveURL(/activity_type=navigation/);
    await expect(rows.nth(1)).toContainText('Navigation');
    await expect(rows.filter({ hasText: 'Click' })).toHaveCount(0);
    await expect(rows.nth(1)).toContainText('Alice Admin');
    await expectNoAxeViolations(page, '/admin/activity');
  });

  test('the viewer is for can_view_admin_page only', async ({ page, login }) => {
    await login('staff');
    await page.goto('/admin/activity');
    await expect(page).toHaveURL(/\/access-denied$/);
  });
});
