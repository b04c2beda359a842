import { expect, test as base, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUsername } from './demo';

/** Signs in through the sign-in modal, as a person would, and waits for the dashboard. */
export async function login(page: Page, username: DemoUsername, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login?popup');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO_USERS[username].firstName}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/$/);
}

type Fixtures = {
  /** Signs the test's page in as the given demo user. */
  login: (username: DemoUsername) => Promise<void>;
  /** Fails any test whose page reported a Content-Security-Policy violation. */
  cspViolations: void;
};

export const test = base.extend<Fixtures>({
  login: async ({ page }, use) => {
    await use((username) => login(page, username));
  },
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
