// What a first visit to /login loads: the entry chunk of the built web app and every chunk it
// imports statically, read from Vite's manifest (apps/web/src/main.tsx renders /login from
// that graph alone). Used by scripts/size.mjs and checked in the browser by e2e/login-budget.spec.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function loginChunkFiles(distDir) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No build manifest at ${manifestFile}: run npm run build first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The build manifest names no entry chunk.');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen].map((key) => manifest[key].file);
}
