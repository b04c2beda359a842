import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ; `getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds a process has used so far, from /proc/<pid>/stat (user + system time);
 * null where /proc does not exist or the process is gone.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the counted fields follow its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The PostgreSQL backends serving the bench database, other than the bench's own connection. */
export async function databaseBackends(client: pg.ClientBase): Promise<number[]> {
  const result = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return result.rows.map((row) => row.pid);
}

export type CpuSample = { server: number; database: Map<number, number> };

export async function sampleCpu(serverPid: number, client: pg.ClientBase): Promise<CpuSample | null> {
  const server = processCpuMs(serverPid);
  if (server === null) return null;
  const database = new Map<number, number>();
  for (const pid of await databaseBackends(client)) {
    const used = processCpuMs(pid);
    if (used !== null) database.set(pid, used);
  }
  return { server, database };
}

export type CpuPerRequest = { serverMs: number; databaseMs: number };

/**
 * CPU time per request between two samples: what a call costs the server process and the
 * database, whatever else runs on the machine (latency under contention says less).
 * A backend that appeared between the samples counts from zero.
 */
export function cpuPerRequest(
  before: CpuSample | null,
  after: CpuSample | null,
  requests: number,
): CpuPerRequest | null {
  if (!before || !after || requests === 0) return null;
  let database = 0;
  for (const [pid, used] of after.database) database += used - (before.database.get(pid) ?? 0);
  return { serverMs: (after.server - before.server) / requests, databaseMs: database / requests };
}
