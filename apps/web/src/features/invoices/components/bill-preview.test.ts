import { describe, expect, it } from 'vitest';
import type { WipTimeEntry } from '../api/invoice-views';
import { previewBill } from './bill-preview';
import { groupTime } from './wip-groups';

function entry(id: number, amount_cents: number, minutes: number, date: string, user = 1, activity = 1): WipTimeEntry {
  return {
    id,
    user: { id: user, name: user === 1 ? 'Pat Lee' : 'Ann Cole' },
    activity_type: { id: activity, name: activity === 1 ? 'Tax return' : 'Bookkeeping', code: `A${activity}` },
    entry_date: date,
    minutes,
    narrative: '',
    rate_cents: 0,
    amount_cents,
  };
}

describe('previewBill', () => {
  it('shows PRODUCT.md example: $500 billed on $650 of WIP', () => {
    const preview = previewBill(
      [entry(2, 15_000, 60, '2026-10-02'), entry(1, 50_000, 120, '2026-10-01')],
      50_000,
      'value',
    );
    expect(preview.perEntry.get(1)).toEqual({ billed_cents: 38_462, write_cents: -11_538 });
    expect(preview.perEntry.get(2)).toEqual({ billed_cents: 11_538, write_cents: -3_462 });
    expect(preview.write_cents).toBe(-15_000);
    expect(preview.minutes).toBe(180);
  });

  it('bills the standard value when no amount is typed', () => {
    const preview = previewBill([entry(1, 1_000, 30, '2026-10-01')], null, 'value');
    expect(preview.billed_cents).toBe(1_000);
    expect(preview.perEntry.get(1)?.write_cents).toBe(0);
  });

  it('spreads by minutes when the firm says so', () => {
    const preview = previewBill(
      [entry(1, 10_000, 30, '2026-10-01'), entry(2, 10_000, 90, '2026-10-01')],
      8_000,
      'hours',
    );
    expect(preview.perEntry.get(1)?.billed_cents).toBe(2_000);
    expect(preview.perEntry.get(2)?.billed_cents).toBe(6_000);
  });

  it('is empty with nothing selected', () => {
    expect(previewBill([], 5_000, 'value')).toMatchObject({ billed_cents: 0, write_cents: 0, minutes: 0 });
  });
});

describe('groupTime', () => {
  const entries = [
    entry(1, 100, 60, '2026-10-03', 1, 2),
    entry(2, 200, 30, '2026-10-01', 2, 1),
    entry(3, 300, 90, '2026-10-02', 1, 1),
  ];

  it('groups by activity with sums, entries by date', () => {
    const groups = groupTime(entries, 'activity');
    expect(groups.map((group) => [group.label, group.entries.map((e) => e.id), group.minutes, group.cents])).toEqual([
      ['Bookkeeping', [1], 60, 100],
      ['Tax return', [2, 3], 120, 500],
    ]);
  });

  it('groups by staff', () => {
    const groups = groupTime(entries, 'staff');
    expect(groups.map((group) => [group.label, group.entries.map((e) => e.id)])).toEqual([
      ['Ann Cole', [2]],
      ['Pat Lee', [3, 1]],
    ]);
  });
});
