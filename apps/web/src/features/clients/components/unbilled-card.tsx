import { formatMoney } from '@practice/shared';
import type { Unbilled } from '../api/client-views';
import { Hours } from '../../../components/hours';

/** Unbilled billable work at standard value: the client's WIP before billing arrives. */
export function UnbilledCard({ unbilled }: { unbilled: Unbilled }) {
  return (
    <section className="card" aria-labelledby="client-unbilled-heading">
      <h2 id="client-unbilled-heading">Unbilled work</h2>
      <dl className="totals-list">
        <dt>Time ({unbilled.time_entries} entries)</dt>
        <dd>
          <Hours minutes={unbilled.minutes} /> h
        </dd>
        <dt>Time value</dt>
        <dd>{formatMoney(unbilled.time_cents, { decimals: true })}</dd>
        <dt>Expenses ({unbilled.expenses})</dt>
        <dd>{formatMoney(unbilled.expense_cents, { decimals: true })}</dd>
        <dt className="total">Total unbilled</dt>
        <dd className="total">{formatMoney(unbilled.total_cents, { decimals: true })}</dd>
      </dl>
    </section>
  );
}
