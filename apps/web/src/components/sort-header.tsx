import '../styles/data.css';

type SortHeaderProps<Key extends string> = {
  label: string;
  column: Key;
  sort: Key;
  order: 'asc' | 'desc';
  onSort: (column: Key, order: 'asc' | 'desc') => void;
  className?: string;
};

/** A column header that sorts by its column; a second click reverses the order. */
export function SortHeader<Key extends string>({
  label,
  column,
  sort,
  order,
  onSort,
  className,
}: SortHeaderProps<Key>) {
  const active = sort === column;
  const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';
  const next = active && order === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button type="button" className="sort-button" onClick={() => onSort(column, next)}>
        {label}
        <span className="sort-indicator" aria-hidden="true">
          {active ? (order === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}
