import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FIRM } from '../src/cli/seed-large/plan';
import {
  BenchDataError,
  findFirm,
  historySpan,
  mondaysBetween,
  pickTimekeepers,
  recentWork,
  searchTerms,
} from './bench-data';
import { randomBytes } from 'node:crypto';
import { firmToday, sampleLedgerClients, sampleOwingClients } from './ar-data';
import { voidBenchPayments } from './ar-http';
import { buildArScenarios } from './ar-scenarios';
import { invoiceSpan, pickBillers, readWipBatches, sampleInvoices } from './billing-data';
import { cleanUpBenchInvoices, topUpDrafts } from './billing-http';
import { buildBillingScenarios, DraftPool, monthStarts } from './billing-scenarios';
import { billingTotalsScenario } from './billing-totals-scenario';
import type { BenchUser, LoadResult, Scenario } from './load';
import { measureScenario } from './measure';
import { BARE_PEER_NAME, benchBarePeer } from './peer-step';
import { budgetWarnings, failureLines, formatTable, peerShareLine, type ScenarioOutcome } from './report';
import { buildReportScenarios, firstAsk } from './report-scenarios';
import { BENCH_NARRATIVE, buildScenarios, newEntryScenario } from './scenarios';
import { buildSearchScenarios, FIRM_WRITES_PER_SECOND } from './search-scenarios';
import { startServer, type ServerProcess } from './server-process';
import { benchExport, exportReport } from './export-step';
import { benchFaults, FAULTS_DEFAULT_SECONDS } from './faults-step';
import { benchFuzz, fuzzFailureLines, fuzzReport } from './fuzz-step';
import { signIn } from './sign-in';

const USAGE = [
  'Usage: BENCH_DATABASE_URL=postgres://... npm run bench [-- --seconds 10 --warmup 3 --only "dashboard|wip"]',
  '',
  'Loads the server with the five calls of issue 4 (as timekeepers), the five of issue 12',
  '(as billers: WIP, invoice list, PDF, draft, issue) and three of issue 13 (as billers: firm',
  "aging, one client's ledger, payment) as signed-in users of the firm that",
  'npm run seed:large made: p50/p95/p99 at 10 connections against the budgets, requests per',
  'second at 50. Exits 1 when a call fails (not 2xx); a missed budget is reported, not a failure.',
  "First, GET /user on a bare Fastify peer (issue 19): each call's CPU per request is printed",
  "as a multiple of the peer's, and GET /user's throughput as a share of the peer's.",
  'Then 10,000 malformed requests over every route (issue 19; --only fuzz runs that step alone):',
  'exits 1 when one is not answered with a 4xx error, or when any of them wrote.',
  'Then the faults step (issue 19; --only faults runs it alone and needs no database; --faults-seconds 60',
  'shortens its 300 s): a load of time entries, invoices and payments on a PostgreSQL cluster of its own,',
  'restarted once, with the server killed (SIGKILL) once; exits 1 when an acknowledged write is missing or',
  'doubled, a money invariant breaks, or the server did not recover by itself.',
].join('\n');

type Options = { seconds: number; warmup: number; only: string | undefined; faultsSeconds: number };

/** `--only` names one part of a scenario's name, or several separated by `|`. */
function isChosen(name: string, only: string | undefined): boolean {
  return !only || only.split('|').some((part) => name.includes(part));
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      only: { type: 'string' },
      'faults-seconds': { type: 'string', default: String(FAULTS_DEFAULT_SECONDS) },
    },
    strict: true,
  });
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  const faultsSeconds = Number(values['faults-seconds']);
  if (!Number.isInteger(seconds) || seconds < 1 || !Number.isInteger(warmup) || warmup < 0) {
    throw new BenchDataError('--seconds must be a whole number of at least 1 and --warmup a whole number');
  }
  if (!Number.isInteger(faultsSeconds) || faultsSeconds < 20) {
    throw new BenchDataError('--faults-seconds must be a whole number of at least 20');
  }
  return { seconds, warmup, only: values.only, faultsSeconds };
}

async function firmSize(client: pg.ClientBase, organizationId: number): Promise<string> {
  const result = await client.query<{ users: string; clients: string; entries: string; expenses: string }>(
    `select (select count(*) from users where organization_id = $1) as users,
       (select count(*) from clients where organization_id = $1) as clients,
       (select count(*) from time_entries where organization_id = $1) as entries,
       (select count(*) from expenses where organization_id = $1) as expenses`,
    [organizationId],
  );
  const row = result.rows[0]!;
  const count = (text: string) => Number(text).toLocaleString('en-US');
  return `${count(row.users)} users, ${count(row.clients)} clients, ${count(row.entries)} time entries, ${count(row.expenses)} expenses`;
}

