import { EXPENSE_CATEGORY_LABELS, formatDate, formatMoney, type ExpenseCategory } from '@practice/shared';
import type { WipExpense } from '../api/invoice-views';

type WipExpenseTableProps = {
  expenses: WipExpense[];
  selected: ReadonlySet<number>;
  onToggle: (ids: number[], on: boolean) => void;
};

function categoryLabel(category: string): string {
  return category in EXPENSE_CATEGORY_LABELS ? EXPENSE_CATEGORY_LABELS[category as ExpenseCategory] : category;
}

/** Unbilled expenses, apart from time: they bill at their total, never written up or down. */
export function WipExpenseTable({ expenses, selected, onToggle }: WipExpenseTableProps) {
  const ids = expenses.map((expense) => expense.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  return (
    <div className="table-scroll">
      <table className="data-table wip-table">
        <caption className="visually-hidden">Unbilled expenses</caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all expenses"
                checked={chosen === ids.length}
                ref={(box) => {
                  if (box) box.indeterminate = chosen > 0 && chosen < ids.length;
                }}
                onChange={(event) => onToggle(ids, event.target.checked)}
              />
            </th>
            <th scope="col">Date</th>
            <th scope="col" className="hide-narrow">
              Category
            </th>
            <th scope="col" className="wrap">
              Description
            </th>
            <th scope="col" className="hide-narrow">
              Staff
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {expenses.map((expense) => (
            <tr key={expense.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select expense ${expense.description || categoryLabel(expense.category)}`}
                  checked={selected.has(expense.id)}
                  onChange={(event) => onToggle([expense.id], event.target.checked)}
                />
              </td>
              <td>{formatDate(expense.expense_date)}</td>
              <td className="hide-narrow">{categoryLabel(expense.category)}</td>
              <td className="wrap">{expense.description}</td>
              <td className="hide-narrow">{expense.user.name}</td>
              <td className="num">{formatMoney(expense.total_cents, { decimals: true })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
