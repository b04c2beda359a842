import type { Scenario } from './load';

/** Issue 15 budget at full scale: p95 of the global search at 10 connections. */
export const SEARCH_P95_BUDGET_MS = 30;

/**
 * The palette's call as it is made after the debounce: every category at once, as a
 * timekeeper (his own time) and as a biller (everyone's time and the invoices).
 */
export function buildSearchScenarios(searchTerms: string[]): Scenario[] {
  const request = (_user: unknown, index: number) => ({
    path: `/api/search?q=${encodeURIComponent(searchTerms[(index * 31) % searchTerms.length]!)}&type=all&limit=50&per_category=10`,
  });
  return [
    { name: 'GET /api/search', method: 'GET', p95BudgetMs: SEARCH_P95_BUDGET_MS, request },
    {
      name: 'GET /api/search (billing)',
      method: 'GET',
      p95BudgetMs: SEARCH_P95_BUDGET_MS,
      audience: 'billing',
      request,
    },
  ];
}
