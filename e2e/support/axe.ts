import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** UI.md: axe finds nothing on any page. Waits for the page's heading and for its lists to load first. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations, what).toEqual([]);
}
