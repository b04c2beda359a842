import { expect, test as base, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, apiUrl, type DemoUsername } from './demo';

/**
 * Signs in through the API in the page's own browser context (its cookies are the page's),
 * then opens the dashboard and waits for its greeting. The sign-in modal is under test in
 * login.spec.ts, accessibility.spec.ts and the account specs, which drive it as a person
 * would; everywhere else it only cost a page load per test (ADR 0191). Each test still gets
 * a session of its own, so one that refreshes, revokes or logs out touches no other test.
 */
export async function login(page: Page, username: DemoUsername, password: string = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post(apiUrl('/login'), { data: { username, password } });
  expect(response.ok(), `POST /login as ${username} answered ${response.status()}`).toBe(true);
  await page.goto('/');
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
