import { hasPermission, type PermissionFlag } from '@practice/shared';
import { apiUrl, type DemoUsername } from './support/demo';
import { expect, test } from './support/fixtures';
import { apiAs, createClient, unique } from './support/records';

/** SPEC 2 quick actions: title, text, flag and route. */
const QUICK_ACTIONS: { title: string; text: string; permission: PermissionFlag; path: string }[] = [
  { title: 'Time & Expense', text: 'Record Your Time', permission: 'can_view_time_entries', path: '/profile' },
  { title: 'Manage Clients', text: 'Client Operations', permission: 'can_view_clients', path: '/clients/manage' },
  { title: 'Billing', text: 'View Client Totals', permission: 'can_view_billing', path: '/billing' },
  { title: 'AR Ledger', text: 'Accounts Receivable', permission: 'can_view_ar_ledger', path: '/ledger' },
  { title: 'Reports', text: 'View Client Reports', permission: 'can_view_reports', path: '/reports' },
];

type Bookmark = { id: number; legal_name: string; client_id: string };

test.describe('the dashboard', () => {
  for (const username of ['admin', 'staff', 'readonly', 'billing'] as DemoUsername[]) {
    test(`shows ${username} the quick actions and stats his role allows`, async ({ page, login }) => {
      await login(username);
      const user = (await (await page.request.get(apiUrl('/user'))).json()) as { full_role: Record<string, boolean> };
      const allowed = QUICK_ACTIONS.filter((action) => hasPermission(user.full_role, action.permission));
      const actions = page.getByRole('region', { name: 'Quick actions' }).getByRole('link');
      await expect(actions).toHaveCount(allowed.length);
      for (const [index, action] of allowed.entries()) {
        await expect(actions.nth(index)).toHaveText(`${action.title}${action.text}`);
        await expect(actions.nth(index)).toHaveAttribute('href', action.path);
      }

      const stats = page.getByRole('region', { name: 'Your numbers' });
      const labels = ["Today's hours", "Week's hours", 'Completed tasks', 'Active clients'];
      if (hasPermission(user.full_role, 'can_view_invoices')) labels.push('Pending invoices', 'Month revenue');
      await expect(stats.getByRole('term')).toHaveText(labels);
      await expect(stats.getByRole('definition').first()).toHaveText(/^\d+\.\d$/);
      await expect(stats.getByRole('definition').nth(1)).toHaveText(/^\d+\.\d$/);
      if (labels.includes('Month revenue')) await expect(stats.getByRole('definition').last()).toHaveText(/^\$[\d,]+$/);

      const bookmarks = page.getByRole('region', { name: 'Bookmarked Clients' });
      await expect(bookmarks).toHaveCount(hasPermission(user.full_role, 'can_view_clients') ? 1 : 0);
    });
  }

  test('Bookmarked Clients: the empty texts, then at most 4, newest first, after Refresh', async ({ page, login }) => {
    const billing = await apiAs('billing');
    for (const bookmark of ((await billing.get('/user')) as { bookmarked_clients: Bookmark[] }).bookmarked_clients) {
      await billing.delete(`/clients/${bookmark.id}/bookmark`);
    }
    const admin = await apiAs('admin');
    const clients = [];
    for (let index = 1; index <= 5; index += 1) clients.push(await createClient(admin, unique(`Bookmark ${index} Co`)));
    await admin.dispose();

    await login('billing');
    const section = page.getByRole('region', { name: 'Bookmarked Clients' });
    await expect(section.getByText('No bookmarked clients yet')).toBeVisible();
    await expect(section.getByText('Bookmark clients to see them here')).toBeVisible();

    for (const client of clients) await billing.put(`/clients/${client.id}/bookmark`);
    const shown = (await billing.get('/user')) as { bookmarked_clients: Bookmark[] };
    await billing.dispose();
    await section.getByRole('button', { name: 'Refresh bookmarked clients' }).click();
    const links = section.getByRole('link');
    await expect(links).toHaveCount(4);
    const newest = shown.bookmarked_clients.slice(0, 4);
    for (const [index, client] of newest.entries()) {
      await expect(links.nth(index)).toHaveText(
        `${client.legal_name.charAt(0)}${client.legal_name}${client.client_id}`,
      );
    }
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`/clients/${newest[0]?.id}$`));
    await expect(page.getByRole('button', { name: `Bookmark ${newest[0]?.legal_name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('shows the first 5 recent items, asking the server for no more', async ({ page, login }) => {
    let asked = '';
    const items = Array.from({ length: 7 }, (_, index) => ({
      id: 100 - index,
      action: 'create',
      activity_type: 'time_entry',
      description: `Recorded ${index + 1}.0 h for Item ${index + 1} LLC`,
      created_at: new Date(Date.UTC(2026, 10, 20, 15, 0 - index)).toISOString(),
      entity_id: index + 1,
      user: { id: 4, name: 'Sam Staff', username: 'staff' },
      client: null,
    }));
    await page.route(/\/activities\?/, (route) => {
      asked = new URL(route.request().url()).search;
      return route.fulfill({ json: { items, page: 1, page_size: 7, has_more: false } });
    });
    await login('staff');
    const list = page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem');
    await expect(list).toHaveCount(5);
    await expect(list.first()).toContainText('Recorded 1.0 h for Item 1 LLC');
    await expect(list.first()).toContainText('Sam Staff');
    await expect(list.last()).toContainText('Recorded 5.0 h for Item 5 LLC');
    expect(asked).toBe('?page_size=5');
  });

  test('a failed dashboard call is only logged', async ({ page, login }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.route(/\/dashboard\/stats$/, (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal server error' } }),
    );
    await page.route(/\/activities\?/, (route) => route.abort('connectionreset'));
    await login('manager');
    await expect(page.getByRole('region', { name: 'Quick actions' })).toBeVisible();
    await expect.poll(() => logged.filter((text) => text.startsWith('Dashboard: loading')).length).toBe(2);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Your numbers' }).getByText('Not loaded')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem')).toHaveCount(0);
  });
});
