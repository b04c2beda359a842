import type pg from 'pg';
import { cpuPerRequest, sampleCpu } from './cpu-time';
import { runLoad, type BenchUser, type LoadResult, type Scenario } from './load';
import type { ScenarioOutcome } from './report';

export type Target = { baseUrl: string; pid: number };
export type LoadTimes = { seconds: number; warmup: number };

/**
 * One call under load as the bench measures each: a warm-up at 10 connections, then latency
 * and CPU per request at 10, then throughput at 50. `results` are every run, to judge failures.
 */
export async function measureScenario(
  target: Target,
  client: pg.ClientBase,
  scenario: Scenario,
  senders: BenchUser[],
  times: LoadTimes,
): Promise<{ outcome: ScenarioOutcome; results: LoadResult[] }> {
  const results: LoadResult[] = [];
  await scenario.prepare?.();
  if (times.warmup > 0) results.push(await runLoad(target.baseUrl, scenario, senders, 10, times.warmup));
  const before = await sampleCpu(target.pid, client);
  const atTen = await runLoad(target.baseUrl, scenario, senders, 10, times.seconds);
  const cpu = cpuPerRequest(before, await sampleCpu(target.pid, client), atTen.requests);
  const atFifty = await runLoad(target.baseUrl, scenario, senders, 50, times.seconds);
  results.push(atTen, atFifty);
  return { outcome: { name: scenario.name, p95BudgetMs: scenario.p95BudgetMs, atTen, atFifty, cpu }, results };
}
