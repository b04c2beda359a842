// End-to-end tests: starts the real server (built web app + API) on free ports with a fresh
// embedded database, the demo firms and the e2e accounts, and a real SMTP server whose mail
// lands in a directory the tests read (E2E_MAIL_DIR); runs Playwright against them, stops
// both and exits with Playwright's status. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

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

/** A real SMTP peer on a free loopback port; each message arrives as one .eml file in `dir`. */
async function startMailCatcher(dir) {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        try {
          writeFileSync(path.join(dir, `${String(received).padStart(5, '0')}.eml`), Buffer.concat(chunks));
          callback();
        } catch (error) {
          callback(error);
        }
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return smtp;
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
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
const mailDir = path.join(dataDir, 'mail');
mkdirSync(mailDir);
const mail = await startMailCatcher(mailDir);

// The embedded database whatever the calling shell points DATABASE_URL at, and no API_URL:
// the page finds the moved API by SPEC 7's localhost rule and the port the server reports.
const { DATABASE_URL: _database, API_URL: _api, ...inherited } = process.env;
const serverEnv = {
  ...inherited,
  DATA_DIR: path.join(dataDir, 'data'),
  SEED_DEMO: 'true',
  APP_ENV: 'production',
  PORT: String(apiPort),
  WEB_PORT: String(webPort),
  PUBLIC_URL: webUrl,
  SMTP_URL: `smtp://127.0.0.1:${mail.server.address().port}`,
  LOG_LEVEL: 'warn',
};
let server = null;

// Ctrl-C stops the server too; the finally block below then cleans up.
process.on('SIGINT', () => void (server && stop(server)));

let status = 1;
try {
  await run(process.execPath, ['--import', 'tsx', 'apps/server/test/seed-e2e.ts'], serverEnv);
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilAnswering([`${apiUrl}/health`, `${webUrl}/runtime-config.js`], server);
  console.log(`e2e: API ${apiUrl}, web ${webUrl}, data and mail in ${dataDir}`);
  const playwright = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    env: { ...process.env, E2E_WEB_URL: webUrl, E2E_API_URL: apiUrl, E2E_MAIL_DIR: mailDir },
    stdio: 'inherit',
  });
  status = await new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  if (server) await stop(server);
  await new Promise((resolve) => mail.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
