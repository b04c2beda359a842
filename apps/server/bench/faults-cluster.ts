import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/** PG_BIN, else the newest Debian PostgreSQL (/usr/lib/postgresql/N/bin). */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin')).find((bin) => existsSync(`${bin}/initdb`));
  if (!found) throw new Error('No PostgreSQL binaries found: set PG_BIN to the folder of initdb and pg_ctl');
  return found;
}

export type Cluster = {
  url: string;
  /** pg_ctl stop -m fast: every connection (and its transaction) ends at once, as in a database failover. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of the faults step's own, in a temporary folder on a free port, so that
 * restarting it disturbs nobody else's database. initdb refuses root: as root it runs as the
 * `postgres` account, which then owns the folder.
 */
export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  const directory = mkdtempSync(path.join(tmpdir(), 'practice-faults-'));
  const dataDir = path.join(directory, 'data');
  const asRoot = userInfo().uid === 0;
  const command = async (program: string, args: string[]) => {
    const [file, fileArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', `${bin}/${program}`, ...args]]
      : [`${bin}/${program}`, args];
    return run(file, fileArgs, { maxBuffer: 16 * 1024 * 1024 });
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(directory, uid, Number(group.trim()));
  }
  const port = await freePort();
  const pgCtl = (args: string[]) =>
    command('pg_ctl', ['-D', dataDir, '-l', path.join(directory, 'log'), '-w', '-t', '120', ...args]);
  const options = ['-o', `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c max_connections=60`];
  try {
    await command('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await pgCtl([...options, 'start']);
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pgCtl(['-m', 'fast', 'stop']);
    },
    start: async () => {
      await pgCtl([...options, 'start']);
    },
    destroy: async () => {
      await pgCtl(['-m', 'fast', 'stop']).catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
