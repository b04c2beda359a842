import { apiUrl } from './support/demo';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { apiAs, createActivityType, createClient, csrfOf, unique, uniqueCode } from './support/records';

test.describe('clients', () => {
  test('an administrator creates a client with contacts, bookmarks it and finds it on the dashboard', async ({
    page,
    login,
  }) => {
    const legalName = unique('Harbor Freight Partners');
    await login('admin');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Clients' }).click();
    await expect(page).toHaveURL(/\/clients\/manage$/);
    await expect(page).toHaveTitle('Clients');
    await page.getByRole('link', { name: 'New client' }).click();

    await expect(page).toHaveTitle('New client');
    const clientId = page.getByLabel('Client ID');
    await expect(clientId).not.toHaveValue('');
    await expect(page.getByText(/^Suggested next client ID: /)).toBeVisible();
    const code = uniqueCode('HF');
    await clientId.fill(code);
    await page.getByLabel('Legal name').fill(legalName);
    await page.getByLabel('DBA').fill('Harbor');
    await page.getByLabel('Entity type').selectOption({ label: 'Partnership' });
    await page.getByLabel('Tax ID (SSN or EIN)').fill('12-3456789');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State').fill('MA');
    const partner = page.getByRole('combobox', { name: 'Responsible partner' });
    await partner.fill('Paul');
    await page.getByRole('option', { name: 'Paul Partner (Partner)' }).click();
    await expect(partner).toHaveValue('Paul Partner');
    const manager = page.getByRole('combobox', { name: 'Responsible manager' });
    await manager.fill('man');
    await manager.press('Enter');
    await expect(manager).toHaveValue('Maria Manager');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByLabel('Contact 1 name').fill('Dana Reyes');
    await page.getByLabel('Contact 1 e-mail').fill('dana@harbor.example');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByLabel('Contact 2 name').fill('Lee Park');
    await page.getByLabel('Contact 2 phone').fill('(617) 555-0142');
    await page.getByRole('radio', { name: 'Primary' }).nth(1).check();
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByRole('button', { name: 'Remove contact 3' }).click();
    await page.getByRole('button', { name: 'Create client' }).click();

    await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
    await expect(page).toHaveTitle(legalName);
    // The client's page may be loading its aging (a status of its own) as the message shows.
    await expect(page.getByRole('status').filter({ hasText: 'Client created.' })).toHaveText('Client created.');
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByText(code)).toBeVisible();
    await expect(profile.getByText('*****6789')).toBeVisible();
    await expect(profile.getByText('Paul Partner')).toBeVisible();
    await expect(profile.getByText('Maria Manager')).toBeVisible();
    await expect(page.getByText('12-3456789')).toHaveCount(0);
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await expect(contacts.getByRole('listitem')).toHaveText([/Lee Park\s*Primary/, /Dana Reyes/]);

    const star = page.getByRole('button', { name: `Bookmark ${legalName}` });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    const bookmarks = page.getByRole('region', { name: 'Bookmarked Clients' });
    const bookmark = bookmarks.getByRole('link', { name: new RegExp(legalName) });
    await expect(bookmark).toBeVisible();
    await expect(bookmark).toContainText(code);
    await expect(bookmark.locator('.bookmark-initial')).toHaveText('H');
    await bookmark.click();
    await expect(page).toHaveURL(/\/clients\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
  });

  test('the client form shows every field error, and the server refuses a client ID in use', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const taken = await createClient(admin, unique('Taken Code Co'));
    await admin.dispose();

    await login('admin');
    await page.goto('/clients/create');
    // The suggested ID arrives after the page: clear the field once it has.
    await expect(page.getByText(/Suggested next client ID:/)).toBeVisible();
    await page.getByLabel('Client ID').fill('');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByLabel('Contact 1 e-mail').fill('not-an-address');
    await page.getByLabel('Tax ID (SSN or EIN)').fill('123');
    await page.getByLabel('Country').fill('U1');
    await page.getByRole('button', { name: 'Create client' }).click();
    await expect(page.locator('.field-error')).toHaveText([
      'Client ID is required',
      'Legal name is required',
      'Choose an entity type',
      'Tax ID must be an SSN (123-45-6789) or EIN (12-3456789)',
      'Country must be a two-letter code such as US',
      'Contact name is required',
      'Contact e-mail must be a valid e-mail address',
    ]);
    await expect(page.getByLabel('Client ID')).toBeFocused();

    await page.getByLabel('Client ID').fill(taken.client_id);
    await page.getByLabel('Legal name').fill(unique('Second Try LLC'));
    await page.getByLabel('Entity type').selectOption({ label: 'Trust' });
    await page.getByLabel('Tax ID (SSN or EIN)').fill('');
    await page.getByLabel('Country').fill('US');
    await page.getByRole('button', { name: 'Remove contact 1' }).click();
    await page.getByRole('button', { name: 'Create client' }).click();
    await expect(page.getByText(`Client ID ${taken.client_id} is already in use`)).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/create$/);
  });

  test('a stale edit is refused with 409 and the form offers to reload', async ({ page, login }) => {
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Stale Edit Inc'));
    await login('admin');
    await page.goto(`/clients/${client.id}/edit`);
    await expect(page.getByLabel('Legal name')).not.toHaveValue('');

    const stored = (await admin.get(`/clients/${client.id}`)) as Record<string, unknown>;
    await admin.put(`/clients/${client.id}`, { ...pickClientInput(stored), notes: 'Changed elsewhere' });
    await admin.dispose();

    await page.getByLabel('Notes', { exact: true }).fill('My change');
    await page.getByRole('button', { name: 'Save client' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'This client was changed by someone else. Reload it and try again.',
    );
    await page.getByRole('button', { name: 'Reload the client' }).click();
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Changed elsewhere');
    await page.getByLabel('Notes', { exact: true }).fill('My change after reading theirs');
    await page.getByRole('button', { name: 'Save client' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Client saved.' })).toBeVisible();
    await expect(page.getByText('My change after reading theirs')).toBeVisible();
  });

  test('search, filters, sort and page stay in the URL', async ({ page, login }) => {
    const admin = await apiAs('admin');
    const marker = unique('Zephyr Lantern');
    await createClient(admin, `${marker} Alpha`);
    const beta = await createClient(admin, `${marker} Beta`);
    await admin.put(`/clients/${beta.id}/bookmark`);
    await admin.dispose();

    await login('admin');
    await page.goto('/clients/manage');
    await page.getByLabel('Search clients').fill(marker);
    await expect(page).toHaveURL(/q=Zephyr/);
    const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`${marker} Alpha`);

    await page.getByRole('button', { name: 'Legal name' }).click();
    await expect(page).toHaveURL(/order=desc/);
    await expect(rows.nth(0)).toContainText(`${marker} Beta`);

    await page.getByLabel('Bookmarked only').check();
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('Search clients')).toHaveValue(marker);
    await expect(page.getByLabel('Bookmarked only')).toBeChecked();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(`${marker} Beta`);

    await page.getByLabel('Status').selectOption('prospect');
    await expect(page.getByText('No clients match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Search clients')).toHaveValue('');
    await expect(page.getByLabel('Bookmarked only')).not.toBeChecked();
  });

  test('a read-only user sees no edit controls, and the server refuses his changes', async ({ page, login }) => {
    const admin = await apiAs('admin');
    const legalName = unique('Readonly View Ltd');
    const client = await createClient(admin, legalName);
    await admin.dispose();

    await login('readonly');
    await page.goto('/clients/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New client' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Activity types' })).toHaveCount(0);

    await page.goto(`/clients/${client.id}`);
    await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit client' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Activity types and rates' })).toHaveCount(0);

    for (const path of [`/clients/${client.id}/edit`, '/clients/create', '/activity-types', '/profile']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/access-denied$/);
    }

    const headers = { 'X-CSRF-TOKEN': await csrfOf(page) };
    const created = await page.request.post(apiUrl('/clients'), {
      headers,
      data: { client_id: uniqueCode('RO'), legal_name: 'Not Allowed', entity_type: 'trust' },
    });
    expect(created.status()).toBe(403);
    expect(await created.json()).toEqual({ error: 'Permission required: can_edit_clients' });
    const updated = await page.request.put(apiUrl(`/clients/${client.id}`), {
      headers,
      data: { client_id: client.client_id, legal_name: 'Renamed', entity_type: 'trust', version: 1 },
    });
    expect(updated.status()).toBe(403);
    const timeEntry = await page.request.post(apiUrl('/time-entries'), {
      headers,
      data: { client_id: client.id, activity_type_id: 1, entry_date: '2026-01-05', minutes: 60 },
    });
    expect(timeEntry.status()).toBe(403);
  });

  test('activity types: create and edit in a dialog, then a client enables a subset and overrides a rate', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Rates Client LLC'));
    const otherType = unique('Payroll filing');
    await createActivityType(admin, otherType, 9000);
    await admin.dispose();
    const name = unique('Estate planning');

    await login('admin');
    await page.goto('/activity-types');
    await expect(page).toHaveTitle('Activity types');
    await page.getByRole('button', { name: 'New activity type' }).click();
    const dialog = page.getByRole('dialog', { name: 'New activity type' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByLabel('Default hourly rate ($)').fill('-5');
    await dialog.getByRole('button', { name: 'Save activity type' }).click();
    await expect(dialog.locator('.field-error')).toHaveText([
      'Name is required',
      'Code is required',
      'Default rate cannot be negative',
    ]);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Code').fill(uniqueCode('EP'));
    await dialog.getByLabel('Default hourly rate ($)').fill('185.50');
    await dialog.getByRole('button', { name: 'Save activity type' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search activity types').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('$185.50');
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit activity type' });
    await edit.getByLabel('Default hourly rate ($)').fill('200');
    await expect(edit.getByLabel('New rate effective from')).toBeVisible();
    await edit.getByRole('button', { name: 'Save activity type' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('$200.00');

    await page.goto(`/clients/${client.id}/activity-types`);
    await page.getByLabel(`Enable ${otherType}`).uncheck();
    await page.getByLabel(`Client rate for ${name}`).fill('150');
    await page.getByRole('button', { name: 'Save activity types' }).click();
    await expect(page.getByRole('status')).toHaveText('Activity types and rates saved.');
    await page.reload();
    await expect(page.getByLabel(`Client rate for ${name}`)).toHaveValue('150.00');
    await expect(page.getByLabel(`Enable ${otherType}`)).not.toBeChecked();
  });

  test('the client pages have no axe violations', async ({ page, login }) => {
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Axe Check Co'));
    await admin.dispose();
    await login('admin');
    for (const path of ['/clients/manage', `/clients/${client.id}`, '/clients/create', '/activity-types']) {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    }
  });
});

/** The fields PUT /clients takes, from what GET /clients/{id} answered. */
function pickClientInput(stored: Record<string, unknown>): Record<string, unknown> {
  const fields = [
    'client_id',
    'legal_name',
    'dba',
    'entity_type',
    'status',
    'address_line1',
    'address_line2',
    'city',
    'region',
    'postal_code',
    'country',
    'payment_terms_days',
    'notes',
    'tags',
    'version',
  ];
  return Object.fromEntries(fields.map((field) => [field, stored[field]]));
}
