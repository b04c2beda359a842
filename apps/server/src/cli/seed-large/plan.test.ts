import { describe, expect, it } from 'vitest';
import { FULL_SCALE, historyDays, parseScale, planFor, ScaleError, TIMEKEEPER_ROLES } from './plan';

describe('parseScale', () => {
  it('takes a fraction of the full firm', () => {
    expect(parseScale('0.01')).toBe(0.01);
    expect(parseScale('1')).toBe(1);
  });

  it.each([undefined, '0', '-1', '1.5', 'abc', ''])('refuses %s with a message naming --scale', (text) => {
    expect(() => parseScale(text)).toThrow(ScaleError);
    expect(() => parseScale(text)).toThrow(/--scale/);
  });
});

describe('historyDays', () => {
  it('spans three years up to today, working days only', () => {
    const { firstDay, lastDay, workdays } = historyDays('2026-11-20');
    expect(firstDay).toBe('2023-11-21');
    expect(lastDay).toBe('2026-11-20');
    expect(workdays[0]).toBe('2023-11-21');
    expect(workdays.at(-1)).toBe('2026-11-20');
    expect(workdays.length).toBeGreaterThanOrEqual(780);
    expect(workdays.length).toBeLessThanOrEqual(784);
    for (const day of workdays) expect([1, 2, 3, 4, 5]).toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
  });
});

describe('planFor', () => {
  it('is the firm of issue 4 at scale 1', () => {
    const plan = planFor(1, '2026-11-20');
    expect(plan.users).toBe(FULL_SCALE.users);
    expect(plan.clients).toBe(FULL_SCALE.clients);
    expect(plan.roles.staff).toBeGreaterThan(plan.users / 2);
    expect(Math.abs(plan.expectedTimeEntries - FULL_SCALE.timeEntries)).toBeLessThan(FULL_SCALE.timeEntries / 1000);
    expect(plan.expenseChancePerWorkday * 20).toBeCloseTo(plan.entriesPerWorkday);
  });

  it('scales people and clients but keeps each timekeeper a full history', () => {
    const full = planFor(1, '2026-11-20');
    const tenth = planFor(0.1, '2026-11-20');
    expect(tenth.users).toBe(200);
    expect(tenth.clients).toBe(5_000);
    expect(tenth.entriesPerWorkday).toBe(full.entriesPerWorkday);
    expect(tenth.expectedTimeEntries / tenth.timekeepers).toBeCloseTo(full.expectedTimeEntries / full.timekeepers);
  });

  it('keeps every role and enough clients at the smallest scales', () => {
    const tiny = planFor(0.0001, '2026-11-20');
    for (const count of Object.values(tiny.roles)) expect(count).toBeGreaterThanOrEqual(1);
    expect(tiny.timekeepers).toBe(TIMEKEEPER_ROLES.reduce((sum, role) => sum + tiny.roles[role], 0));
    expect(tiny.clients).toBe(40);
  });
});
