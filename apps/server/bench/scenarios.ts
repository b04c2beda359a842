import { addDays } from '../src/modules/time-entries/calendar';
import type { Scenario } from './load';

/** Issue 4 budgets at full scale, p95 at 10 connections. */
export const P95_BUDGET_MS = 50;
export const DASHBOARD_P95_BUDGET_MS = 20;

/** The narrative of every entry the bench creates: how the bench finds and removes them afterwards. */
export const BENCH_NARRATIVE = 'Benchmark entry (npm run bench)';

export type ScenarioInputs = {
  /** Mondays all over the history, for the week grid. */
  mondays: string[];
  searchTerms: string[];
  /** The last day with recorded time: new entries go on the two weeks up to it. */
  lastDay: string;
};

/** GET /user, on every page load: also what the bare peer answers (bench/bare-peer.ts). */
export const USER_SCENARIO: Scenario = {
  name: 'GET /user',
  method: 'GET',
  p95BudgetMs: P95_BUDGET_MS,
  request: () => ({ path: '/user' }),
};

/** The five calls of issue 4, each as the browser makes it. */
export function buildScenarios({ mondays, searchTerms, lastDay }: ScenarioInputs): Scenario[] {
  return [
    USER_SCENARIO,
    {
      name: 'GET /dashboard/stats',
      method: 'GET',
      p95BudgetMs: DASHBOARD_P95_BUDGET_MS,
      request: () => ({ path: '/dashboard/stats' }),
    },
    {
      name: 'GET /clients?q=',
      method: 'GET',
      p95BudgetMs: P95_BUDGET_MS,
      request: (_user, index) => ({
        path: `/clients?q=${encodeURIComponent(searchTerms[index % searchTerms.length]!)}&page=1`,
      }),
    },
    {
      name: 'GET /time-entries/week',
      method: 'GET',
      p95BudgetMs: P95_BUDGET_MS,
      request: (_user, index) => ({ path: `/time-entries/week?start=${mondays[(index * 7919) % mondays.length]}` }),
    },
    newEntryScenario(lastDay),
  ];
}

/** A timekeeper records a draft on one of the last two weeks: also the firm's writing beside the search. */
export function newEntryScenario(lastDay: string): Scenario {
  return {
    name: 'POST /time-entries',
    method: 'POST',
    p95BudgetMs: P95_BUDGET_MS,
    request: (user, index) => {
      const work = user.work[index % user.work.length]!;
      return {
        path: '/time-entries',
        body: {
          client_id: work.clientId,
          activity_type_id: work.activityTypeId,
          entry_date: addDays(lastDay, -(index % 14)),
          minutes: 6 * (1 + (index % 20)),
          narrative: BENCH_NARRATIVE,
          status: 'draft',
        },
      };
    },
  };
}
