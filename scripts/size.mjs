// Gzipped JavaScript the /login route loads (budget 90 KB): the entry chunk and its static
// imports (scripts/login-chunks.mjs). Exits 1 above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loginChunkFiles } from './login-chunks.mjs';

const BUDGET_BYTES = 90 * 1024;
const dist = path.resolve('apps/web/dist');

let files;
try {
  files = loginChunkFiles(dist);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  gzipped JavaScript for /login (${verdict} the 90 KB budget)`);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
