// npm run dev: the API with APP_ENV=development (restarting on change) and Vite with hot
// reload on WEB_PORT. Vite serves the page in development, so the API serves no web app.
import { spawn } from 'node:child_process';

const webPort = process.env.WEB_PORT ?? '3000';
const apiPort = process.env.PORT ?? '5050';

function start(workspace, env) {
  // Its own process group, so stopping it also stops what npm started under it.
  return spawn('npm', ['run', 'dev', '--workspace', workspace], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
    detached: true,
  });
}

const children = [
  start('@practice/server', {
    APP_ENV: 'development',
    PORT: apiPort,
    WEB_PORT: '0',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  }),
  start('@practice/web', { WEB_PORT: webPort, PORT: apiPort }),
];

let stopping = false;
function stopAll(status) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  process.exitCode = status;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
