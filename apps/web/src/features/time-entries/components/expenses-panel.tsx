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
import { EXPENSES_PAGE_SIZE, useExpenses } from '../api/expenses';
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
 * a confirmation that names it.
 */
export function ExpensesPanel() {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Expense | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const expenses = useExpenses(page);
  const items = expenses.data?.items ?? [];

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
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      {adding && <ExpenseForm onDone={() => setAdding(false)} />}
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
                  <th scope="col">Date</th>
                  <th scope="col" className="wrap">
                    Client
                  </th>
                  <th scope="col">Category</th>
                  <th scope="col" className="wrap">
                    Description
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
                    <td className="numeric">{formatDate(expense.expense_date)}</td>
                    <td className="wrap">{expense.client.legal_name}</td>
                    <td>
                      {EXPENSE_CATEGORY_LABELS[expense.category]}
                      {expense.miles !== null && <span className="muted"> · {expense.miles} mi</span>}
                    </td>
                    <td className="wrap">{expense.description}</td>
                    <td className="num">{formatMoney(expense.amount_cents, { decimals: true })}</td>
                    <td className="num">
                      {expense.billable ? formatMoney(expense.total_cents, { decimals: true }) : 'Not billable'}
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
