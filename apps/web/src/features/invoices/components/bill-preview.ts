import { spreadCents, type WriteSpread } from '@practice/shared';
import type { WipTimeEntry } from '../api/invoice-views';
import { byDateThenId } from './wip-groups';

export type EntryBill = { billed_cents: number; write_cents: number };

export type BillPreview = {
  minutes: number;
  standard_cents: number;
  billed_cents: number;
  /** Positive: a write-up; negative: a write-down. */
  write_cents: number;
  perEntry: Map<number, EntryBill>;
};

/**
 * What billing the selected time for `billCents` (null: its standard value) does to each
 * entry, computed with the spread the server records (packages/shared spreadCents), over
 * the entries in date, id order, weighted by value or by minutes as the firm sets.
 */
export function previewBill(
  selected: readonly WipTimeEntry[],
  billCents: number | null,
  basis: WriteSpread,
): BillPreview {
  const entries = byDateThenId(selected);
  const standard = entries.reduce((total, entry) => total + entry.amount_cents, 0);
  const minutes = entries.reduce((total, entry) => total + entry.minutes, 0);
  const bill = billCents ?? standard;
  const weights = entries.map((entry) => (basis === 'hours' ? entry.minutes : entry.amount_cents));
  const shares = entries.length > 0 ? spreadCents(bill, weights) : [];
  const perEntry = new Map<number, EntryBill>();
  entries.forEach((entry, index) => {
    const billed = shares[index] ?? 0;
    perEntry.set(entry.id, { billed_cents: billed, write_cents: billed - entry.amount_cents });
  });
  return {
    minutes,
    standard_cents: standard,
    billed_cents: entries.length > 0 ? bill : 0,
    write_cents: entries.length > 0 ? bill - standard : 0,
    perEntry,
  };
}
