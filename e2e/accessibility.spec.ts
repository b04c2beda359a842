import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

test('the login page and its sign-in modal have no axe violations', async ({ page }) => {
  await page.goto('/login');
  for (const feature of await page.locator('.hero-feature').all()) await expect(feature).toHaveClass(/is-visible/);
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);

  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
});

test('the dashboard has no axe violations', async ({ page, login }) => {
  await login('admin');
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
});
