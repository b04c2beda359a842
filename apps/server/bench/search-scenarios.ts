import type { Alongside, Scenario } from './load';

/** Issue 15 budget at full scale: p95 of the global search at 10 connections. */
export const SEARCH_P95_BUDGET_MS = 30;

/**
 * Entries the firm records a second while the search is measured. The full-scale firm holds
 * about 10 million entries over 37 months: some 12,500 a working day, 0.4 a second over eight
 * hours; the bench writes several times as many.
 */
export const FIRM_WRITES_PER_SECOND = 2;

/**
 * The palette's call as it is made after the debounce: every category at once, as a
 * timekeeper (his own time) and as a biller (everyone's time and the invoices), while the firm
 * records time: each entry writes an audit row, after which the feed's page a search kept is
 * read again (ADR 0196), as it is on a working day.
 */
export function buildSearchScenarios(searchTerms: string[], firmWriting: Alongside): Scenario[] {
  const request = (_user: unknown, index: number) => ({
    path: `/api/search?q=${encodeURIComponent(searchTerms[(index * 31) % searchTerms.length]!)}&type=all&limit=50&per_category=10`,
  });
  return [
    { name: 'GET /api/search', method: 'GET', p95BudgetMs: SEARCH_P95_BUDGET_MS, request, alongside: firmWriting },
    {
      name: 'GET /api/search (billing)',
      method: 'GET',
      p95BudgetMs: SEARCH_P95_BUDGET_MS,
      audience: 'billing',
      request,
      alongside: firmWriting,
    },
  ];
}
