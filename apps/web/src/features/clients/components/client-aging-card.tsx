import { Fragment } from 'react';
import { formatDate, formatMoney } from '@practice/shared';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useClientAging, type ClientAging } from '../api/client-aging';

const BUCKETS: { key: keyof ClientAging; label: string }[] = [
  { key: 'current_cents', label: 'Current' },
  { key: 'days_1_30_cents', label: '1-30 days' },
  { key: 'days_31_60_cents', label: '31-60 days' },
  { key: 'days_61_90_cents', label: '61-90 days' },
  { key: 'days_over_90_cents', label: 'Over 90 days' },
  { key: 'unapplied_cents', label: 'Unapplied credit' },
];

const money = (cents: number) => formatMoney(cents, { decimals: true });

/** The client's AR balance today and its open invoice balances by days past due (can_view_ar_ledger). */
export function ClientAgingCard({ clientId }: { clientId: number }) {
  const aging = useClientAging(clientId, true);
  return (
    <section className="card" aria-labelledby="client-aging-heading">
      <h2 id="client-aging-heading">AR balance and aging</h2>
      {aging.isPending && <SkeletonRows rows={3} label="Loading the aging" />}
      {aging.isError && (
        <p className="form-error" role="alert">
          {aging.error.message}
        </p>
      )}
      {aging.data && (
        <>
          <dl className="totals-list" aria-label={`Aging as of ${formatDate(aging.data.as_of)}`}>
            {BUCKETS.map(({ key, label }) => (
              <Fragment key={key}>
                <dt>{label}</dt>
                <dd>{money(aging.data.item?.[key] ?? 0)}</dd>
              </Fragment>
            ))}
            <dt className="total">AR balance</dt>
            <dd className="total">{money(aging.data.item?.balance_cents ?? 0)}</dd>
          </dl>
          <p className="field-hint">As of {formatDate(aging.data.as_of)}; days past the invoice due date.</p>
        </>
      )}
    </section>
  );
}
