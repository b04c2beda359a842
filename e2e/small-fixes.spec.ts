import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { issuedInvoice } from './support/receivables';
import { apiAs, createActivityType, createClient, createTimeEntry, firmToday, unique } from './support/records';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Whether a person sees all of an element: inside the window, and not under anything else. */
async function whollyInView(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  const inside = box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
  const onTop = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const corners = [
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.bottom - 2],
    ];
    return corners.every(([x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit !== null && (hit === node || node.contains(hit));
    });
  });
  return inside && onTop;
}

test.describe('smaller things a person noticed (issue 27)', () => {
  test('a 1-minute entry shows 0:01 beside its $1.67, on the client page and in its unbilled work', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Minute Mill LLC'));
    const activity = await createActivityType(admin, unique('Quick call'), 10_000);
    await createTimeEntry(admin, {
      client_id: client.id,
      activity_type_id: activity.id,
      entry_date: firmToday(),
      minutes: 1,
      narrative: 'One-minute call',
    });
    await admin.dispose();

    await login('admin');
    await page.goto(`/clients/${client.id}`);
    const recent = page.getByRole('region', { name: 'Recent time' });
    const row = recent.getByRole('row', { name: /One-minute call/ });
    await expect(row).toContainText('0:01');
    await expect(row).toContainText('$1.67');
    await expect(row).not.toContainText('0.0');
    await expect(page.getByRole('region', { name: 'Unbilled work' })).toContainText('0:01 h');
  });

  test('the sidebar’s foot (name and e-mail) stays in view at 1280x800 with recent items, and on a phone', async ({
    page,
    login,
  }) => {
    await page.setViewportSize(DESKTOP);
    await login('admin');
    const visited = Array.from({ length: 5 }, (_, index) => ({
      entityType: 'client',
      entityId: String(901 + index),
      title: `Visited ${index + 1} Partners LLC`,
      path: `/clients/${901 + index}`,
      timestamp: Date.UTC(2026, 10, 20, 9, 10 - index),
    }));
    await page.evaluate((client) => localStorage.setItem('recentItems', JSON.stringify({ client })), visited);
    await page.reload();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(menu.getByRole('region', { name: 'Recent', exact: true }).getByRole('link')).toHaveCount(5);
    const name = menu.getByText('Alice Admin', { exact: true });
    const email = menu.getByText('admin@demo-cpa.example', { exact: true });
    await expect.poll(() => whollyInView(page, name)).toBe(true);
    await expect.poll(() => whollyInView(page, email)).toBe(true);
    // The items above it still scroll into reach: the last recent item can be clicked.
    const last = menu.getByRole('link', { name: /Visited 5 Partners LLC/ });
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => whollyInView(page, last)).toBe(true);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect.poll(() => whollyInView(page, name)).toBe(true);
    await expect.poll(() => whollyInView(page, email)).toBe(true);
  });

  test('staff, who cannot see invoices, get no Invoices tab and no invoice for an invoice number', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Tabless Traders LLC'));
    const invoice = await issuedInvoice(admin, client.id, 10_000, 1, 30);
    await admin.dispose();

    await login('staff');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Global search' });
    const tabs = dialog.getByRole('group', { name: 'Search in' }).getByRole('button');
    await expect(tabs).toHaveText(['All', 'Clients', 'Time', 'Activities', 'Guide']);
    await dialog.getByRole('combobox').fill(invoice.number);
    await expect(dialog.locator('.search-palette-results')).toHaveAttribute('aria-busy', 'false');
    await expect(dialog.getByRole('option', { name: new RegExp(`^${invoice.number}\\b`) })).toHaveCount(0);
    await expect(dialog.getByText('Invoices', { exact: true })).toHaveCount(0);
  });

  test('the audit trail is a page of its own that names invoices by number, clients by name, money as money', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const legalName = unique('Audit Arbor LLC');
    const client = await createClient(admin, legalName);
    const invoice = await issuedInvoice(admin, client.id, 123_456, 1, 30);
    await admin.dispose();

    await login('admin');
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Audit trail' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    await page.getByLabel('Record').selectOption({ label: 'invoice' });
    const table = page.getByRole('table', { name: 'Audit trail' });
    const issued = table.getByRole('row', { name: new RegExp(`Issued invoice ${invoice.number}\\b`) });
    await expect(issued).toHaveCount(1);
    await expect(issued).toContainText(`Number: — → ${invoice.number}`);
    const created = table.getByRole('row').filter({ hasText: `Client: ${legalName} (${client.client_id})` });
    await expect(created.first()).toContainText('Created invoice');
    await expect(created.first()).toContainText('$1,234.56');
    await expect(table).not.toContainText('client_id');
    await expect(table).not.toContainText('_cents');
    await expect(table).not.toContainText(`#${invoice.id}`);
    // As wide as the page, not a column beside the settings.
    const tableWidth = (await table.boundingBox())?.width ?? 0;
    expect(tableWidth).toBeGreaterThan(800);
    await expectNoAxeViolations(page, '/admin/audit');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Audit trail' })).toBeVisible();
  });

  test('the audit trail is for can_view_admin_page only', async ({ page, login }) => {
    await login('staff');
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/access-denied$/);
  });
});
