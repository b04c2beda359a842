import { useEffect } from 'react';

/** Every page names itself in the browser tab (UI.md). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
