import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDate } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { BILLING_PAGE_SIZE, billingExportPath, isComplete, useBillingTotals } from '../api/billing-totals';
import { BillingFilters } from './billing-filters';
import { BillingTable } from './billing-table';
import { useBillingQuery } from './use-billing-query';
import '../billing.css';

type BillingViewProps = {
  /** Holds the figures back (the refresh page, while it recomputes). */
  waiting?: boolean;
  /** A status line above the table (the refresh page's confirmation). */
  notice?: ReactNode;
};

/** View Client Totals: the filters, the totals table and its CSV, all following the URL query. */
export function BillingView({ waiting = false, notice }: BillingViewProps) {
  const [query, setQuery] = useBillingQuery();
  const totals = useBillingTotals(query, !waiting);
  const answer = totals.data;
  const filtered = Boolean(query.q || query.partnerId);
  const { search } = useLocation();
  const actions = (
    <>
      <ExportCsvButton path={billingExportPath(query)} fileName="billing-totals.csv" />
      <Link className="button button-small" to={`${shellPaths.billingRefresh.getHref('refresh')}${search}`}>
        Recompute
      </Link>
    </>
  );

  return (
    <div className="billing-page">
      <PageHeader title="Billing" actions={actions} />
      {notice}
      <section className="card" aria-label="Client totals">
        <BillingFilters query={query} shown={answer ?? null} partner={answer?.partner ?? null} onChange={setQuery} />
        {answer && (
          <p className="muted billing-period" aria-live="polite">
            Billed and collected from {formatDate(answer.from)} to {formatDate(answer.to)}; unbilled work and AR balance
            as of {formatDate(answer.as_of)}.
          </p>
        )}
        {!isComplete(query) && <p className="muted">Choose the first and last day of the period.</p>}
        {(waiting || (totals.isPending && isComplete(query))) && <SkeletonRows label="Loading client totals" />}
        {totals.isError && (
          <p className="form-error" role="alert">
            {totals.error.message}
          </p>
        )}
        {answer && !waiting && answer.items.length === 0 && (
          <EmptyState title={filtered ? 'No clients match these filters' : 'No clients yet'}>
            {filtered && (
              <button type="button" className="button" onClick={() => setQuery({ q: '', partnerId: null })}>
                Clear filters
              </button>
            )}
          </EmptyState>
        )}
        {answer && !waiting && answer.items.length > 0 && (
          <>
            <BillingTable answer={answer} query={query} onChange={setQuery} />
            <Pagination
              page={answer.page}
              pageSize={BILLING_PAGE_SIZE}
              total={answer.total}
              noun="clients"
              onPage={(page) => {
                setQuery({ page });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}
