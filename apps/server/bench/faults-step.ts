import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { startCluster, type Cluster } from './faults-cluster';
import { afterChecks, checkLines, type Check } from './faults-checks';
import { runFaultLoad, WRITE_KINDS, type LoadTarget, type Write } from './faults-load';
import { startServer, type ServerProcess } from './server-process';
import { signIn } from './sign-in';

/** Issue 19: a 5-minute load; --faults-seconds shortens it for a trial. */
export const FAULTS_DEFAULT_SECONDS = 300;
const WORKERS = 6;
/** The database stays stopped this long, so /health is seen answering while it is down. */
const DATABASE_DOWN_MS = 5_000;
const HEALTH_POLL_MS = 250;
/** A server that has not answered /health with 200 this long after a fault has not recovered. */
const RECOVERY_BUDGET_MS = 60_000;

/** The secret every start of the server shares, so sessions signed before the SIGKILL stay valid after it. */
const SECRET_KEY = `faults-${randomBytes(24).toString('hex')}`;

type HealthAnswer = { at: number; answer: string };

async function health(baseUrl: string): Promise<string> {
  try {
    const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5_000) });
    return `${response.status} ${await response.text()}`;
  } catch (error) {
    return `no answer (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Polls /health until stopped, keeping each answer and when it came. */
function healthWatcher(baseUrl: () => string, start: number) {
  const answers: HealthAnswer[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      // When it was asked: an answer that comes back later may describe a database started since.
      const at = Date.now() - start;
      answers.push({ at, answer: await health(baseUrl()) });
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
    }
  })();
  return {
    answers,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

type Timeline = {
  databaseStoppedAt?: number;
  databaseStartedAt?: number;
  healthyAfterDatabaseAt?: number;
  killedAt?: number;
  restartedAt?: number;
  unexpectedExits: string[];
};

async function firmInputs(client: pg.ClientBase) {
  const firm = await client.query<{ id: number }>("select id from organizations where subdomain = 'demo'");
  const organizationId = firm.rows[0]?.id;
  if (!organizationId) throw new Error('The demo firm was not seeded');
  const clients = await client.query<{ id: number }>(
    "select id from clients where organization_id = $1 and status = 'active' order by id limit 8",
    [organizationId],
  );
  const activity = await client.query<{ id: number }>(
    'select id from activity_types where organization_id = $1 and active and billable order by id limit 1',
    [organizationId],
  );
  const today = await client.query<{ today: string; due: string }>(
    "select to_char(current_date, 'YYYY-MM-DD') as today, to_char(current_date + 30, 'YYYY-MM-DD') as due",
  );
  if (clients.rows.length === 0 || !activity.rows[0]) throw new Error('The demo firm has no clients or activity types');
  return {
    organizationId,
    clientIds: clients.rows.map((row) => row.id),
    activityTypeId: activity.rows[0].id,
    today: today.rows[0]!.today,
    dueDate: today.rows[0]!.due,
  };
}

/** The figures of one fault: from its start until /health answered 200 again, and what /health said in between. */
function healthLines(answers: HealthAnswer[], from: number, to: number): string[] {
  const during = answers.filter((answer) => answer.at >= from && answer.at < to);
  const counts = new Map<string, number>();
  for (const { answer } of during) counts.set(answer, (counts.get(answer) ?? 0) + 1);
  return [...counts].map(([answer, count]) => `      ${count} x ${answer}`);
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? 'never' : `${(ms / 1000).toFixed(1)} s`;
}

function loadLines(writes: Write[]): string[] {
  return WRITE_KINDS.map((kind) => {
    const ofKind = writes.filter((write) => write.kind === kind);
    const acknowledged = ofKind.filter((write) => write.acknowledgedId !== undefined).length;
    const rejected = ofKind.filter((write) => write.rejected !== undefined).length;
    const requests = ofKind.reduce((sum, write) => sum + write.attempts, 0);
    const reasons = [...new Set(ofKind.flatMap((write) => (write.rejected ? [write.rejected] : [])))].slice(0, 3);
    const failures = [
      ...new Set(
        ofKind.flatMap((write) =>
          write.acknowledgedId === undefined && !write.rejected && write.lastFailure ? [write.lastFailure] : [],
        ),
      ),
    ].slice(0, 3);
    return (
      `  ${kind.padEnd(10)} ${String(ofKind.length).padStart(6)} writes, ${String(requests).padStart(6)} requests, ` +
      `${String(acknowledged).padStart(6)} acknowledged, ${String(rejected).padStart(4)} refused (4xx), ` +
      `${String(ofKind.length - acknowledged - rejected).padStart(4)} failed (no answer or 5xx)` +
      (reasons.length ? `; refused with ${reasons.join(' / ')}` : '') +
      (failures.length ? `; last failures ${failures.join(' / ')}` : '')
    );
  });
}

export type FaultsOutcome = { lines: string[]; failures: string[] };

/**
 * Issue 19's faults: on a PostgreSQL cluster of its own, the real server under a load of
 * time entries, invoices and payments; a third of the way in the database is stopped for
 * five seconds and started again, two thirds in the server is killed with SIGKILL and started
 * again. Then every acknowledged write must exist exactly once, no payment twice, and every
 * PRODUCT.md invariant hold; the server must have come back by itself after the database did.
 */
export async function benchFaults(durationSeconds: number): Promise<FaultsOutcome> {
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const [loadBefore = 0] = loadavg();
  const cluster: Cluster = await startCluster();
  let server: ServerProcess | null = null;
  const connect = async () => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    return client;
  };
  let client: pg.Client | null = null;
  // Interrupted, the step still leaves no cluster or server behind.
  const onInterrupt = () => void Promise.all([server?.stop(), cluster.destroy()]).finally(() => process.exit(130));
  process.once('SIGINT', onInterrupt);
  try {
    const environment = { SEED_DEMO: 'true', SECRET_KEY, LOG_LEVEL: 'fatal' };
    const seedStart = Date.now();
    server = await startServer(cluster.url, environment);
    log(
      `Faults: own PostgreSQL cluster ${cluster.url.replace(/^.*@/, '')}, demo firms seeded and server up in ${seconds(Date.now() - seedStart)}.`,
    );
    client = await connect();
    const inputs = await firmInputs(client);
    await client.end();
    client = null;
    const target: LoadTarget = {
      baseUrl: server.baseUrl,
      session: await signIn(server.baseUrl, 'admin', DEMO_PASSWORD),
    };
    const timeline: Timeline = { unexpectedExits: [] };
    const start = Date.now();
    const durationMs = durationSeconds * 1000;
    const watchExit = (process: ServerProcess) =>
      void process.exited.then(() => {
        if (server === process && timeline.killedAt === undefined) {
          timeline.unexpectedExits.push(`the server exited by itself at ${seconds(Date.now() - start)}`);
        }
      });
    watchExit(server);
    const watcher = healthWatcher(() => target.baseUrl, start);
    const load = runFaultLoad(
      () => target,
      { runId: randomBytes(4).toString('hex'), ...inputs },
      WORKERS,
      start + durationMs,
    );

    await new Promise((resolve) => setTimeout(resolve, durationMs * 0.3));
    await cluster.stop();
    timeline.databaseStoppedAt = Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, DATABASE_DOWN_MS));
    const startAskedAt = Date.now() - start;
    await cluster.start();
    timeline.databaseStartedAt = Date.now() - start;
    while (Date.now() - start - timeline.databaseStartedAt < RECOVERY_BUDGET_MS) {
      if ((await health(target.baseUrl)).startsWith('200')) break;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
    }
    const afterDatabase = await health(target.baseUrl);
    if (afterDatabase.startsWith('200')) timeline.healthyAfterDatabaseAt = Date.now() - start;

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + durationMs * 0.6 - Date.now())));
    timeline.killedAt = Date.now() - start;
    const killed: ServerProcess = server;
    // A server that died by itself earlier is already gone (and reported): it is started again all the same.
    if (timeline.unexpectedExits.length === 0) process.kill(killed.pid, 'SIGKILL');
    await killed.exited;
    server = await startServer(cluster.url, environment);
    timeline.restartedAt = Date.now() - start;
    target.baseUrl = server.baseUrl;
    watchExit(server);

    const writes = await load;
    await watcher.stop();
    const loadSeconds = (Date.now() - start) / 1000;
    client = await connect();
    const checks: Check[] = await afterChecks(client, inputs.organizationId, writes);
    const [loadAfter = 0] = loadavg();

    log(`Faults: ${WORKERS} clients for ${durationSeconds} s (${loadSeconds.toFixed(0)} s with the last retries).`);
    for (const line of loadLines(writes)) log(line);
    const acknowledgedAfter = (at: number | undefined) =>
      at === undefined
        ? undefined
        : Math.min(...writes.map((write) => (write.acknowledgedAt ?? Infinity) - start).filter((ms) => ms > at)) - at;
    log(
      `  database stopped at ${seconds(timeline.databaseStoppedAt)}, started again at ${seconds(timeline.databaseStartedAt)}:`,
    );
    log(
      `    /health answered 200 again ${seconds((timeline.healthyAfterDatabaseAt ?? NaN) - timeline.databaseStartedAt)} after the database was back; first acknowledged write ${seconds(acknowledgedAfter(timeline.databaseStartedAt))} after`,
    );
    log('    /health while the database was down:');
    for (const line of healthLines(watcher.answers, timeline.databaseStoppedAt, startAskedAt)) log(line);
    log(
      `  server killed (SIGKILL) at ${seconds(timeline.killedAt)}, started again and answering /health ${seconds(timeline.restartedAt - timeline.killedAt)} later; first write acknowledged by the new process ${seconds(acknowledgedAfter(timeline.restartedAt))} after it answered`,
    );
    log(`  machine load ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${cpus().length} cores`);
    const downAnswers = watcher.answers.filter(
      (answer) => answer.at >= timeline.databaseStoppedAt! && answer.at < startAskedAt,
    );
    const recovery: Check[] = [
      {
        name: 'the server recovered from the database restart by itself (/health 200, writes acknowledged again)',
        failures: [
          ...(timeline.healthyAfterDatabaseAt === undefined
            ? [`/health not 200 within ${RECOVERY_BUDGET_MS / 1000} s: ${afterDatabase}`]
            : []),
          ...(acknowledgedAfter(timeline.databaseStartedAt) === Infinity
            ? ['no write acknowledged after the database restart']
            : []),
          ...timeline.unexpectedExits,
        ],
      },
      {
        name: '/health said the database was down while it was',
        failures: downAnswers
          .filter((answer) => !answer.answer.startsWith('503'))
          .map((answer) => `at ${seconds(answer.at)}: ${answer.answer}`),
      },
      {
        name: 'writes were acknowledged again after the SIGKILL and restart',
        failures: acknowledgedAfter(timeline.restartedAt) === Infinity ? ['none'] : [],
      },
      ...checks,
    ];
    log('  after-checks:');
    for (const line of checkLines(recovery)) log(line);
    return {
      lines,
      failures: recovery.filter((check) => check.failures.length > 0).map((check) => `faults: ${check.name}`),
    };
  } finally {
    process.off('SIGINT', onInterrupt);
    await client?.end().catch(() => undefined);
    await server?.stop();
    await cluster.destroy();
  }
}
