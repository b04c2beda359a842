import { addDays } from '../../modules/time-entries/calendar';

/**
 * How often a client is billed, in months, picked by client id: half the clients monthly, a
 * quarter every two months, a quarter quarterly. About 25 periods per client over 3 years;
 * with the clients that have no work in a period, about 950,000 invoices at full scale.
 */
export const BILLING_CYCLES = [1, 1, 2, 3] as const;
/** An invoice is issued this many days after the end of the period it bills. */
export const ISSUE_DELAY_DAYS = 5;
/** Every tenth invoice carries a courtesy write-down of this share of each time line. */
export const WRITE_DOWN_EVERY = 10;
export const WRITE_DOWN_PERCENT = 10;
export const WRITE_DOWN_REASON = 'Courtesy discount';

export type BillingPeriod = {
  cycle: number;
  period: number;
  /** Month indexes into the history's months (0 is the first month), both included. */
  firstMonth: number;
  lastMonth: number;
  issueDate: string;
};

export function cycleOfClient(clientId: number): number {
  return BILLING_CYCLES[clientId % BILLING_CYCLES.length]!;
}

function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/**
 * The billed periods of each cycle over the history's months ('YYYY-MM', in order): a period
 * is billed when its issue date (period end + ISSUE_DELAY_DAYS) is on or before the last day,
 * so the current month, and the open part of a longer cycle, stay unbilled in WIP.
 */
export function billingPeriods(months: string[], lastDay: string): BillingPeriod[] {
  const periods: BillingPeriod[] = [];
  for (const cycle of new Set(BILLING_CYCLES)) {
    for (let firstMonth = 0, period = 0; firstMonth < months.length; firstMonth += cycle, period += 1) {
      const lastMonth = firstMonth + cycle - 1;
      if (lastMonth >= months.length) break;
      const issueDate = addDays(lastDayOfMonth(months[lastMonth]!), ISSUE_DELAY_DAYS);
      if (issueDate > lastDay) break;
      periods.push({ cycle, period, firstMonth, lastMonth, issueDate });
    }
  }
  return periods;
}
