// End-to-end tests: starts the real server (built web app + API) on free ports with a fresh
// embedded database and the demo firms, runs Playwright against it, stops the server and
// exits with Playwright's status. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A first start migrates and seeds the demo firms; on a loaded 2-core machine that took 80 s.
const START_TIMEOUT_MS = 180_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(urls, server) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with status ${server.exitCode}`);
    const answers = await Promise.all(
      urls.map((url) =>
        fetch(url)
          .then((response) => response.ok)
          .catch(() => false),
      ),
    );
    if (answers.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

let apiPort = await freePort();
let webPort = await freePort();
while (webPort === apiPort) webPort = await freePort();
const apiUrl = `http://localhost:${apiPort}`;
const webUrl = `http://localhost:${webPort}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'practice-e2e-'));

// The embedded database whatever the calling shell points DATABASE_URL at, and no API_URL:
// the page finds the moved API by SPEC 7's localhost rule and the port the server reports.
const { DATABASE_URL: _database, API_URL: _api, ...inherited } = process.env;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  env: {
    ...inherited,
    DATA_DIR: path.join(dataDir, 'data'),
    SEED_DEMO: 'true',
    APP_ENV: 'production',
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PUBLIC_URL: webUrl,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

// Ctrl-C stops the server too; the finally block below then cleans up.
process.on('SIGINT', () => void stop(server));

let status = 1;
try {
  await waitUntilAnswering([`${apiUrl}/health`, `${webUrl}/runtime-config.js`], server);
  console.log(`e2e: API ${apiUrl}, web ${webUrl}, data in ${dataDir}`);
  const playwright = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    env: { ...process.env, E2E_WEB_URL: webUrl, E2E_API_URL: apiUrl },
    stdio: 'inherit',
  });
  status = await new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
