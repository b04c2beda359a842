import { execFileSync, spawn } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../bench/server-process';
import { appLogin } from '../src/db/roles';

const START_TIMEOUT_MS = 15_000;
/** PgBouncer refuses to run as root; started by root (CI), it switches to this user. */
const RUN_AS_WHEN_ROOT = 'nobody';

export type Pgbouncer = {
  /** The URL of a database of the target server through PgBouncer as `user` (with the owner's password, if any). */
  urlOf: (database: string, user?: string) => string;
  stop: () => Promise<void>;
};

/** Debian installs pgbouncer in /usr/sbin, which is not on every user's PATH. */
function pgbouncerBinary(): string {
  const candidates = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin'].map((dir) =>
    path.join(dir, 'pgbouncer'),
  );
  const found = candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) {
    throw new Error(
      'The scale-out test needs PgBouncer and found no pgbouncer binary (PATH, /usr/sbin). ' +
        'Install it: apt-get install -y pgbouncer (.ci/run does).',
    );
  }
  return found;
}

/** An auth_file line; plain-text passwords let PgBouncer log in to the server as the client. */
function authLine(user: string, password: string): string {
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
  return `${quoted(user)} ${quoted(password)}`;
}

export type PgbouncerOptions = {
  /** Server connections per database and user, shared by every client. */
  poolSize: number;
  /**
   * Checks passwords (SCRAM): the owner's is this one, from the auth file, and app_user's is
   * read from the server (auth_query, as the owner), as a production PgBouncer is set up.
   * Without it, trust: the owner and app_user log in without one.
   */
  ownerPassword?: string;
};

/**
 * PgBouncer in transaction pooling mode in front of the server of `targetUrl`, on a free port of
 * 127.0.0.1, with its files in a temporary directory. It logs in to the server with the auth
 * file's passwords (trust on CI's server). The few server connections are shared by every
 * client, so a statement that left state on its connection meets other clients.
 */
export async function startPgbouncer(targetUrl: string, options: PgbouncerOptions): Promise<Pgbouncer> {
  const binary = pgbouncerBinary();
  const target = new URL(targetUrl);
  const owner = decodeURIComponent(target.username) || 'postgres';
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'practice-pgbouncer-'));
  const config = path.join(dir, 'pgbouncer.ini');
  const authFile = path.join(dir, 'users.txt');
  const users = options.ownerPassword
    ? [authLine(owner, options.ownerPassword)]
    : [authLine(owner, decodeURIComponent(target.password)), authLine('app_user', appLogin(targetUrl).password ?? '')];
  writeFileSync(authFile, users.join('\n') + '\n', { mode: 0o600 });
  const authentication = options.ownerPassword
    ? ['auth_type = scram-sha-256', `auth_user = ${owner}`]
    : ['auth_type = trust'];
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      ...authentication,
      `auth_file = ${authFile}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize}`,
      'max_client_conn = 200',
      // A client starved of a server connection fails the test instead of hanging it.
      'query_wait_timeout = 30',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const args = [config];
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', RUN_AS_WHEN_ROOT], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', RUN_AS_WHEN_ROOT], { encoding: 'utf8' }).trim());
    for (const file of [dir, config, authFile]) chownSync(file, uid, gid);
    args.unshift('-u', RUN_AS_WHEN_ROOT);
  }
  chmodSync(dir, 0o700);

  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const urlOf = (database: string, user = owner) => {
    const url = new URL(targetUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    url.pathname = `/${database}`;
    url.username = user;
    url.password = user === owner ? (options.ownerPassword ?? '') : '';
    return url.toString();
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`pgbouncer exited with code ${child.exitCode}: ${log}`);
    }
    const probe = new pg.Client({ connectionString: urlOf(target.pathname.slice(1) || 'postgres') });
    try {
      await probe.connect();
      await probe.query('select 1');
      await probe.end();
      return { urlOf, stop };
    } catch (error) {
      await probe.end().catch(() => undefined);
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer did not answer within ${START_TIMEOUT_MS / 1000} s: ${String(error)}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
