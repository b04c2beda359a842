import { useState } from 'react';
import { Link } from 'react-router';
import {
  EXPENSE_CATEGORY_LABELS,
  formatHours,
  formatMoney,
  hasPermission,
  type ExpenseCategory,
} from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useIdParam } from '../../../lib/use-id-param';
import { useClientDrafts, useCompleteDrafts } from '../api/client-drafts';
import { DraftTable, type DraftRow } from '../components/draft-table';
import { draftsWaitingText } from '../components/drafts-waiting-text';
import { useSelection } from '../components/use-selection';
import '../invoices.css';

function categoryLabel(category: string): string {
  return category in EXPENSE_CATEGORY_LABELS ? EXPENSE_CATEGORY_LABELS[category as ExpenseCategory] : category;
}

/**
 * /clients/{clientId}/drafts (can_create_invoices, ADR 0199): the client's billable drafts,
 * which WIP leaves out until they are completed, oldest first; those the signed-in user may
 * change (his own, or everyone's with can_edit_time_entries) can be completed here.
 */
export default function ClientDraftsPage() {
  const clientId = useIdParam('clientId');
  const drafts = useClientDrafts(clientId);
  const { user } = useSession();
  const time = useSelection();
  const expenses = useSelection();
  const completeTime = useCompleteDrafts('time');
  const completeExpenses = useCompleteDrafts('expenses');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = drafts.data;
  const mayChangeOthers = hasPermission(user?.full_role, 'can_edit_time_entries');
  const mayComplete = (ownerId: number) => mayChangeOthers || ownerId === user?.id;

  const breadcrumb = [
    { label: 'Clients', to: shellPaths.clientsManage.getHref() },
    { label: data?.client.legal_name ?? 'Client', to: shellPaths.clientDetail.getHref(clientId) },
    { label: 'Work in progress', to: shellPaths.clientWip.getHref(clientId) },
  ];
  const title = 'Drafts waiting';
  if (!data) {
    return (
      <>
        <PageHeader title={title} breadcrumb={breadcrumb} />
        {drafts.isError ? <QueryError error={drafts.error} /> : <SkeletonRows label="Loading the drafts" />}
      </>
    );
  }

  async function complete(kind: 'time' | 'expenses'): Promise<void> {
    const selection = kind === 'time' ? time : expenses;
    const ids = [...selection.selected];
    setError(null);
    setNotice(null);
    try {
      await (kind === 'time' ? completeTime : completeExpenses).mutateAsync(ids);
      selection.clear();
      const noun = kind === 'time' ? ['time entry', 'time entries'] : ['expense', 'expenses'];
      setNotice(`Completed ${ids.length} ${ids.length === 1 ? noun[0] : noun[1]}: they are in WIP now.`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  const timeRows: DraftRow[] = data.time_entries.map((entry) => ({
    id: entry.id,
    name: `${formatHours(entry.minutes)} h of ${entry.user.name} on ${formatDate(entry.entry_date)}`,
    mayComplete: mayComplete(entry.user.id),
    cells: [
      formatDate(entry.entry_date),
      entry.user.name,
      entry.activity_type.name,
      entry.narrative,
      formatHours(entry.minutes),
    ],
  }));
  const expenseRows: DraftRow[] = data.expenses.map((expense) => ({
    id: expense.id,
    name: `the expense of ${expense.user.name} on ${formatDate(expense.expense_date)}`,
    mayComplete: mayComplete(expense.user.id),
    cells: [
      formatDate(expense.expense_date),
      expense.user.name,
      categoryLabel(expense.category),
      expense.description,
      formatMoney(expense.total_cents, { decimals: true }),
    ],
  }));
  const shownFewer = data.totals.time_entries > data.time_entries.length || data.totals.expenses > data.expenses.length;

  return (
    <div className="invoices-page">
      <PageHeader title={title} breadcrumb={breadcrumb}>
        <p className="muted">
          {data.client.legal_name} ({data.client.client_id}):{' '}
          {draftsWaitingText(data.totals) ?? 'no billable drafts wait'}. WIP and billing take completed work only.
        </p>
      </PageHeader>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="form-success" role="status">
          {notice} <Link to={shellPaths.clientWip.getHref(clientId)}>Open the work in progress</Link>
        </p>
      )}
      {shownFewer && <p className="muted">The oldest 100 of each kind are listed.</p>}
      {!mayChangeOthers && (
        <p className="muted">The person who recorded a draft completes it on Time &amp; Expense, or a manager here.</p>
      )}
      <section className="card" aria-labelledby="draft-time-heading">
        <div className="card-header">
          <h2 id="draft-time-heading">Draft time</h2>
          {timeRows.some((row) => row.mayComplete) && (
            <button
              type="button"
              className="button button-small"
              disabled={time.selected.size === 0 || completeTime.isPending}
              onClick={() => void complete('time')}
            >
              Complete selected time ({time.selected.size})
            </button>
          )}
        </div>
        {timeRows.length === 0 ? (
          <EmptyState title="No draft time" />
        ) : (
          <DraftTable
            caption="Draft time entries"
            headers={['Date', 'Staff', 'Activity', 'Narrative', 'Hours']}
            rows={timeRows}
            selected={time.selected}
            onToggle={time.set}
          />
        )}
      </section>
      <section className="card" aria-labelledby="draft-expenses-heading">
        <div className="card-header">
          <h2 id="draft-expenses-heading">Draft expenses</h2>
          {expenseRows.some((row) => row.mayComplete) && (
            <button
              type="button"
              className="button button-small"
              disabled={expenses.selected.size === 0 || completeExpenses.isPending}
              onClick={() => void complete('expenses')}
            >
              Complete selected expenses ({expenses.selected.size})
            </button>
          )}
        </div>
        {expenseRows.length === 0 ? (
          <EmptyState title="No draft expenses" />
        ) : (
          <DraftTable
            caption="Draft expenses"
            headers={['Date', 'Staff', 'Category', 'Description', 'Amount']}
            rows={expenseRows}
            selected={expenses.selected}
            onToggle={expenses.set}
          />
        )}
      </section>
    </div>
  );
}
