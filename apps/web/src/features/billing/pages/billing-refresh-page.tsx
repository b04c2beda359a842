import { useEffect, useRef } from 'react';
import { formatClockTime } from '../../../lib/format';
import { useRefreshBillingTotals } from '../api/billing-totals';
import { BillingView } from '../components/billing-view';

/**
 * /billing/{refresh} (SPEC 2, can_view_billing): recomputes the firm's cached billing figures
 * from the documents (POST /billing/refresh), then shows the page with the same filters.
 */
export default function BillingRefreshPage() {
  const refresh = useRefreshBillingTotals();
  const started = useRef(false);
  useEffect(() => {
    // Once per visit, also under StrictMode's second mount.
    if (started.current) return;
    started.current = true;
    refresh.mutate();
  }, [refresh]);

  const notice = refresh.isError ? (
    <p className="form-error" role="alert">
      {refresh.error.message}
    </p>
  ) : refresh.data ? (
    <p className="form-success" role="status">
      Figures recomputed from the time, invoices and ledger at {formatClockTime(new Date(refresh.data.refreshed_at))}.
    </p>
  ) : (
    <p className="muted" role="status">
      Recomputing the figures...
    </p>
  );
  return <BillingView waiting={refresh.isPending || refresh.isIdle} notice={notice} />;
}
