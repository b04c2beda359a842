import { addDays } from '../src/modules/time-entries/calendar';
import type { Scenario } from './load';

/** Issue 13's budget at full scale: GET /billing for a month, first page, p95 at 10 connections. */
export const BILLING_TOTALS_P95_BUDGET_MS = 100;

/** The first days of the twelve months up to the one of `lastDay`, newest first. */
export function lastMonths(lastDay: string, count = 12): string[] {
  const months = [`${lastDay.slice(0, 7)}-01`];
  while (months.length < count) months.push(`${addDays(months[months.length - 1]!, -1).slice(0, 7)}-01`);
  return months;
}

function monthEnd(monthStart: string): string {
  return addDays(`${addDays(monthStart, 32).slice(0, 7)}-01`, -1);
}

/**
 * View Client Totals for one month, the first page (docs/decisions/0138): every client of the
 * firm is counted in the totals (from the firm's striped rollups) and the page's 25 clients are
 * looked up by index. The months vary; the sort is the page's default (by client name).
 */
export function billingTotalsScenario(lastDay: string): Scenario {
  const months = lastMonths(lastDay);
  return {
    name: 'GET /billing (a month, first page)',
    method: 'GET',
    audience: 'billing',
    p95BudgetMs: BILLING_TOTALS_P95_BUDGET_MS,
    request: (_user, index) => {
      const month = months[(index * 7) % months.length]!;
      return { path: `/billing?from=${month}&to=${monthEnd(month)}&page=1` };
    },
  };
}
