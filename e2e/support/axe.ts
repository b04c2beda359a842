import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type AxeOptions = {
  /** Issue 15: high contrast meets WCAG AAA, so its runs add the 7:1 rule (tag wcag2aaa, off by default in axe). */
  enhancedContrast?: boolean;
  /** Records a failure and goes on, so one test reports every state of a page that fails. */
  soft?: boolean;
};

/**
 * Resolves once every running finite animation and transition has ended (a spinner's endless
 * turn is left running, a paused one stays paused): contrast measured mid-fade or
 * mid-transition is neither colour.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/**
 * Waits until no toast is counting down or leaving: one that leaves on its own can start to fade
 * while axe reads it (its countdown ends with its progress bar, which animationsSettled waits
 * for). A toast held by the pointer or focus stays, and is checked as it is.
 */
async function passingToastsGone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.toast')].every(
      (toast) =>
        !toast.classList.contains('is-leaving') &&
        (toast.querySelector('.toast-progress') === null || toast.matches(':hover, :focus-within')),
    ),
  );
}

/** The violations axe finds on the page as it is now. */
export async function axeViolations(page: Page, { enhancedContrast = false }: AxeOptions = {}) {
  const builder = new AxeBuilder({ page });
  if (enhancedContrast) builder.options({ rules: { 'color-contrast-enhanced': { enabled: true } } });
  await passingToastsGone(page);
  await animationsSettled(page);
  const { violations } = await builder.withTags(WCAG_TAGS).analyze();
  // What a failure needs to be fixed: the rule, and each element with axe's reason.
  return violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), why: node.failureSummary })),
  }));
}

/** UI.md: axe finds nothing on any page. Waits for the page's heading and for its lists to load first. */
export async function expectNoAxeViolations(page: Page, what: string, options: AxeOptions = {}): Promise<void> {
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
  const violations = await axeViolations(page, options);
  (options.soft ? expect.soft : expect)(violations, what).toEqual([]);
}
