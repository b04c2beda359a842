import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatHours, formatMoney } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { useIdParam } from '../../../lib/use-id-param';
import { useSearchState } from '../../../lib/use-search-state';
import { useClientDrafts } from '../api/client-drafts';
import { useWip } from '../api/wip';
import { BillForm } from '../components/bill-form';
import { draftsWaitingText } from '../components/drafts-waiting-text';
import { previewBill } from '../components/bill-preview';
import { useSelection } from '../components/use-selection';
import { WipExpenseTable } from '../components/wip-expense-table';
import { groupTime, WIP_GROUPINGS, type WipGrouping } from '../components/wip-groups';
import { WipTimeTable } from '../components/wip-time-table';
import '../invoices.css';

/**
 * /clients/{clientId}/wip (SPEC 2, can_create_invoices): the client's unbilled billable time
 * by activity or staff and its expenses; the biller selects, types a bill amount, sees each
 * entry's write-up or write-down, and bills the selection as a draft.
 */
export default function ClientWipPage() {
  const clientId = useIdParam('clientId');
  const wip = useWip(clientId);
  const drafts = useClientDrafts(clientId);
  const waiting = drafts.data ? draftsWaitingText(drafts.data.totals) : null;
  const [params, setParams] = useSearchState();
  const grouping: WipGrouping = params.get('group') === 'staff' ? 'staff' : 'activity';
  const time = useSelection();
  const expenses = useSelection();
  const [billCents, setBillCents] = useState<number | null>(null);
  const onBill = useCallback((cents: number | null) => setBillCents(cents), []);

  const data = wip.data;
  const groups = useMemo(() => groupTime(data?.time_entries ?? [], grouping), [data, grouping]);
  const selectedTime = (data?.time_entries ?? []).filter((entry) => time.selected.has(entry.id));
  const selectedExpenses = (data?.expenses ?? []).filter((expense) => expenses.selected.has(expense.id));
  const basis = data?.write_spread ?? 'value';
  const preview = previewBill(selectedTime, billCents, basis);

  const breadcrumb = [
    { label: 'Clients', to: shellPaths.clientsManage.getHref() },
    { label: data?.client.legal_name ?? 'Client', to: shellPaths.clientDetail.getHref(clientId) },
  ];
  const title = 'Work in progress';
  if (!data) {
    return (
      <>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        {wip.isError ? <QueryError error={wip.error} /> : <SkeletonRows label="Loading the work in progress" />}
      </>
    );
  }

  const allIds = data.time_entries.map((entry) => entry.id);
  const allExpenseIds = data.expenses.map((expense) => expense.id);
  const empty = allIds.length === 0 && allExpenseIds.length === 0;
  const actions = !empty && (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          time.set(allIds, true);
          expenses.set(allExpenseIds, true);
        }}
      >
        Select all
      </button>
      <button
        type="button"
        className="button"
        onClick={() => {
          time.clear();
          expenses.clear();
        }}
      >
        Select none
      </button>
    </>
  );

  return (
    <div className="invoices-page">
      <PageHeader title={title} breadcrumb={breadcrumb} actions={actions}>
        <p className="muted">
          {data.client.legal_name} ({data.client.client_id}): {formatHours(data.totals.minutes)} h,{' '}
          {formatMoney(data.totals.time_cents, { decimals: true })} of time and{' '}
          {formatMoney(data.totals.expense_cents, { decimals: true })} of expenses unbilled, total{' '}
          <strong>{formatMoney(data.totals.total_cents, { decimals: true })}</strong>
        </p>
      </PageHeader>
      {waiting && (
        <p className="drafts-waiting" role="status">
          Not in WIP until completed: {waiting} of this client.{' '}
          <Link to={shellPaths.clientDrafts.getHref(clientId)}>Review the drafts</Link>
        </p>
      )}
      {empty ? (
        <section className="card">
          <EmptyState title="No unbilled work for this client">
            <p className="muted">Completed billable time and expenses that are on no invoice show here.</p>
          </EmptyState>
        </section>
      ) : (
        <div className="wip-columns">
          <div>
            <section className="card" aria-labelledby="wip-time-heading">
              <div className="card-header">
                <h2 id="wip-time-heading">Time</h2>
                <fieldset className="segmented">
                  <legend className="visually-hidden">Group time by</legend>
                  {WIP_GROUPINGS.map((option) => (
                    <label key={option} className={option === grouping ? 'active' : undefined}>
                      <input
                        type="radio"
                        name="wip-grouping"
                        value={option}
                        checked={option === grouping}
                        onChange={() => setParams({ group: option === 'staff' ? 'staff' : null })}
                      />
                      By {option}
                    </label>
                  ))}
                </fieldset>
              </div>
              {groups.length === 0 ? (
                <EmptyState title="No unbilled time" />
              ) : (
                <WipTimeTable
                  groups={groups}
                  grouping={grouping}
                  selected={time.selected}
                  preview={preview}
                  onToggle={time.set}
                />
              )}
            </section>
            <section className="card" aria-labelledby="wip-expenses-heading">
              <h2 id="wip-expenses-heading">Expenses</h2>
              {data.expenses.length === 0 ? (
                <EmptyState title="No unbilled expenses" />
              ) : (
                <WipExpenseTable expenses={data.expenses} selected={expenses.selected} onToggle={expenses.set} />
              )}
            </section>
          </div>
          <BillForm
            clientId={clientId}
            basis={basis}
            selectedTime={selectedTime}
            selectedExpenseIds={selectedExpenses.map((expense) => expense.id)}
            expenseCents={selectedExpenses.reduce((total, expense) => total + expense.total_cents, 0)}
            onBill={onBill}
          />
        </div>
      )}
    </div>
  );
}
