import type { CpuPerRequest } from './cpu-time';
import type { LoadResult } from './load';

export type ScenarioOutcome = {
  name: string;
  p95BudgetMs: number;
  atTen: LoadResult;
  atFifty: LoadResult;
  /** CPU per request at 10 connections; null where /proc is not readable. */
  cpu: CpuPerRequest | null;
};

export function withinBudget(outcome: ScenarioOutcome): boolean {
  return outcome.atTen.p95 <= outcome.p95BudgetMs;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

const COLUMNS = [
  'call',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'budget',
  'verdict',
  'req/s @50',
  'p95 @50',
  'server cpu/req',
  'db cpu/req',
  'cpu vs bare',
  'requests',
  'failures',
];

const totalCpu = (outcome: ScenarioOutcome) => (outcome.cpu ? outcome.cpu.serverMs + outcome.cpu.databaseMs : null);

/** A call's CPU per request (server and database) as a multiple of the bare peer's: a slower machine moves both. */
function cpuVersusBare(outcome: ScenarioOutcome, peer: ScenarioOutcome | null): string {
  const own = totalCpu(outcome);
  const bare = peer ? totalCpu(peer) : null;
  return own !== null && bare ? `${(own / bare).toFixed(1)}x` : '-';
}

function row(outcome: ScenarioOutcome, peer: ScenarioOutcome | null, isPeer: boolean): string[] {
  return [
    outcome.name,
    ms(outcome.atTen.p50),
    ms(outcome.atTen.p95),
    ms(outcome.atTen.p99),
    isPeer ? '-' : `p95 <= ${outcome.p95BudgetMs}`,
    isPeer ? '-' : withinBudget(outcome) ? 'ok' : 'MISSED',
    outcome.atFifty.rps.toFixed(0),
    ms(outcome.atFifty.p95),
    outcome.cpu ? `${outcome.cpu.serverMs.toFixed(2)} ms` : '-',
    outcome.cpu ? `${outcome.cpu.databaseMs.toFixed(2)} ms` : '-',
    cpuVersusBare(outcome, peer),
    String(outcome.atTen.requests + outcome.atFifty.requests),
    String(outcome.atTen.failures + outcome.atFifty.failures),
  ];
}

/**
 * The bench's answer: latency at 10 connections against the budget, throughput at 50, CPU per
 * call beside the bare peer's (its row first, when it ran).
 */
export function formatTable(outcomes: ScenarioOutcome[], peer: ScenarioOutcome | null = null): string {
  const rows = [...(peer ? [row(peer, peer, true)] : []), ...outcomes.map((outcome) => row(outcome, peer, false))];
  const widths = COLUMNS.map((column, index) => Math.max(column.length, ...rows.map((cells) => cells[index]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ');
  return [line(COLUMNS), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** Issue 19: the product's GET /user serves at least half the bare peer's requests per second at 50 connections. */
export const PEER_SHARE_WANTED = 0.5;

/** The product's GET /user throughput as a share of the peer's, loud when under PEER_SHARE_WANTED. */
export function peerShareLine(outcomes: ScenarioOutcome[], peer: ScenarioOutcome | null): string | null {
  const user = outcomes.find((outcome) => outcome.name === 'GET /user');
  if (!peer || !user || peer.atFifty.rps === 0) return null;
  const share = user.atFifty.rps / peer.atFifty.rps;
  const text =
    `GET /user serves ${(share * 100).toFixed(0)}% of the bare peer's requests per second at 50 connections ` +
    `(${user.atFifty.rps.toFixed(0)} against ${peer.atFifty.rps.toFixed(0)}; wanted: at least ${PEER_SHARE_WANTED * 100}%)`;
  return share < PEER_SHARE_WANTED ? `!!! ${text}` : text;
}

/** Loud lines for each missed budget: they are findings, not failures of the run. */
export function budgetWarnings(outcomes: ScenarioOutcome[]): string[] {
  return outcomes
    .filter((outcome) => !withinBudget(outcome))
    .map(
      (outcome) =>
        `!!! BUDGET MISSED: ${outcome.name} p95 ${ms(outcome.atTen.p95)} ms at 10 connections ` +
        `(budget ${outcome.p95BudgetMs} ms)`,
    );
}

/** Answers outside 2xx, errors and timeouts: these make the run fail. */
export function failureLines(results: LoadResult[]): string[] {
  return results
    .filter((result) => result.failures > 0)
    .map(
      (result) =>
        `${result.scenario} at ${result.connections} connections: ${result.failures} failed requests` +
        (result.firstFailure ? `, first: ${result.firstFailure}` : ''),
    );
}
