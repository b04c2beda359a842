import path from 'node:path';
import { loginChunkFiles } from '../scripts/login-chunks.mjs';
import { expect, test } from './support/fixtures';

test('/login loads no script beyond what npm run size measures', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
  });
  await page.goto('/login?popup');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Username').fill('abc');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByText('Username must be at least 5 characters')).toBeVisible();

  const measured = new Set(loginChunkFiles(path.resolve('apps/web/dist')).map((file) => `/${file}`));
  measured.add('/runtime-config.js');
  expect(loaded.filter((script) => !measured.has(script))).toEqual([]);
  expect(loaded.length).toBeGreaterThan(1);
});
