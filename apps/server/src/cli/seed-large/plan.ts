import { addDays, daysFrom } from '../../modules/time-entries/calendar';

/** The firm of issue 4 at --scale 1. */
export const FULL_SCALE = { users: 2_000, clients: 50_000, timeEntries: 10_000_000 } as const;

export const FIRM = { name: 'Large Firm LLP', subdomain: 'large', emailDomain: 'largefirm.example' } as const;
export const BENCH_PASSWORD = 'bench-password';
/** The one administrator with a name to remember; the others are numbered like everyone else. */
export const ADMIN_USERNAME = 'largeadmin';

export const YEARS_OF_HISTORY = 3;
/** Clients one timekeeper works for; each entry goes to one of them. */
export const PORTFOLIO_SIZE = 40;
/** Issue 4: about one expense for every 20 time entries. */
export const ENTRIES_PER_EXPENSE = 20;
/** Entries older than this are all completed; newer ones are partly still drafts. */
export const DRAFT_WINDOW_DAYS = 14;

export type RoleName = 'admin' | 'partner' | 'manager' | 'staff' | 'billing' | 'readonly';
/** Roles whose people record time (billing clerks, read-only users and administrators do not). */
export const TIMEKEEPER_ROLES: readonly RoleName[] = ['partner', 'manager', 'staff'];

/** Share of the staff in each role, with at least one person in each. */
const ROLE_SHARES: Record<Exclude<RoleName, 'staff'>, number> = {
  admin: 0.005,
  partner: 0.06,
  manager: 0.12,
  billing: 0.02,
  readonly: 0.01,
};
const MIN_STAFF = 3;
const MIN_CLIENTS = PORTFOLIO_SIZE;

export type SeedPlan = {
  scale: number;
  roles: Record<RoleName, number>;
  users: number;
  timekeepers: number;
  clients: number;
  /** The entries a timekeeper records on an average working day, the same at every scale. */
  entriesPerWorkday: number;
  expenseChancePerWorkday: number;
  firstDay: string;
  lastDay: string;
  workdays: string[];
  /** About this many time entries (the per-day counts are drawn at random). */
  expectedTimeEntries: number;
};

export class ScaleError extends Error {}

export function parseScale(text: string | undefined): number {
  if (text === undefined) throw new ScaleError('--scale is required, e.g. --scale 0.01 (1 is the full firm)');
  const scale = Number(text);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1) {
    throw new ScaleError(`--scale must be a number above 0 and at most 1, not "${text}"`);
  }
  return scale;
}

function isWeekday(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
}

/** The history ends on `today` (the firm's date) and spans YEARS_OF_HISTORY years. */
export function historyDays(today: string): { firstDay: string; lastDay: string; workdays: string[] } {
  const firstDay = addDays(`${Number(today.slice(0, 4)) - YEARS_OF_HISTORY}${today.slice(4)}`, 1);
  const span = Math.round((Date.parse(today) - Date.parse(firstDay)) / 86_400_000) + 1;
  return { firstDay, lastDay: today, workdays: daysFrom(firstDay, span).filter(isWeekday) };
}

function rolesFor(users: number): Record<RoleName, number> {
  const roles = { staff: 0 } as Record<RoleName, number>;
  let others = 0;
  for (const [role, share] of Object.entries(ROLE_SHARES) as [Exclude<RoleName, 'staff'>, number][]) {
    roles[role] = Math.max(1, Math.round(users * share));
    others += roles[role];
  }
  roles.staff = Math.max(MIN_STAFF, users - others);
  return roles;
}

/**
 * Counts for a scale: people and clients scale, while each timekeeper's year looks the same
 * at every scale (his week grid and day list cost what they cost at full scale).
 */
export function planFor(scale: number, today: string): SeedPlan {
  const roles = rolesFor(Math.round(FULL_SCALE.users * scale));
  const users = Object.values(roles).reduce((sum, count) => sum + count, 0);
  const timekeepers = TIMEKEEPER_ROLES.reduce((sum, role) => sum + roles[role], 0);
  const days = historyDays(today);
  const fullTimekeepers = TIMEKEEPER_ROLES.reduce((sum, role) => sum + rolesFor(FULL_SCALE.users)[role], 0);
  const entriesPerWorkday = FULL_SCALE.timeEntries / (fullTimekeepers * days.workdays.length);
  return {
    scale,
    roles,
    users,
    timekeepers,
    clients: Math.max(MIN_CLIENTS, Math.round(FULL_SCALE.clients * scale)),
    entriesPerWorkday,
    expenseChancePerWorkday: entriesPerWorkday / ENTRIES_PER_EXPENSE,
    ...days,
    expectedTimeEntries: Math.round(timekeepers * days.workdays.length * entriesPerWorkday),
  };
}
