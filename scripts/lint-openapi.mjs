// The OpenAPI check (docs/decisions/0166): writes the app's document to a temporary file and
// lints it with Redocly CLI's recommended rules (redocly.yaml); any error fails the run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
const dir = mkdtempSync(path.join(tmpdir(), 'practice-openapi-lint-'));
const file = path.join(dir, 'openapi.json');

try {
  let status = run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/openapi-document.ts', file]);
  if (status === 0) status = run('npx', ['--no-install', 'redocly', 'lint', file, '--config', 'redocly.yaml']);
  process.exitCode = status;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
