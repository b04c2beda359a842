import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the built app. scripts/test-e2e.mjs starts the real server on
 * free ports and passes them in E2E_WEB_URL and E2E_API_URL. Debian's Chromium is used;
 * no browser is ever downloaded.
 */
const webUrl = process.env.E2E_WEB_URL;
if (!webUrl) throw new Error('E2E_WEB_URL is not set: run the end-to-end tests with npm run test:e2e');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: webUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-dev-shm-usage',
          ],
        },
      },
    },
  ],
});
