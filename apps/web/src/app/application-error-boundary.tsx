import type { ReactNode } from 'react';
import { ErrorBoundary } from './errors/error-boundary';

export const APPLICATION_ERROR_MESSAGE =
  'The application stopped because of an unexpected error. Reload the page to continue.';

/** SPEC 2: the application-level boundary, around whatever the entry renders. */
export function ApplicationErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary title="Application Error" message={APPLICATION_ERROR_MESSAGE}>
      {children}
    </ErrorBoundary>
  );
}
