import {
  DEFAULT_MILEAGE_RATE_MILLS,
  mileageAmountCents,
  type ClientEntityType,
  type ExpenseCategory,
} from '@practice/shared';
import {
  ACTIVITY_CATALOG,
  EXPENSE_KINDS,
  RETURN_CODE_OF,
  RETURN_CODES,
  type CatalogActivity,
} from '../../cli/seed-large/activity-catalog';
import type { Random } from '../../cli/seed-large/random';
import { addDays } from '../../modules/time-entries/calendar';
import {
  ENTRIES_PER_DAY,
  ENTRIES_TODAY,
  EXPENSE_CHANCE_PER_DAY,
  PORTFOLIO_SIZE,
  type DemoWindow,
} from './demo-activity-plan';

export type DemoClient = { id: number; entityType: ClientEntityType; taxOnly: boolean; responsible: number[] };
export type DemoTimekeeper = { id: number };

/** A time entry before its rate: the rate is decided when it is written, as the service does. */
export type PlannedEntry = {
  userId: number;
  clientId: number;
  activityTypeId: number;
  entryDate: string;
  minutes: number;
  narrative: string;
  billable: boolean;
  status: 'draft' | 'completed';
  /** Minutes after 08:30 on the entry's day, the firm's clock, when it was saved. */
  savedAtMinute: number;
};

export type PlannedExpense = {
  userId: number;
  clientId: number;
  expenseDate: string;
  category: ExpenseCategory;
  description: string;
  amountCents: number;
  /** Mileage: tenths of a mile, priced at the firm's default rate as the service prices it. */
  distanceTenths: number | null;
  billable: boolean;
  markupBasisPoints: number;
  status: 'draft' | 'completed';
  savedAtMinute: number;
};

const MARKUP_BASIS_POINTS = 1000;
const WORKDAY_MINUTES = 600;

/** A tax-only client is charged for the tax and general lines only. */
export function outsideTaxOnly(activity: CatalogActivity): boolean {
  return activity.line !== 'tax' && activity.line !== 'general';
}

export function catalogOf(codes: string[]): CatalogActivity[] {
  return codes.map((code) => {
    const activity = ACTIVITY_CATALOG.find((candidate) => candidate.code === code);
    if (!activity) throw new Error(`No catalog activity ${code}`);
    return activity;
  });
}

/** The clients a timekeeper works for: those he is responsible for first, then others. */
export function portfolioOf(timekeeper: DemoTimekeeper, clients: DemoClient[], random: Random): DemoClient[] {
  const own = clients.filter((client) => client.responsible.includes(timekeeper.id));
  const others = clients.filter((client) => !client.responsible.includes(timekeeper.id));
  const size = Math.min(PORTFOLIO_SIZE, clients.length);
  const chosen = random.sample(own, Math.ceil(size / 2));
  return [...chosen, ...random.sample(others, size - chosen.length)];
}

function statusOn(date: string, window: DemoWindow, random: Random): 'draft' | 'completed' {
  return date < window.weekStart || random.chance(0.4) ? 'completed' : 'draft';
}

function narrativeOf(activity: CatalogActivity, date: string, random: Random): string {
  const month = new Date(`${addDays(`${date.slice(0, 7)}-01`, -1)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return random.pick(activity.narratives).replace('{month}', month);
}

/** A return is always the client's own return type; a tax-only client gets its return instead of other lines. */
function activityFor(client: DemoClient, chosen: CatalogActivity, activities: Map<string, CatalogActivity>) {
  if (RETURN_CODES.has(chosen.code) || (client.taxOnly && outsideTaxOnly(chosen))) {
    return activities.get(RETURN_CODE_OF[client.entityType])!;
  }
  return chosen;
}

/**
 * A timekeeper's working days: a few entries a day in 6-minute multiples that fit in the
 * day, on clients of his portfolio, with weighted service codes of the firm's list.
 */
export function planEntries(
  timekeeper: DemoTimekeeper,
  portfolio: DemoClient[],
  activities: Map<string, CatalogActivity>,
  activityIds: Map<string, number>,
  window: DemoWindow,
  random: Random,
): PlannedEntry[] {
  const choices = [...activities.values()]
    .filter((activity) => activity.active)
    .map((activity) => ({ weight: activity.weight, value: activity }));
  const entries: PlannedEntry[] = [];
  for (const date of window.workdays) {
    const bounds = date === window.today ? ENTRIES_TODAY : ENTRIES_PER_DAY;
    const count = random.between(bounds.min, bounds.max);
    let clock = random.int(60);
    for (let index = 0; index < count; index += 1) {
      const client = random.pick(portfolio);
      const activity = activityFor(client, random.weighted(choices), activities);
      const minutes = 6 * random.between(3, 20);
      if (clock + minutes > WORKDAY_MINUTES) break;
      clock += minutes;
      entries.push({
        userId: timekeeper.id,
        clientId: client.id,
        activityTypeId: activityIds.get(activity.code)!,
        entryDate: date,
        minutes,
        narrative: narrativeOf(activity, date, random),
        billable: activity.billable,
        status: statusOn(date, window, random),
        savedAtMinute: clock,
      });
    }
  }
  return entries;
}

/** Now and then an expense on a client of the portfolio, amounts by category, a 10% markup on a fifth of the billable ones. */
export function planExpenses(
  timekeeper: DemoTimekeeper,
  portfolio: DemoClient[],
  window: DemoWindow,
  random: Random,
): PlannedExpense[] {
  const kinds = EXPENSE_KINDS.map((kind) => ({ weight: kind.weight, value: kind }));
  return window.workdays.flatMap((date) => {
    if (!random.chance(EXPENSE_CHANCE_PER_DAY)) return [];
    const kind = random.weighted(kinds);
    const steps = Math.floor((kind.maxCents - kind.minCents) / kind.stepCents) + 1;
    const listedCents = kind.minCents + random.int(steps) * kind.stepCents;
    // The catalog lists mileage as whole miles times its step; the demo keeps the miles and prices them.
    const distanceTenths = kind.category === 'mileage' ? (listedCents / kind.stepCents) * 10 + random.int(10) : null;
    const billable = random.chance(0.9);
    return [
      {
        userId: timekeeper.id,
        clientId: random.pick(portfolio).id,
        expenseDate: date,
        category: kind.category,
        description: random.pick(kind.descriptions),
        amountCents:
          distanceTenths === null ? listedCents : mileageAmountCents(distanceTenths, DEFAULT_MILEAGE_RATE_MILLS),
        distanceTenths,
        billable,
        markupBasisPoints: billable && random.chance(0.2) ? MARKUP_BASIS_POINTS : 0,
        status: statusOn(date, window, random),
        savedAtMinute: random.int(WORKDAY_MINUTES),
      },
    ];
  });
}