/** The bench shares the machine: other work running beside it makes every figure worse. */
function machineLoad(moment: string): string {
  const [lastMinute = 0] = loadavg();
  const busy = lastMinute > cpus().length / 2;
  return `Machine load ${moment}: ${lastMinute.toFixed(2)} on ${cpus().length} cores${
    busy ? ' (other work is running: the figures below are pessimistic)' : ''
  }.`;
}

async function benchUsers(
  client: pg.ClientBase,
  organizationId: number,
  baseUrl: string,
  lastDay: string,
): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (const timekeeper of await pickTimekeepers(client, organizationId)) {
    const work = await recentWork(client, organizationId, timekeeper.id, lastDay);
    if (work.length === 0) continue;
    const session = await signIn(baseUrl, timekeeper.username);
    users.push({ id: timekeeper.id, username: timekeeper.username, ...session, work });
  }
  if (users.length === 0) throw new BenchDataError('No timekeeper of the large firm has recent work to bench with');
  return users;
}

async function billingUsers(client: pg.ClientBase, organizationId: number, baseUrl: string): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (const username of await pickBillers(client, organizationId)) {
    users.push({ id: 0, username, ...(await signIn(baseUrl, username)), work: [] });
  }
  if (users.length === 0) throw new BenchDataError('The large firm has no billing clerk or partner to bill with');
  return users;
}

/** The billing calls' inputs, read from the seeded firm: its WIP, its invoices, their months. */
async function billingScenarios(
  client: pg.ClientBase,
  organizationId: number,
  baseUrl: string,
  billers: BenchUser[],
): Promise<Scenario[]> {
  const span = await invoiceSpan(client, organizationId);
  const invoiceIds = await sampleInvoices(client, organizationId);
  const batches = await readWipBatches(client, organizationId);
  if (!span || invoiceIds.length === 0 || batches.length === 0) {
    throw new BenchDataError('The large firm has no issued invoices or no WIP: seed it again with this version');
  }
  const pool = new DraftPool(batches);
  console.log(
    `Billing: ${batches.length.toLocaleString('en-US')} WIP batches to draft from, invoices ${span.first} to ${span.last}.`,
  );
  return buildBillingScenarios({
    pool,
    clientIds: [...new Set(batches.map((batch) => batch.clientId))],
    invoiceIds,
    months: monthStarts(span.first, span.last),
    topUp: (wanted) => topUpDrafts(baseUrl, billers[0]!, pool, wanted),
  });
}

/** The AR calls' inputs: clients with ledger rows, clients that owe, the firm's today. */
async function arScenarios(client: pg.ClientBase, organizationId: number): Promise<Scenario[]> {
  const ledgerClientIds = await sampleLedgerClients(client, organizationId);
  const owingClientIds = await sampleOwingClients(client, organizationId);
  if (ledgerClientIds.length === 0 || owingClientIds.length === 0) {
    throw new BenchDataError('The large firm has no ledger or no open invoices: seed it again with this version');
  }
  return buildArScenarios({
    ledgerClientIds,
    owingClientIds,
    today: await firmToday(client, organizationId),
    runId: randomBytes(6).toString('hex'),
  });
}

type Target = { server: ServerProcess; client: pg.ClientBase; users: BenchUser[]; billers: BenchUser[] };

async function runScenarios({ server, client, users, billers }: Target, scenarios: Scenario[], options: Options) {
  const outcomes: ScenarioOutcome[] = [];
  const results: LoadResult[] = [];
  for (const scenario of scenarios) {
    const senders = scenario.audience === 'billing' ? billers : users;
    const measured = await measureScenario(server, client, scenario, senders, options);
    results.push(...measured.results);
    outcomes.push(measured.outcome);
    const { atTen, atFifty } = measured.outcome;
    console.log(
      `  ${scenario.name}: p50 ${atTen.p50.toFixed(1)} ms, p95 ${atTen.p95.toFixed(1)} ms at 10 connections; ` +
        `${atFifty.rps.toFixed(0)} req/s at 50`,
    );
  }
  return { outcomes, results };
}

