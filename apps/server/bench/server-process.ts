import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Two servers starting at once on a loaded 2-core machine, migrating through PgBouncer, took 50 s (ADR 0177).
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 5_000;

/** Node's arguments of the server's `npm start` (its heap cap, ADR 0172), so the bench runs what a firm runs. */
function startArguments(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = manifest.scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`The server's start script does not run node: ${manifest.scripts.start}`);
  return args;
}

/** A port nobody listens on now (the server binds it a moment later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
  /** Resolves when the process has ended, however (the faults step kills it). */
  exited: Promise<unknown>;
};

/**
 * The real server as `npm start` runs it, in production mode on the bench database, without
 * the web app or the demo firms, on a free port of 127.0.0.1. Its log (warnings and up) goes
 * to this process's stderr. `environment` adds to or overrides the variables it is given.
 */
export async function startServer(
  databaseUrl: string,
  environment: Record<string, string> = {},
): Promise<ServerProcess> {
  return startNode(startArguments(), databaseUrl, environment);
}

/** The bare Fastify peer of GET /user (bench/bare-peer.ts), with the server's environment. */
export async function startBarePeer(databaseUrl: string): Promise<ServerProcess> {
  return startNode(['--import', 'tsx', 'bench/bare-peer.ts'], databaseUrl);
}

async function startNode(
  args: string[],
  databaseUrl: string,
  environment: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      WEB_PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      APP_ENV: 'production',
      ...environment,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child, exited);
  try {
    await waitForHealth(baseUrl, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, stop, exited };
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`The server exited with code ${gone} before it answered`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /health within ${START_TIMEOUT_MS / 1000} s`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
