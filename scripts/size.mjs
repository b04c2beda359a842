// Gzipped JavaScript the /login route loads (budget 90 KB): the entry chunk of the built web
// app and every chunk it imports statically, followed through Vite's manifest. A first visit
// to /login renders from that graph alone (apps/web/src/main.tsx); e2e/login-budget.spec.ts
// checks in the browser that it fetches no other script.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 90 * 1024;
const dist = path.resolve('apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

if (!existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run npm run build first.`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The build manifest names no entry chunk.');
  process.exit(1);
}

/** The entry and its static imports, each once. */
function loginChunks(chunks, start) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunks[key].imports ?? []) visit(imported);
  };
  visit(start);
  return [...seen].map((key) => chunks[key].file);
}

let total = 0;
for (const file of loginChunks(manifest, entryKey)) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  gzipped JavaScript for /login (${verdict} the 90 KB budget)`);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