/** The faults step alone (issue 19). */
async function faultsStep(options: Options): Promise<number> {
  console.log(machineLoad('before'));
  const { failures } = await benchFaults(options.faultsSeconds);
  for (const failure of failures) console.error(`FAILED: ${failure}`);
  return failures.length > 0 ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const options = parseOptions(argv);
  // The faults step brings its own PostgreSQL cluster: alone, it needs no seeded database.
  if (options.only === 'faults') return faultsStep(options);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    throw new BenchDataError('Set BENCH_DATABASE_URL (or DATABASE_URL) to the PostgreSQL database seed:large filled');
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let server: ServerProcess | null = null;
  let billers: BenchUser[] = [];
  const stopOnInterrupt = () => void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  process.once('SIGINT', stopOnInterrupt);
  try {
    const organizationId = await findFirm(client);
    const span = await historySpan(client, organizationId);
    console.log(`Large firm: ${await firmSize(client, organizationId)}, time from ${span.first} to ${span.last}.`);
    console.log(machineLoad('before'));
    server = await startServer(databaseUrl);
    const users = await benchUsers(client, organizationId, server.baseUrl, span.last);
    billers = await billingUsers(client, organizationId, server.baseUrl);
    const scenarios = [
      ...buildScenarios({
        mondays: mondaysBetween(span.first, span.last),
        searchTerms: searchTerms(),
        lastDay: span.last,
      }),
      ...(await billingScenarios(client, organizationId, server.baseUrl, billers)),
      billingTotalsScenario(span.last),
      ...(await arScenarios(client, organizationId)),
      ...buildReportScenarios(span.last, (path) => firstAsk(server!.baseUrl, billers[0]!, path)),
      ...buildSearchScenarios(searchTerms(), {
        scenario: newEntryScenario(span.last),
        users,
        perSecond: FIRM_WRITES_PER_SECOND,
      }),
    ];
    console.log(
      `Server at ${server.baseUrl}; ${users.length} timekeepers and ${billers.length} billers signed in; ` +
        `${options.warmup} s warm-up, ` +
        `${options.seconds} s at 10 connections, ${options.seconds} s at 50 per call.`,
    );
    const chosen = scenarios.filter((scenario) => isChosen(scenario.name, options.only));
    // The yardstick of this machine (issue 19): measured first, while the product's server idles.
    const peer = chosen.length > 0 ? await benchBarePeer(databaseUrl, client, users, options) : null;
    if (peer) {
      const { atTen, atFifty } = peer.outcome;
      console.log(
        `  ${BARE_PEER_NAME}: p50 ${atTen.p50.toFixed(1)} ms, p95 ${atTen.p95.toFixed(1)} ms at 10 connections; ` +
          `${atFifty.rps.toFixed(0)} req/s at 50`,
      );
    }
    const { outcomes, results } = await runScenarios({ server, client, users, billers }, chosen, options);
    // The export step (issue 16): one whole export of the firm, its time and the server's memory.
    if (isChosen('export', options.only)) {
      for (const line of exportReport(await benchExport(server.baseUrl, server.pid))) console.log(line);
    }
    // The fuzz step (issue 19): malformed requests over every route, none answered but with a 4xx, none writing.
    const fuzzFailures: string[] = [];
    if (isChosen('fuzz', options.only)) {
      const fuzzed = await benchFuzz(server.baseUrl, client, organizationId);
      for (const line of fuzzReport(fuzzed)) console.log(line);
      fuzzFailures.push(...fuzzFailureLines(fuzzed));
    }
    console.log(machineLoad('after'));
    console.log(`\n${formatTable(outcomes, peer?.outcome ?? null)}\n`);
    for (const warning of budgetWarnings(outcomes)) console.log(warning);
    const share = peerShareLine(outcomes, peer?.outcome ?? null);
    if (share) console.log(share);
    const faultFailures = isChosen('faults', options.only) ? (await benchFaults(options.faultsSeconds)).failures : [];
    const failures = [...failureLines([...(peer?.results ?? []), ...results]), ...fuzzFailures, ...faultFailures];
    for (const failure of failures) console.error(`FAILED: ${failure}`);
    return failures.length > 0 ? 1 : 0;
  } finally {
    if (server && billers[0]) {
      // Payments first: an invoice the bench issued may carry one of them, and a paid invoice cannot be voided.
      const voided = await voidBenchPayments(client, server.baseUrl, billers[0]).catch((error: unknown) => {
        console.error(`Voiding the bench's payments failed: ${error instanceof Error ? error.message : error}`);
        return 0;
      });
      if (voided > 0) console.log(`Voided the bench's ${voided} payments.`);
      const cleaned = await cleanUpBenchInvoices(client, server.baseUrl, billers[0]).catch((error: unknown) => {
        console.error(`Cleaning up the bench's invoices failed: ${error instanceof Error ? error.message : error}`);
        return null;
      });
      if (cleaned && cleaned.deleted + cleaned.voided > 0) {
        console.log(`Deleted the bench's ${cleaned.deleted} drafts and voided its ${cleaned.voided} issued invoices.`);
      }
    }
    await server?.stop();
    const removed = await client.query(
      'delete from time_entries where organization_id = (select id from organizations where subdomain = $1) and narrative = $2',
      [FIRM.subdomain, BENCH_NARRATIVE],
    );
    if (removed.rowCount) console.log(`Removed the ${removed.rowCount} time entries the bench created.`);
    await client.end();
    process.off('SIGINT', stopOnInterrupt);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
