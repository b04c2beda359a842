import { useDocumentTitle } from '../../lib/use-document-title';

function ThrowDuringRender(): never {
  throw new Error('Test error: /test-error throws during render to show the error screen');
}

/** /test-error: proves the error screen in a running app (SPEC 2). */
export default function TestErrorPage() {
  useDocumentTitle('Test Error');
  return <ThrowDuringRender />;
}
