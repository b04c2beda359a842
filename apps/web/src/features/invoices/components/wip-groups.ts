import type { WipTimeEntry } from '../api/invoice-views';

export const WIP_GROUPINGS = ['activity', 'staff'] as const;
export type WipGrouping = (typeof WIP_GROUPINGS)[number];

export type WipGroup = { key: string; label: string; entries: WipTimeEntry[]; minutes: number; cents: number };

/** Time entries in date, id order: the order the spread gives the rounding remainder by (ADR 0110). */
export function byDateThenId(entries: readonly WipTimeEntry[]): WipTimeEntry[] {
  return [...entries].sort((a, b) => a.entry_date.localeCompare(b.entry_date) || a.id - b.id);
}

/** WIP time grouped by activity or by staff member, groups by name, entries by date, with the groups' sums. */
export function groupTime(entries: readonly WipTimeEntry[], grouping: WipGrouping): WipGroup[] {
  const groups = new Map<string, WipGroup>();
  for (const entry of byDateThenId(entries)) {
    const owner = grouping === 'activity' ? entry.activity_type : entry.user;
    const key = `${grouping}-${owner.id}`;
    const group = groups.get(key) ?? { key, label: owner.name, entries: [], minutes: 0, cents: 0 };
    group.entries.push(entry);
    group.minutes += entry.minutes;
    group.cents += entry.amount_cents;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
}
