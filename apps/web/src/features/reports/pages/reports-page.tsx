import { useState } from 'react';
import { formatDate, hasPermission, REPORTS } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { PageHeader } from '../../../components/page-header';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useSession } from '../../../lib/session-store';
import { useFirmToday } from '../../../lib/firm-today';
import { reportPath, useChartRows, useReport } from '../api/get-report';
import { drillDownFor } from '../components/drill-down-links';
import { ReportChart } from '../components/report-chart';
import { CHART_GROUPS_MAX, REPORT_CHARTS, REPORT_COLUMNS } from '../components/report-columns';
import { ReportControls, type FilterNames } from '../components/report-controls';
import { ReportTable } from '../components/report-table';
import { useReportQuery } from '../components/use-report-query';
import '../reports.css';

/** "January 2026 to March 2026", or "as of 3/31/2026" for an aging. */
function periodText(asOf: boolean, from: string, to: string): string {
  if (asOf) return `as of ${formatDate(to)}`;
  const month = (date: string) =>
    new Date(`${date.slice(0, 7)}-15T12:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  return from.slice(0, 7) === to.slice(0, 7) ? month(from) : `${month(from)} to ${month(to)}`;
}

/**
 * /reports (can_view_reports_page, issue 17): one report at a time with its period, grouping
 * and filters in the URL; a chart where a picture reads better, the sortable table with its
 * totals, CSV export of the same rows, and a print stylesheet for paper.
 */
export default function ReportsPage() {
  const { user } = useSession();
  const [query, setQuery] = useReportQuery();
  const today = useFirmToday();
  const [names, setNames] = useState<FilterNames>({ client: null, staff: null, partner: null });
  const report = useReport(query, today);
  const answer = report.data?.name === query.name ? report.data : undefined;
  const shape = REPORTS[query.name];
  // The chart ranks every row: the table's page when it holds them all, else a page of the largest.
  const holdsEveryRow = answer !== undefined && answer.total <= answer.rows.length;
  const rankBy = REPORT_CHARTS[query.name].rankBy;
  const chartRows = useChartRows(
    query,
    today,
    rankBy ? { sort: rankBy, size: CHART_GROUPS_MAX } : undefined,
    answer !== undefined && !holdsEveryRow,
  );
  const chartAnswer = holdsEveryRow ? answer : chartRows.data?.name === query.name ? chartRows.data : undefined;
  const canPick = hasPermission(user?.full_role, 'can_view_clients');

  const actions = (
    <>
      <ExportCsvButton path={reportPath(query, today, 'csv')} fileName={`${query.name}.csv`} />
      <button type="button" className="button button-small" onClick={() => window.print()}>
        Print
      </button>
    </>
  );

  return (
    <div className="reports-page">
      <PageHeader title="Reports" actions={actions} />
      <section className="card no-print" aria-label="Report choices">
        <ReportControls
          query={query}
          names={names}
          onNames={(change) => setNames((current) => ({ ...current, ...change }))}
          onChange={setQuery}
          canPick={canPick}
        />
      </section>
      <section className="card report-sheet" aria-labelledby="report-title" aria-busy={report.isFetching}>
        <h2 id="report-title" className="report-title">
          {shape.title}
          {answer && <span className="report-period"> · {periodText(shape.asOf, answer.from, answer.to)}</span>}
        </h2>
        {report.isPending && <SkeletonRows label="Loading the report" />}
        {report.isError && (
          <p className="form-error" role="alert">
            {report.error.message}
          </p>
        )}
        {answer && answer.total === 0 && (
          <EmptyState title="Nothing to report for this period">
            <p className="muted">Choose another period or clear the filters.</p>
          </EmptyState>
        )}
        {answer && answer.total > 0 && (
          <>
            {chartAnswer && <ReportChart name={query.name} title={shape.title} answer={chartAnswer} />}
            <ReportTable
              title={`${shape.title} table`}
              answer={answer}
              columns={REPORT_COLUMNS[query.name]}
              sort={query.sort}
              order={query.order}
              onSort={(sort, order) => setQuery({ sort, order })}
              onPage={(page) => setQuery({ page })}
              drillDown={drillDownFor(answer, user?.full_role)}
            />
          </>
        )}
      </section>
    </div>
  );
}
