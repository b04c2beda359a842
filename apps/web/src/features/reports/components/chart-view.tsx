import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartSpec } from './report-columns';
import { formatAxis, formatFigure } from './figure-format';
import type { ChartPoint } from './report-chart';

/**
 * Okabe-Ito colours darkened to at least 3:1 on white (WCAG non-text contrast), told apart
 * without colour too: lines by dash, bars by their order and the legend. reports.css keeps
 * the chart's own white under forced colours so these stay readable.
 */
const PALETTE = ['#0072b2', '#c2410c', '#007a5a', '#6a3d9a', '#5f5f5f'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2'];
const OUTLINE = '#1b2430';

/**
 * recharts (SVG): bars, stacked bars or lines of a report's figures. Its keyboard layer is off:
 * the picture is hidden from assistive technology, which reads the table of the same figures.
 */
export default function ChartView({ spec, points }: { spec: ChartSpec; points: ChartPoint[] }) {
  const axis = { tick: { fill: OUTLINE, fontSize: 12 }, stroke: OUTLINE };
  const tooltip = (
    <Tooltip
      formatter={(value) => formatFigure(spec.kind, Number(value))}
      contentStyle={{ background: 'var(--color-surface)', border: '1px solid var(--color-border-strong)' }}
    />
  );
  const height = spec.form === 'lines' ? 280 : Math.max(240, points.length * 34 + 80);
  if (spec.form === 'lines') {
    return (
      <ResponsiveContainer width="100%" height={height}>
        <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" className="chart-grid" />
          <XAxis dataKey="label" {...axis} />
          <YAxis {...axis} tickFormatter={(value: number) => formatAxis(spec.kind, value)} width={64} />
          {tooltip}
          <Legend />
          {spec.series.map((series, index) => (
            <Line
              key={series.key}
              dataKey={series.key}
              name={series.label}
              stroke={PALETTE[index]}
              strokeWidth={2.5}
              strokeDasharray={DASHES[index]}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    );
  }
  // Groups ranked by size read best as rows of bars; months read left to right as columns.
  const byMonth = !spec.rankBy;
  return (
    <ResponsiveContainer width="100%" height={byMonth ? 280 : height}>
      <BarChart
        accessibilityLayer={false}
        data={points}
        layout={byMonth ? 'horizontal' : 'vertical'}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" className="chart-grid" />
        {byMonth ? (
          <>
            <XAxis dataKey="label" {...axis} />
            <YAxis {...axis} tickFormatter={(value: number) => formatAxis(spec.kind, value)} width={64} />
          </>
        ) : (
          <>
            <XAxis type="number" {...axis} tickFormatter={(value: number) => formatAxis(spec.kind, value)} />
            <YAxis
              type="category"
              dataKey="label"
              {...axis}
              width={140}
              tickFormatter={(label: string) => (label.length > 20 ? `${label.slice(0, 19)}…` : label)}
            />
          </>
        )}
        {tooltip}
        <Legend />
        {spec.series.map((series, index) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.label}
            fill={PALETTE[index]}
            stackId={spec.form === 'stacked' ? 'stack' : undefined}
            stroke={OUTLINE}
            strokeWidth={1}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
