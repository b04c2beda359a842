import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import '../styles/data.css';

export type Crumb = { label: string; to: string };

type PageHeaderProps = {
  title: string;
  /** The pages above this one, outermost first (UI.md: a breadcrumb where a page is nested). */
  breadcrumb?: Crumb[];
  /** Buttons and links at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
};

/** A page's title (also the browser tab's), its breadcrumb and its main actions. */
export function PageHeader({ title, breadcrumb, actions, children }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="page-header">
      {breadcrumb && breadcrumb.length > 0 && (
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            {breadcrumb.map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      )}
      <div className="page-header-row">
        <h1>{title}</h1>
        {actions && <div className="button-row">{actions}</div>}
      </div>
      {children}
    </header>
  );
}
