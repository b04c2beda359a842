import type { ClientEntityType, ClientStatus } from '@practice/shared';
import { ACTIVITY_CATALOG, RETURN_CODE_OF } from './activity-catalog';
import { PORTFOLIO_SIZE, type RoleName, type SeedPlan } from './plan';
import type { Random } from './random';

export type StoredTimekeeper = { id: number; roleName: RoleName };
export type StoredClient = {
  id: number;
  entityType: ClientEntityType;
  status: ClientStatus;
  partnerId: number;
  managerId: number;
  taxOnly: boolean;
};

export type PortfolioSlot = { userId: number; slot: number; clientId: number };
export type Bookmark = { userId: number; clientId: number; createdAt: string };
export type RateOverride = { clientId: number; activityCode: string; effectiveFrom: string; rateCents: number };

const OVERRIDE_SHARE = 0.05;
const BOOKMARKS_MAX = 6;

/**
 * The clients each timekeeper works for: partners and managers mostly their own clients,
 * staff anyone's. Prospects get no time yet.
 */
export function buildPortfolios(
  timekeepers: StoredTimekeeper[],
  clients: StoredClient[],
  random: Random,
): PortfolioSlot[] {
  const workable = clients.filter((client) => client.status !== 'prospect');
  const ownClients = new Map<number, StoredClient[]>();
  for (const client of workable) {
    for (const responsible of [client.partnerId, client.managerId]) {
      const list = ownClients.get(responsible) ?? [];
      list.push(client);
      ownClients.set(responsible, list);
    }
  }
  const size = Math.min(PORTFOLIO_SIZE, workable.length);
  const slots: PortfolioSlot[] = [];
  for (const timekeeper of timekeepers) {
    const chosen = new Set<number>();
    if (timekeeper.roleName !== 'staff') {
      for (const client of random.sample(ownClients.get(timekeeper.id) ?? [], size)) chosen.add(client.id);
    }
    while (chosen.size < size) chosen.add(workable[random.int(workable.length)]!.id);
    [...chosen].forEach((clientId, slot) => slots.push({ userId: timekeeper.id, slot, clientId }));
  }
  return slots;
}

/** A few active clients of his own portfolio on each timekeeper's dashboard. */
export function buildBookmarks(
  portfolios: PortfolioSlot[],
  clients: StoredClient[],
  plan: SeedPlan,
  random: Random,
): Bookmark[] {
  const active = new Set(clients.filter((client) => client.status === 'active').map((client) => client.id));
  const byUser = new Map<number, number[]>();
  for (const slot of portfolios) {
    if (!active.has(slot.clientId)) continue;
    byUser.set(slot.userId, [...(byUser.get(slot.userId) ?? []), slot.clientId]);
  }
  const bookmarks: Bookmark[] = [];
  for (const [userId, clientIds] of byUser) {
    for (const clientId of clientIds.slice(0, random.int(BOOKMARKS_MAX + 1))) {
      const day = plan.workdays[plan.workdays.length - 1 - random.int(Math.min(250, plan.workdays.length))]!;
      bookmarks.push({ userId, clientId, createdAt: `${day}T15:00:00Z` });
    }
  }
  return bookmarks;
}

function discounted(code: string, random: Random): number {
  const rate = ACTIVITY_CATALOG.find((activity) => activity.code === code)?.rateCents ?? 0;
  return Math.round((rate * (0.8 + random.int(16) / 100)) / 500) * 500;
}

/**
 * Negotiated rates: some clients pay less for their return (and bookkeeping), from the start
 * of the history or from a day within it. One override per client and activity type.
 */
export function buildRateOverrides(clients: StoredClient[], plan: SeedPlan, random: Random): RateOverride[] {
  const overrides: RateOverride[] = [];
  for (const client of clients) {
    if (client.status === 'prospect' || !random.chance(OVERRIDE_SHARE)) continue;
    const effectiveFrom = random.chance(0.5) ? plan.firstDay : random.pick(plan.workdays);
    const returnCode = RETURN_CODE_OF[client.entityType];
    overrides.push({
      clientId: client.id,
      activityCode: returnCode,
      effectiveFrom,
      rateCents: discounted(returnCode, random),
    });
    if (!client.taxOnly && random.chance(0.5)) {
      overrides.push({
        clientId: client.id,
        activityCode: 'ACC-BK',
        effectiveFrom,
        rateCents: discounted('ACC-BK', random),
      });
    }
  }
  return overrides;
}
