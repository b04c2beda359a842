import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

/** The scripts scripts/size.mjs counts: the entry chunk and its static imports. */
function measuredScripts(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.resolve('apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entry) visit(entry);
  return files;
}

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

  const allowed = measuredScripts();
  allowed.add('/runtime-config.js');
  expect(loaded.filter((script) => !allowed.has(script))).toEqual([]);
});
