import { REPORT_NAMES, REPORTS } from '@practice/shared';
import { addDays } from '../src/modules/time-entries/calendar';
import type { BenchUser, Scenario } from './load';

/** Issue 17 budgets at full scale, p95 at 10 connections: a whole year, a month. */
export const REPORT_YEAR_P95_BUDGET_MS = 500;
export const REPORT_MONTH_P95_BUDGET_MS = 150;

function monthEnd(monthStart: string): string {
  return addDays(`${addDays(monthStart, 32).slice(0, 7)}-01`, -1);
}

/**
 * Each report of the whole firm in its default grouping, as a biller (billing clerks and
 * partners see reports), over whole calendar years and over single months of the seeded
 * history, turn by turn so no answer is the one before; the agings as of those periods' ends.
 * `lastDay` is the last day of the seeded time. The AR aging keeps a past month end once asked
 * (ADR 0183): `firstAsk` asks each period's end once before the warm-up, and says how long that
 * first computation took, so the measured calls are the ones a firm makes after it.
 */
export function buildReportScenarios(lastDay: string, firstAsk?: (path: string) => Promise<void>): Scenario[] {
  const lastFullMonth = `${addDays(`${lastDay.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  const lastYear = Number(lastDay.slice(0, 4)) - 1;
  const years = [lastYear, lastYear - 1].map((year) => ({ from: `${year}-01-01`, to: `${year}-12-31` }));
  const months: Array<{ from: string; to: string }> = [];
  for (let month = lastFullMonth; months.length < 12; month = `${addDays(month, -1).slice(0, 7)}-01`) {
    months.push({ from: month, to: monthEnd(month) });
  }
  return REPORT_NAMES.flatMap((name) =>
    (
      [
        ['year', years, REPORT_YEAR_P95_BUDGET_MS],
        ['month', months, REPORT_MONTH_P95_BUDGET_MS],
      ] as const
    ).map(([span, periods, budget]): Scenario => {
      const pathOf = (period: { from: string; to: string }) =>
        `/reports/${name}?${REPORTS[name].asOf ? `to=${period.to}` : `from=${period.from}&to=${period.to}`}`;
      return {
        name: `report ${name} (${span})`,
        method: 'GET' as const,
        audience: 'billing' as const,
        p95BudgetMs: budget,
        request: (_user, index) => ({ path: pathOf(periods[index % periods.length]!) }),
        ...(name === 'ar-aging' && firstAsk
          ? {
              prepare: async () => {
                for (const period of periods) await firstAsk(pathOf(period));
              },
            }
          : {}),
      };
    }),
  );
}

/** GETs `path` once as `user` and says how long it took: a kept month end's first computation. */
export async function firstAsk(baseUrl: string, user: BenchUser, path: string): Promise<void> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: user.cookie } });
  await response.text();
  if (!response.ok) throw new Error(`The first ask of ${path} answered ${response.status}`);
  console.log(`  first ask of ${path}: ${Math.round(performance.now() - started)} ms`);
}
