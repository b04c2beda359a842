import { expect, test, type Page } from '@playwright/test';
import { ROLES_ADMIN } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { apiUrl, DEMO_PASSWORD } from './support/demo';
import { apiAs, unique, type Api } from './support/records';

/**
 * Issue 27: the roles editor as one matrix at desktop width (roles as columns under a header
 * that stays in view, one Save for every changed role) and one role at a time on a phone. Its
 * roles belong to the "E2E Roles" firm, which no other spec changes; each test makes its own.
 */

type Role = { id: number; name: string; version: number; permissions: Record<string, boolean> };

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let admin: Api;
test.beforeAll(async () => {
  admin = await apiAs(ROLES_ADMIN.username);
});
test.afterAll(() => admin.dispose());

// Each test removes the roles it made (nobody holds them), so the firm keeps few enough roles
// to fit side by side at 1280 px while the tests run two at a time.
const made: number[] = [];
test.afterEach(async () => {
  for (const id of made.splice(0)) await admin.delete(`/roles/${id}`);
});

async function newRole(prefix: string): Promise<Role> {
  const role = (await admin.post('/roles', { name: unique(prefix), permissions: { can_view_clients: true } })) as Role;
  made.push(role.id);
  return role;
}

async function rolesNow(): Promise<Role[]> {
  return ((await admin.get('/roles')) as { items: Role[] }).items;
}

async function openRoles(page: Page): Promise<void> {
  const signIn = await page.request.post(apiUrl('/login'), {
    data: { username: ROLES_ADMIN.username, password: DEMO_PASSWORD },
  });
  expect(signIn.ok(), `POST /login answered ${signIn.status()}`).toBe(true);
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible({ timeout: 15_000 });
}

const box = (page: Page, flag: string, role: Role) =>
  page.getByRole('checkbox', { name: `${flag} for ${role.name}`, exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save changes' });
const saved = (page: Page) => page.locator('p.form-success[role="status"]');
const refusal = (page: Page) => page.locator('.role-save-bar [role="alert"]');

test.describe('at desktop width: one matrix', () => {
  test.use({ viewport: DESKTOP });

  test('two roles changed in the matrix are saved by one Save and shown after a reload', async ({ page }) => {
    const [first, second] = [await newRole('Matrix A'), await newRole('Matrix B')];
    await openRoles(page);
    const matrix = page.getByRole('table', { name: /Permissions of each role/ });
    await expect(matrix.getByRole('columnheader', { name: new RegExp(first.name) })).toBeVisible();
    await expectNoAxeViolations(page, '/admin/roles');

    // The header of the roles stays under the top bar while the page scrolls to the last flag.
    await box(page, 'Edit people', second).scrollIntoViewIfNeeded();
    const header = await matrix.getByRole('columnheader', { name: new RegExp(second.name) }).boundingBox();
    expect(header, 'the role header is on screen').not.toBeNull();
    expect(header!.y).toBeGreaterThanOrEqual(50);
    expect(header!.y + header!.height).toBeLessThan(DESKTOP.height / 2);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // A built-in role that cannot change shows read-only: the last role with all permissions.
    const administrator = (await rolesNow()).find((role) => role.permissions.all)!;
    await expect(box(page, 'All permissions (administrator)', administrator)).toBeDisabled();
    await expect(box(page, 'View clients', administrator)).toBeChecked();
    await expect(box(page, 'View clients', administrator)).toBeDisabled();

    // By keyboard: Space ticks the focused box, Tab moves along the row to the next role's box.
    await box(page, 'Edit clients', first).focus();
    await page.keyboard.press('Space');
    await expect(box(page, 'Edit clients', first)).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Edit clients for /);
    await expect(box(page, 'Edit clients', first)).not.toBeFocused();
    await box(page, 'View invoices', second).check();

    await expect(page.getByText(`Unsaved changes to ${first.name} and ${second.name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /save/i })).toHaveCount(1);
    await saveButton(page).click();
    await expect(saved(page)).toHaveText(`Saved ${first.name} and ${second.name}.`);
    await expect(page.getByText('No unsaved changes')).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();

    await page.reload();
    await expect(box(page, 'Edit clients', first)).toBeChecked();
    await expect(box(page, 'View invoices', second)).toBeChecked();
    const stored = await rolesNow();
    expect(stored.find((role) => role.id === first.id)!.permissions).toMatchObject({ can_edit_clients: true });
    expect(stored.find((role) => role.id === second.id)!.permissions).toMatchObject({ can_view_invoices: true });
  });

  test('a role changed by someone else meanwhile is not saved, says so, and the other is saved', async ({ page }) => {
    const [stale, fresh] = [await newRole('Stale'), await newRole('Fresh')];
    await openRoles(page);
    await box(page, 'Edit clients', stale).check();
    await box(page, 'View payments', fresh).check();

    // Another administrator gives the first role the people list in the meantime.
    await admin.put(`/roles/${stale.id}`, {
      name: stale.name,
      permissions: { can_view_clients: true, can_view_users: true },
      version: stale.version,
    });

    await saveButton(page).click();
    await expect(refusal(page)).toContainText(`Saved ${fresh.name}.`);
    await expect(refusal(page)).toContainText(
      `Not saved: ${stale.name}. The role ${stale.name} was changed by someone else since you opened it. Reload it and try again.`,
    );
    await expect(page.getByText(`Unsaved changes to ${stale.name}`)).toBeVisible();
    await expectNoAxeViolations(page, '/admin/roles with a refused save');

    // Discarding shows the role as the other administrator left it; nothing of ours was written to it.
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(box(page, 'View people', stale)).toBeChecked();
    await expect(box(page, 'Edit clients', stale)).not.toBeChecked();
    const stored = await rolesNow();
    expect(stored.find((role) => role.id === stale.id)!.permissions).toMatchObject({
      can_edit_clients: false,
      can_view_users: true,
    });
    expect(stored.find((role) => role.id === fresh.id)!.permissions).toMatchObject({ can_view_payments: true });
  });
});

test.describe('on a phone: one role at a time', () => {
  test.use({ viewport: PHONE });

  test('a role is picked, then its flags; changes to two roles go with one Save', async ({ page }) => {
    const [first, second] = [await newRole('Phone A'), await newRole('Phone B')];
    await openRoles(page);
    await expect(page.getByRole('table')).toHaveCount(0);
    const picker = page.getByRole('combobox', { name: 'Role' });
    await picker.selectOption({ label: first.name });
    await expect(page.getByRole('checkbox', { name: /^View clients for / })).toHaveCount(1);
    await box(page, 'Edit clients', first).check();
    await picker.selectOption({ label: second.name });
    await expect(box(page, 'Edit clients', first)).toHaveCount(0);
    await box(page, 'View invoices', second).check();
    await expect(picker.locator('option', { hasText: `${first.name} (changed)` })).toHaveCount(1);
    await expectNoAxeViolations(page, '/admin/roles on a phone');

    await saveButton(page).click();
    await expect(saved(page)).toHaveText(`Saved ${first.name} and ${second.name}.`);

    // The picked role is in the address, so a reload shows the same role.
    await page.reload();
    await expect(picker).toHaveValue(String(second.id));
    await expect(box(page, 'View invoices', second)).toBeChecked();
    await picker.selectOption({ label: first.name });
    await expect(box(page, 'Edit clients', first)).toBeChecked();
  });
});
