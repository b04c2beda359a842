import { addDays, daysFrom, mondayOf } from '../../modules/time-entries/calendar';

/** What one demo firm gets on first start (docs/decisions/0050). */
export type DemoActivityPlan = {
  subdomain: string;
  /** Fixed seed: the same firm on the same day gets the same data. */
  seed: number;
  clients: number;
  /** Service codes of the seed-large catalog; every return type a client may file is among them. */
  activityCodes: string[];
  /** Usernames responsible for the clients, and those who record time and expenses. */
  partners: string[];
  managers: string[];
  timekeepers: string[];
  /** Bookmarked clients per username; users not named have none (the dashboard's empty texts). */
  bookmarks: Record<string, number>;
  /** Clients with a negotiated rate for their return. */
  rateOverrides: number;
};

const RETURN_TYPES = ['TAX-1040', 'TAX-1065', 'TAX-1120S', 'TAX-1120', 'TAX-1041', 'TAX-990'];

export const DEMO_ACTIVITY: DemoActivityPlan[] = [
  {
    subdomain: 'demo',
    seed: 20_261_123,
    clients: 25,
    activityCodes: [
      ...RETURN_TYPES,
      'TAX-PLAN',
      'TAX-NOTICE',
      'TAX-1040EZ',
      'ACC-BK',
      'ACC-RECON',
      'ACC-FS',
      'PAY-RUN',
      'ADV-CFO',
      'GEN-CONS',
      'GEN-MTG',
      'ADM-ENG',
    ],
    partners: ['partner'],
    managers: ['manager'],
    timekeepers: ['partner', 'manager', 'staff'],
    bookmarks: { partner: 3, manager: 4, staff: 2 },
    rateOverrides: 4,
  },
  {
    subdomain: 'northwind',
    seed: 20_261_124,
    clients: 8,
    activityCodes: [...RETURN_TYPES, 'ACC-BK', 'PAY-RUN', 'GEN-CONS', 'ADM-ENG'],
    partners: ['nwadmin'],
    managers: ['nwadmin'],
    timekeepers: ['nwadmin', 'nwstaff'],
    bookmarks: { nwadmin: 2 },
    rateOverrides: 1,
  },
];

export const WEEKS_OF_HISTORY = 6;
/** Per timekeeper and working day; today gets a partial day. */
export const ENTRIES_PER_DAY = { min: 2, max: 5 } as const;
export const ENTRIES_TODAY = { min: 1, max: 2 } as const;
export const EXPENSE_CHANCE_PER_DAY = 0.2;
/** A timekeeper works for this many of the firm's active clients. */
export const PORTFOLIO_SIZE = 10;

export type DemoWindow = {
  today: string;
  firstDay: string;
  /** Monday to Friday from firstDay to today, today included when it is a weekday. */
  workdays: string[];
  /** Entries before this Monday are completed; this week's are partly still drafts. */
  weekStart: string;
  /** The dated rise of every rated activity type, in the middle of the window. */
  rateRiseFrom: string;
};

export function isWeekday(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
}

/** The weeks of history end today in the firm's time zone: this week and the five before it. */
export function demoWindow(today: string): DemoWindow {
  const weekStart = mondayOf(today);
  const firstDay = addDays(weekStart, -7 * (WEEKS_OF_HISTORY - 1));
  const span = Math.round((Date.parse(today) - Date.parse(firstDay)) / 86_400_000) + 1;
  return {
    today,
    firstDay,
    workdays: daysFrom(firstDay, span).filter(isWeekday),
    weekStart,
    rateRiseFrom: addDays(weekStart, -14),
  };
}
