import { describe, expect, it } from 'vitest';
import { monthsOf } from './insert-work';
import { BILLING_CYCLES, billingPeriods, cycleOfClient, ISSUE_DELAY_DAYS } from './billing-calendar';
import { historyDays } from './plan';

const months = monthsOf(historyDays('2026-11-24').workdays).map((month) => month.from.slice(0, 7));

describe('billingPeriods', () => {
  const periods = billingPeriods(months, '2026-11-24');

  it('bills each cycle in consecutive, non-overlapping runs of months from the first month', () => {
    for (const cycle of new Set(BILLING_CYCLES)) {
      const ofCycle = periods.filter((period) => period.cycle === cycle);
      ofCycle.forEach((period, index) => {
        expect(period.period).toBe(index);
        expect(period.firstMonth).toBe(index * cycle);
        expect(period.lastMonth - period.firstMonth + 1).toBe(cycle);
      });
    }
  });

  it('issues a period five days after its last day, never after the last day of the history', () => {
    const monthly = periods.filter((period) => period.cycle === 1);
    expect(months[monthly[0]!.lastMonth]).toBe('2023-11');
    expect(monthly[0]!.issueDate).toBe(`2023-12-0${ISSUE_DELAY_DAYS}`);
    // October 2026 is issued on 5 November; November 2026 is still open, in WIP.
    expect(monthly.at(-1)!.issueDate).toBe('2026-11-05');
    expect(months[monthly.at(-1)!.lastMonth]).toBe('2026-10');
    for (const period of periods) expect(period.issueDate <= '2026-11-24').toBe(true);
  });

  it('leaves the open part of a longer cycle unbilled', () => {
    const lastMonthBilled = (cycle: number) =>
      Math.max(...periods.filter((period) => period.cycle === cycle).map((period) => period.lastMonth));
    expect(lastMonthBilled(1)).toBe(months.length - 2);
    expect(lastMonthBilled(3)).toBeLessThan(months.length - 1);
    expect(billingPeriods(months, '2023-12-04')).toEqual([]);
  });

  it('spreads the clients over the cycles by id: half monthly', () => {
    const cycles = Array.from({ length: 400 }, (_, id) => cycleOfClient(id + 1));
    expect(cycles.filter((cycle) => cycle === 1)).toHaveLength(200);
    expect(new Set(cycles)).toEqual(new Set([1, 2, 3]));
  });
});
