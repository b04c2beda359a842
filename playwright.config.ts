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
  // A 2-core machine runs the server, the database and two browsers at once: a first page
  // load can take several seconds. One retry absorbs that; a real fault fails twice.
  retries: 1,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
