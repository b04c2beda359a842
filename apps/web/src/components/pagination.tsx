import '../styles/data.css';

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the rows are, for the summary: "clients", "entries". */
  noun: string;
};

/** "26–50 of 130 clients" with Previous and Next, below a table. */
export function Pagination({ page, pageSize, total, onPage, noun }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label="Pagination">
      <span className="pagination-summary">
        {first}–{last} of {total} {noun}
      </span>
      <span className="button-row">
        <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="pagination-page">
          Page {page} of {pages}
        </span>
        <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </span>
    </nav>
  );
}
