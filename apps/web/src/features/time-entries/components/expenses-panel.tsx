import { useState } from 'react';
import { EXPENSE_CATEGORY_LABELS, formatMoney } from '@practice/shared';
import { EmptyState } from '../../../components/empty-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { Modal } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { EXPENSES_PAGE_SIZE, useCompleteExpenses, useExpenses } from '../api/expenses';
import type { Expense } from '../api/time-views';
import { ExpenseDeleteConfirm } from './expense-delete-confirm';
import { ExpenseEditForm } from './expense-edit-form';
import { ExpenseForm } from './expense-form';
import { ReceiptCell } from './receipt-cell';
import { STATUS_LABELS } from './status-labels';
import { TableFrame } from '../../../components/table-frame';

/** How a row names its expense to a screen reader and in the confirmation. */
function expenseName(expense: Expense): string {
  return `${formatMoney(expense.amount_cents, { decimals: true })} for ${expense.client.legal_name} on ${formatDate(expense.expense_date)}`;
}

/**
 * The signed-in user's expenses, newest first, with the form that adds one and its receipt;
 * an unbilled one is edited in a dialog (receipt replaced or removed there) or deleted after
 * a confirmation that names it; drafts are completed one by one or selected (ADR 0197), as
 * the day list completes time, so they reach WIP.
 */
export function ExpensesPanel() {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Expense | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const expenses = useExpenses(page);
  const completeMany = useCompleteExpenses();
  const items = expenses.data?.items ?? [];
  const drafts = items.filter((expense) => expense.status === 'draft');
  const chosen = drafts.filter((expense) => selected.has(expense.id));

  function toggle(id: number, on: boolean): void {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function complete(completing: Expense[]): Promise<void> {
    setError(null);
    setNotice(null);
    try {
      await completeMany.mutateAsync(completing.map((expense) => expense.id));
      setSelected(new Set());
      const [only] = completing;
      setNotice(
        completing.length === 1 && only
          ? `Completed the expense of ${expenseName(only)}.`
          : `Completed ${completing.length} expenses.`,
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <section className="card" aria-labelledby="expenses-heading">
      <div className="card-header">
        <h2 id="expenses-heading">Expenses</h2>
        <div className="button-row">
          {items.length > 0 && <ExportCsvButton path="/expenses/export.csv" fileName="expenses.csv" />}
          {!adding && (
            <button type="button" className="button button-small" onClick={() => setAdding(true)}>
              Add expense
            </button>
          )}
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      {adding && <ExpenseForm onDone={() => setAdding(false)} />}
      {drafts.length > 0 && (
        <div className="button-row">
          <button
            type="button"
            className="button button-small"
            disabled={chosen.length === 0 || completeMany.isPending}
            onClick={() => void complete(chosen)}
          >
            Complete selected ({chosen.length})
          </button>
        </div>
      )}
      {expenses.isPending && <SkeletonRows rows={3} label="Loading expenses" />}
      {expenses.isError && <QueryError error={expenses.error} />}
      {expenses.data && items.length === 0 && <EmptyState title="No expenses yet" />}
      {items.length > 0 && (
        <>
          <TableFrame>
            <table className="data-table">
              <caption className="visually-hidden">Expenses</caption>
              <thead>
                <tr>
                  <th scope="col" className="select-cell">
                    {drafts.length > 0 && (
                      <input
                        type="checkbox"
                        aria-label="Select every draft expense shown"
                        checked={chosen.length === drafts.length}
                        onChange={(event) =>
                          setSelected(new Set(event.target.checked ? drafts.map((expense) => expense.id) : []))
                        }
                      />
                    )}
                  </th>
                  <th scope="col">Date</th>
                  <th scope="col" className="wrap">
                    Client
                  </th>
                  <th scope="col" className="wrap">
                    Expense
                  </th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    With markup
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Receipt</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((expense) => (
                  <tr key={expense.id}>
                    <td className="select-cell">
                      {expense.status === 'draft' && (
                        <input
                          type="checkbox"
                          aria-label={`Select the expense of ${expenseName(expense)}`}
                          checked={selected.has(expense.id)}
                          onChange={(event) => toggle(expense.id, event.target.checked)}
                        />
                      )}
                    </td>
                    <td className="numeric">{formatDate(expense.expense_date)}</td>
                    <td className="wrap">{expense.client.legal_name}</td>
                    <td className="wrap">
                      {EXPENSE_CATEGORY_LABELS[expense.category]}
                      {expense.miles !== null && <span className="muted"> · {expense.miles} mi</span>}
                      {expense.description && <span className="expense-description muted">{expense.description}</span>}
                    </td>
                    <td className="num">{formatMoney(expense.amount_cents, { decimals: true })}</td>
                    <td className="num">
                      {expense.billable ? (
                        formatMoney(expense.total_cents, { decimals: true })
                      ) : (
                        <span title="Not billable">
                          —<span className="visually-hidden">Not billable</span>
                        </span>
                      )}
                    </td>
                    <td>
                      <StatusBadge status={expense.status} label={STATUS_LABELS[expense.status]} />
                    </td>
                    <td>
                      <ReceiptCell
                        expense={expense}
                        onAttached={(fileName) =>
                          setNotice(`Receipt ${fileName} attached to the expense of ${expenseName(expense)}.`)
                        }
                      />
                    </td>
                    <td>
                      {expense.status !== 'billed' && (
                        <span className="button-row">
                          {expense.status === 'draft' && (
                            <button
                              type="button"
                              className="button button-small"
                              aria-label={`Complete the expense of ${expenseName(expense)}`}
                              disabled={completeMany.isPending}
                              onClick={() => void complete([expense])}
                            >
                              Complete
                            </button>
                          )}
                          <button
                            type="button"
                            className="button button-small"
                            aria-label={`Edit the expense of ${expenseName(expense)}`}
                            onClick={() => {
                              setNotice(null);
                              setEditing(expense);
                            }}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="button button-small"
                            aria-label={`Delete the expense of ${expenseName(expense)}`}
                            onClick={() => {
                              setNotice(null);
                              setDeleting(expense);
                            }}
                          >
                            Delete
                          </button>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pagination
            page={page}
            pageSize={EXPENSES_PAGE_SIZE}
            total={expenses.data?.total ?? 0}
            noun="expenses"
            onPage={setPage}
          />
        </>
      )}
      <Modal open={editing !== null} title="Edit expense" onClose={() => setEditing(null)}>
        {editing && (
          <ExpenseEditForm
            key={editing.id}
            expense={editing}
            onSaved={(message) => {
              setEditing(null);
              setNotice(message);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal open={deleting !== null} title="Delete expense" onClose={() => setDeleting(null)}>
        {deleting && (
          <ExpenseDeleteConfirm
            expense={deleting}
            name={expenseName(deleting)}
            onDeleted={(message) => {
              setDeleting(null);
              setNotice(message);
            }}
            onCancel={() => setDeleting(null)}
          />
        )}
      </Modal>
    </section>
  );
}
