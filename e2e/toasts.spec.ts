import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { apiAs, createClient, unique } from './support/records';

test.describe('toasts', () => {
  test('a save says so in a toast that pauses while hovered; a failure reads {title}: {message}', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const legalName = unique('Toast Co');
    const client = await createClient(admin, legalName);
    await admin.dispose();

    await login('staff');
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('button', { name: `Bookmark ${legalName}` }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    const saved = notifications.getByRole('listitem').filter({ hasText: `${legalName} bookmarked.` });
    await expect(saved).toBeVisible();
    await expect(notifications.locator('[aria-live="polite"]')).toHaveCount(1);
    await expect(saved.locator('.toast-progress')).toHaveCount(1);

    // Hovered, it outlives its 3 s, and axe finds nothing in it; let go, it leaves.
    await saved.hover();
    await page.waitForTimeout(3800);
    await expect(saved).toBeVisible();
    await expectNoAxeViolations(page, 'a toast held by the pointer');
    await expect(saved).toBeVisible();
    await page.mouse.move(5, 5);
    await expect(saved).toBeHidden({ timeout: 5000 });

    await page.route(`**/clients/${client.id}/bookmark`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Database unavailable' }),
      }),
    );
    await page.getByRole('button', { name: `Bookmark ${legalName}` }).click();
    await expect(notifications.getByRole('alert')).toHaveText('Bookmark not saved: Database unavailable');
    await notifications.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(notifications.getByRole('alert')).toHaveCount(0);
  });
});
