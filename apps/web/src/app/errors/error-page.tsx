import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { createErrorId } from './error-id';
import { ErrorScreen } from './error-screen';

/** /error: the generic error screen as a page of its own, for flows that send the user here. */
export default function ErrorPage() {
  useDocumentTitle('Error');
  const [errorId] = useState(() => createErrorId());
  return <ErrorScreen errorId={errorId} />;
}
