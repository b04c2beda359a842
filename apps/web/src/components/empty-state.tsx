import type { ReactNode } from 'react';
import '../styles/data.css';

/** What a list shows when it has nothing: what is missing and, where it helps, the way to add one. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children}
    </div>
  );
}
