import { describe, expect, it } from 'vitest';
import type { BenchUser } from './load';
import { billingTotalsScenario, lastMonths } from './billing-totals-scenario';

describe('the GET /billing bench scenario', () => {
  it('asks for whole months, the last twelve of the history', () => {
    expect(lastMonths('2026-03-18', 4)).toEqual(['2026-03-01', '2026-02-01', '2026-01-01', '2025-12-01']);
    const scenario = billingTotalsScenario('2026-03-18');
    const user = {} as BenchUser;
    expect(scenario.request(user, 0).path).toBe('/billing?from=2026-03-01&to=2026-03-31&page=1');
    expect(scenario.request(user, 1).path).toBe('/billing?from=2025-08-01&to=2025-08-31&page=1');
    expect(scenario.request(user, 2).path).toBe('/billing?from=2026-01-01&to=2026-01-31&page=1');
  });
});
