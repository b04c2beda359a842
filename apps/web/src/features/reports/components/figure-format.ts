import { formatHours, formatMoney } from '@practice/shared';
import type { FigureKind } from './report-columns';

/** A figure as the table shows it: dollars and cents, hours with one decimal, percent, days. */
export function formatFigure(kind: FigureKind, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  switch (kind) {
    case 'money':
      return formatMoney(value, { decimals: true });
    case 'hours':
      return formatHours(value);
    case 'percent':
      return `${(value / 100).toFixed(2)}%`;
    case 'days':
      return String(value);
  }
}

/** A chart axis value: whole dollars or hours, compact. */
export function formatAxis(kind: FigureKind, value: number): string {
  if (kind === 'money') {
    const dollars = value / 100;
    return Math.abs(dollars) >= 1000 ? `$${Math.round(dollars / 1000)}k` : `$${Math.round(dollars)}`;
  }
  if (kind === 'hours') return `${Math.round(value / 60)} h`;
  return String(value);
}
