import { ADMIN_USERNAME, FIRM, type RoleName, type SeedPlan } from './plan';
import { FIRST_NAMES, LAST_NAMES } from './names';
import type { Random } from './random';

export type SeedUser = {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roleName: RoleName;
  standardRateCents: number;
};

/** Standard billing rates by role, in cents: [lowest, highest, step]. */
const RATE_BANDS: Record<RoleName, [number, number, number]> = {
  admin: [15_000, 15_000, 1],
  partner: [32_500, 47_500, 2_500],
  manager: [20_000, 27_500, 2_500],
  staff: [10_000, 18_500, 500],
  billing: [9_500, 9_500, 1],
  readonly: [0, 0, 1],
};

/** Roles in the order people are numbered: the administrators first, staff last. */
const ROLE_ORDER: RoleName[] = ['admin', 'partner', 'manager', 'billing', 'readonly', 'staff'];

/** Initial and surname, cut so that the 4-digit number keeps the username within 5 to 15 characters. */
function usernameOf(firstName: string, lastName: string, number: number): string {
  const stem = `${firstName[0]}${lastName}`
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 9);
  return `${stem}${String(number).padStart(4, '0')}`;
}

function rateFor(role: RoleName, random: Random): number {
  const [lowest, highest, step] = RATE_BANDS[role];
  return lowest + random.int(Math.floor((highest - lowest) / step) + 1) * step;
}

/** The firm's people: usernames are unique by their number, the first administrator is ADMIN_USERNAME. */
export function buildUsers(plan: SeedPlan, random: Random): SeedUser[] {
  const people: SeedUser[] = [];
  for (const roleName of ROLE_ORDER) {
    for (let index = 0; index < plan.roles[roleName]; index += 1) {
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const username = people.length === 0 ? ADMIN_USERNAME : usernameOf(firstName, lastName, people.length + 1);
      people.push({
        username,
        email: `${username}@${FIRM.emailDomain}`,
        firstName,
        lastName,
        roleName,
        standardRateCents: rateFor(roleName, random),
      });
    }
  }
  return people;
}
