import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const TOGGLES = [
  'High contrast',
  'Large text',
  'Dyslexic font',
  'Reduced motion',
  'Focus indicators',
  'Reading guide',
  'Screen reader',
  'Magnifier',
];

/** A toast from the sidebar's edit bar (changing nothing): its progress bar animates for 3 s. */
async function showToast(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Edit menu', exact: true }).click();
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('listitem')).toHaveText(
    'Navigation customization saved!',
  );
}

/** The CSS animations and transitions running now, by name. */
function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => (animation instanceof CSSAnimation ? animation.animationName : 'a transition')),
  );
}

/** The page as a person sees it: the pointer over the page's text, the search button focused. */
async function look(page: Page): Promise<Buffer> {
  await page.mouse.move(700, 160);
  await page.mouse.move(702, 162);
  await page.getByRole('button', { name: 'Search (Ctrl+K)' }).focus();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.screenshot({ animations: 'disabled', caret: 'hide' });
}

test.describe('accessibility tools', () => {
  test('Alt+A opens the modal; each toggle changes what the page shows and survives a reload; Reset', async ({
    page,
    login,
  }) => {
    test.setTimeout(180_000);
    await login('admin');
    await page.goto('/settings?tab=preferences');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Accessibility' });
    const baseline = await look(page);

    await page.keyboard.press('Alt+a');
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    for (const name of TOGGLES) {
      await expect(dialog.getByRole('switch', { name })).not.toBeChecked();
    }
    await expect(dialog.getByText('Alt+H')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const openButton = page.getByRole('button', { name: 'Accessibility (Alt+A)' });
    const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
    for (const name of TOGGLES) {
      if (name === 'Reduced motion') {
        // The control: without the setting, a toast's progress bar runs.
        await showToast(page);
        expect(await runningAnimations(page)).toContain('toast-progress');
        await expect(toasts).toHaveCount(0, { timeout: 8_000 });
      }
      await openButton.click();
      await dialog.getByRole('switch', { name }).check();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      if (name === 'Reduced motion') {
        // With it, the same toast shows and nothing on the page moves; it still leaves on time.
        await showToast(page);
        expect(await runningAnimations(page)).toEqual([]);
        await expect(toasts).toHaveCount(0, { timeout: 8_000 });
      } else {
        expect((await look(page)).equals(baseline), `${name} changes the page`).toBe(false);
      }
      await openButton.click();
      await dialog.getByRole('switch', { name }).uncheck();
      await page.keyboard.press('Escape');
    }

    // Zoom and cursor size; then everything on, reloaded.
    await openButton.click();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.locator('output')).toHaveText('110%');
    await dialog.getByRole('radio', { name: 'Extra large' }).check();
    for (const name of TOGGLES) await dialog.getByRole('switch', { name }).check();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('137.5%');
    expect(await page.evaluate(() => getComputedStyle(document.body).cursor)).toContain('url(');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('OpenDyslexic');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const classes = await page.evaluate(() => [...document.body.classList].sort());
    expect(classes).toEqual([
      'accessibility-cursor-extra-large',
      'accessibility-dyslexic-font',
      'accessibility-focus-indicators',
      'accessibility-high-contrast',
      'accessibility-large-text',
      'accessibility-magnifier',
      'accessibility-reading-guide',
      'accessibility-reduced-motion',
      'accessibility-screen-reader',
    ]);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('accessibilitySettings'))) ?? '{}');
    expect(stored).toMatchObject({ highContrast: true, zoomLevel: 110, cursorSize: 'extra-large' });

    // Alt+H and Alt+- work from the page.
    await page.keyboard.press('Alt+h');
    await expect(page.locator('body')).not.toHaveClass(/accessibility-high-contrast/);
    await page.keyboard.press('Alt+Minus');
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('125%');

    await page.keyboard.press('Alt+a');
    await dialog.getByRole('button', { name: 'Reset all' }).click();
    await expect(page.locator('body')).not.toHaveClass(/accessibility-/);
    expect(await page.evaluate(() => localStorage.getItem('accessibilitySettings'))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('');
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Accessibility settings reset.');
  });

  test('0 axe violations with high contrast on, modal open and closed; Settings -> Accessibility', async ({
    page,
    login,
  }) => {
    // Seven axe runs over four pages: slow on a shared machine.
    test.setTimeout(180_000);
    await login('staff');
    await page.goto('/settings?tab=accessibility');
    const tab = page.getByRole('region', { name: 'Accessibility' });
    await tab.getByRole('switch', { name: 'High contrast' }).check();
    await expect(page.locator('body')).toHaveClass(/accessibility-high-contrast/);
    // High contrast is held to WCAG AAA (7:1), not only AA.
    const aaa = { enhancedContrast: true };
    expect(await axeViolations(page, aaa)).toEqual([]);
    for (const path of ['/', '/clients/manage', '/profile']) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
      expect(await axeViolations(page, aaa), path).toEqual([]);
      await page.keyboard.press('Alt+a');
      await expect(page.getByRole('dialog', { name: 'Accessibility' })).toBeVisible();
      expect(await axeViolations(page, aaa), `${path} with the modal`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });

  test('unreadable stored settings are ignored and logged', async ({ page, login }) => {
    await login('staff');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.evaluate(() => localStorage.setItem('accessibilitySettings', '{not json'));
    await page.reload();
    await expect(page.locator('main h1')).toBeVisible();
    expect(await page.evaluate(() => document.body.className)).not.toContain('accessibility-');
    expect(warnings).toContain('Ignoring unreadable accessibility settings');
  });
});
