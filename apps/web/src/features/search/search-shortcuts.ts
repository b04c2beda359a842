import { useEffect } from 'react';
import { openGlobalSearch } from '../../lib/global-search-open';

/** A field where '/' is typed, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** SPEC 2: Ctrl/Cmd+K, Ctrl/Cmd+Space, or / outside inputs open the global search. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && (event.key.toLowerCase() === 'k' || event.code === 'Space')) return true;
  return event.key === '/' && !command && !event.altKey && !isTyping(event.target);
}

export function useSearchShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSearchShortcut(event)) return;
      event.preventDefault();
      openGlobalSearch();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
