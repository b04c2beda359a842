import { useLayoutEffect, useRef, type ReactNode } from 'react';
import '../styles/data.css';

/** The text a sighted reader sees in a header cell: no screen-reader-only words, no sort arrows. */
function visibleText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').trim();
}

/**
 * Gives every body and footer cell its column's header as data-label, which the stacked
 * (card) layout prints before the value; a spanning cell takes its first column's header.
 */
function labelCells(frame: HTMLElement): void {
  const headers = [...frame.querySelectorAll('thead tr:first-child > th')].flatMap((cell) =>
    Array<string>((cell as HTMLTableCellElement).colSpan || 1).fill(visibleText(cell)),
  );
  for (const row of frame.querySelectorAll<HTMLTableRowElement>('tbody > tr, tfoot > tr')) {
    let column = 0;
    for (const cell of row.cells) {
      const label = headers[column] ?? '';
      if (cell.dataset.label !== label) cell.dataset.label = label;
      column += cell.colSpan || 1;
    }
  }
}

/**
 * Stacks the rows as cards while the frame is narrower than the table needs side by side.
 * The side-by-side width is measured whenever the table is shown that way, so widening the
 * window brings the columns back.
 */
function fitTable(frame: HTMLElement, needed: { width: number }): void {
  const table = frame.querySelector('table');
  if (!table) return;
  if (!frame.classList.contains('is-stacked')) {
    needed.width = table.offsetWidth;
    if (needed.width > frame.clientWidth + 1) frame.classList.add('is-stacked');
  } else if (frame.clientWidth >= needed.width) {
    frame.classList.remove('is-stacked');
    fitTable(frame, needed);
  }
}

/**
 * The box around a data table (ADR 0100): it grows with its rows, so the page scrolls and not
 * an inner box, and in a column too narrow for the table the rows stack as labelled cards, so
 * no column, and never the actions, ends past the edge.
 */
export function TableFrame({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const needed = { width: 0 };
    const update = () => {
      labelCells(frame);
      fitTable(frame, needed);
    };
    update();
    // Rows come and go with the data; only the tree is watched, so setting labels does not loop.
    const rows = new MutationObserver(update);
    rows.observe(frame, { childList: true, subtree: true, characterData: true });
    const size = new ResizeObserver(() => fitTable(frame, needed));
    size.observe(frame);
    return () => {
      rows.disconnect();
      size.disconnect();
    };
  }, []);
  return (
    <div ref={ref} className="table-scroll table-stack">
      {children}
    </div>
  );
}
