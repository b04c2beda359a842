import { describe, expect, it } from 'vitest';
import { addMonths, lastDay, monthsOf } from './report-period';

describe('report periods (whole months)', () => {
  const may20 = '2026-05-20';
  const custom = { from: '', to: '' };

  it('turns each choice into its first and last month', () => {
    expect(monthsOf('this-month', may20, custom)).toEqual({ from: '2026-05', to: '2026-05' });
    expect(monthsOf('last-month', may20, custom)).toEqual({ from: '2026-04', to: '2026-04' });
    expect(monthsOf('this-quarter', may20, custom)).toEqual({ from: '2026-04', to: '2026-06' });
    expect(monthsOf('this-year', may20, custom)).toEqual({ from: '2026-01', to: '2026-12' });
    expect(monthsOf('custom', may20, { from: '2025-02', to: '2025-07' })).toEqual({ from: '2025-02', to: '2025-07' });
    expect(monthsOf('custom', may20, custom)).toEqual({ from: '2026-05', to: '2026-05' });
  });

  it('crosses years and knows the last day of each month', () => {
    expect(monthsOf('last-month', '2026-01-03', custom)).toEqual({ from: '2025-12', to: '2025-12' });
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-01', -13)).toBe('2024-12');
    expect(lastDay('2024-02')).toBe('2024-02-29');
    expect(lastDay('2026-02')).toBe('2026-02-28');
    expect(lastDay('2026-12')).toBe('2026-12-31');
  });
});
