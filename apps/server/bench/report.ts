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
  'requests',
  'failures',
];

/** The bench's answer: latency at 10 connections against the budget, throughput at 50, CPU per call. */
export function formatTable(outcomes: ScenarioOutcome[]): string {
  const rows = outcomes.map((outcome) => [
    outcome.name,
    ms(outcome.atTen.p50),
    ms(outcome.atTen.p95),
    ms(outcome.atTen.p99),
    `p95 <= ${outcome.p95BudgetMs}`,
    withinBudget(outcome) ? 'ok' : 'MISSED',
    outcome.atFifty.rps.toFixed(0),
    ms(outcome.atFifty.p95),
    outcome.cpu ? `${outcome.cpu.serverMs.toFixed(2)} ms` : '-',
    outcome.cpu ? `${outcome.cpu.databaseMs.toFixed(2)} ms` : '-',
    String(outcome.atTen.requests + outcome.atFifty.requests),
    String(outcome.atTen.failures + outcome.atFifty.failures),
  ]);
  const widths = COLUMNS.map((column, index) => Math.max(column.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ');
  return [line(COLUMNS), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
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
