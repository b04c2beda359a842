import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary';

/**
 * Render errors of a page show the generic error screen inside the shell. Keyed by path, so
 * moving to another address starts clean.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
