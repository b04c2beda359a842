import { lazy, Suspense } from 'react';
import { compareReportRows, type ReportAnswer, type ReportName } from '@practice/shared';
import { CHART_GROUPS_MAX, REPORT_CHARTS } from './report-columns';
import { formatFigure } from './figure-format';

// The chart library is loaded with the chart, not with the app (the /login budget).
const ChartView = lazy(() => import('./chart-view'));

export type ChartPoint = { label: string } & Record<string, number>;

/**
 * The groups a chart shows: every month in order, or the largest groups by its ranking figure,
 * from an answer that holds every row or the largest ones (useChartRows).
 */
export function chartPoints(name: ReportName, answer: ReportAnswer): ChartPoint[] {
  const spec = REPORT_CHARTS[name];
  const rows = spec.rankBy
    ? [...answer.rows].sort(compareReportRows(spec.rankBy, 'desc')).slice(0, CHART_GROUPS_MAX)
    : [...answer.rows].sort(compareReportRows('label', 'asc'));
  return rows.map((row) => {
    const point: ChartPoint = { label: row.label } as ChartPoint;
    for (const series of spec.series) point[series.key] = Number(row[series.key] ?? 0);
    return point;
  });
}

/**
 * The report's chart with its data table (issue 17): the picture is hidden from screen
 * readers, which read the table of the same figures instead; the caption says what is drawn.
 */
export function ReportChart({ name, title, answer }: { name: ReportName; title: string; answer: ReportAnswer }) {
  const spec = REPORT_CHARTS[name];
  const points = chartPoints(name, answer);
  if (points.length === 0) return null;
  const ranked = spec.rankBy && answer.total > points.length;
  const caption = `${title}: ${spec.series.map((series) => series.label.toLowerCase()).join(', ')}${
    ranked ? ` of the ${points.length} largest of ${answer.total.toLocaleString('en-US')}` : ''
  }`;
  return (
    <figure className="report-chart" aria-label={caption}>
      <figcaption className="muted">{caption}</figcaption>
      <div className="report-chart-canvas" aria-hidden="true" data-testid="report-chart">
        <Suspense fallback={<p className="muted">Loading chart...</p>}>
          <ChartView spec={spec} points={points} />
        </Suspense>
      </div>
      <div className="visually-hidden report-chart-data">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              {spec.series.map((series) => (
                <th key={series.key} scope="col">
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                {spec.series.map((series) => (
                  <td key={series.key}>{formatFigure(spec.kind, point[series.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
