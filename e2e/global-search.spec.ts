import AxeBuilder from '@axe-core/playwright';
import { formatDate } from '@practice/shared';
import { expect, test } from './support/fixtures';
import { issuedInvoice } from './support/receivables';
import { apiAs, createClient, daysBefore, firmToday, unique } from './support/records';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

test.describe('global search', () => {
  test('from the dashboard by keyboard to a client, then to an invoice number; never another firm’s', async ({
    page,
    login,
  }) => {
    const word = unique('Quasarfen').replace(' ', '');
    const admin = await apiAs('admin');
    const ours = await createClient(admin, `${word} Holdings LLC`);
    // Issued ten days ago: the date its result shows is not just today's.
    const invoice = await issuedInvoice(admin, ours.id, 25_000, 10, 30);
    await admin.dispose();
    const northwind = await apiAs('nwadmin');
    await createClient(northwind, `${word} Northwind Inc`);
    await northwind.dispose();

    await login('admin');
    const dialog = page.getByRole('dialog', { name: 'Global search' });
    const input = dialog.getByRole('combobox');
    // From the dashboard by keyboard alone: Ctrl+K, Esc, then / (the focus is on no field).
    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('/');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'Search everything...');
    await expect(dialog.getByText('Start typing to search')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    for (const tab of ['Clients', 'Users', 'Time', 'Invoices', 'Activities', 'Guide']) {
      await expect(dialog.getByRole('button', { name: tab, exact: true })).toBeVisible();
    }

    await input.fill(word);
    const option = dialog.getByRole('option', { name: new RegExp(`${word} Holdings LLC`) }).first();
    await expect(option).toBeVisible();
    await expect(option.locator('.badge')).toHaveText('Active');
    // Each result's date: a client's is the day it last changed (UTC, as the server stores it).
    await expect(option.locator('.search-palette-date')).toHaveText(formatDate(ours.updated_at.slice(0, 10)));
    await expect(dialog.getByRole('listbox').getByText('Clients', { exact: true })).toBeVisible();
    await expect(dialog.getByText(`${word} Northwind Inc`)).toHaveCount(0);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/clients/${ours.id}$`));
    await expect(dialog).toBeHidden();

    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused();
    await expect(dialog.getByRole('button', { name: word, exact: true })).toBeVisible();
    await input.fill(invoice.number);
    const invoiceOption = dialog.getByRole('option', { name: new RegExp(invoice.number) }).first();
    await expect(invoiceOption).toBeVisible();
    await expect(invoiceOption.locator('.search-palette-date')).toHaveText(formatDate(daysBefore(firmToday(), 10)));
    await expect(dialog.getByRole('listbox').getByText('Invoices', { exact: true })).toBeVisible();
    // Arrow keys move through every result to the invoice.
    const options = dialog.getByRole('option');
    const count = await options.count();
    let steps = 0;
    while ((await invoiceOption.getAttribute('aria-selected')) !== 'true' && steps < count) {
      await input.press('ArrowDown');
      steps += 1;
    }
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  });

  test('/ and Ctrl+Space open it outside fields, Esc closes and gives focus back; empty and guide results', async ({
    page,
    login,
  }) => {
    await login('staff');
    const dialog = page.getByRole('dialog', { name: 'Global search' });
    // The dashboard's search bar opens it too.
    await page.getByRole('button', { name: /Search everything/ }).click();
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const searchButton = page.getByRole('button', { name: 'Search (Ctrl+K)' });
    await searchButton.focus();
    await page.keyboard.press('/');
    await expect(dialog).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(searchButton).toBeFocused();

    await page.keyboard.press('Control+Space');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox').fill('zzqqxxnothing');
    await expect(dialog.getByText('No results found')).toBeVisible();

    await dialog.getByRole('button', { name: 'Guide', exact: true }).click();
    await dialog.getByRole('combobox').fill('passkey');
    await expect(dialog.getByText('User Guide', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('option', { name: /Settings/ })).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
    // The result is the /guide page's own section: choosing it opens the page at its anchor.
    await dialog.getByRole('option', { name: /Settings/ }).click();
    await expect(page).toHaveURL(/\/guide#settings$/);
    await expect(page.locator('#settings-heading')).toBeInViewport();

    // In a field '/' is typed, not a shortcut.
    await page.goto('/clients/manage');
    const filter = page.getByRole('searchbox').first();
    await filter.fill('a/b');
    await expect(dialog).toBeHidden();
    await expect(filter).toHaveValue('a/b');
  });
});
