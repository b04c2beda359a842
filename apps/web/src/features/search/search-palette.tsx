import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { canSearch, type SearchResult, type SearchType } from '@practice/shared';
import { Icon } from '../../components/icon';
import { StatusBadge } from '../../components/status-badge';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { searchGuide } from './guide-search';
import { rememberSearch, shownRecentSearches, type RecentSearch } from './recent-searches';
import { groupResults, SEARCH_TABS } from './search-groups';
import { closeGlobalSearch, useGlobalSearchOpen } from '../../lib/global-search-open';
import { useSearchShortcuts } from './search-shortcuts';
import { useGlobalSearch } from './use-global-search';
import './search-palette.css';

/**
 * The global search modal (SPEC 2): a native modal <dialog>, so focus stays inside while it
 * is open and returns where it was when it closes; the input drives the result list as a
 * combobox (arrow keys move, Enter opens), and the tabs pick the category.
 */
export function SearchPalette() {
  useSearchShortcuts();
  const open = useGlobalSearchOpen();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal search-palette"
      aria-label="Global search"
      onCancel={(event) => {
        event.preventDefault();
        closeGlobalSearch();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) closeGlobalSearch();
      }}
    >
      {open && <PaletteBody />}
    </dialog>
  );
}

function PaletteBody() {
  const navigate = useNavigate();
  const { user } = useSession();
  const tabs = SEARCH_TABS.filter((tab) => canSearch(user?.full_role, tab.type));
  const [query, setQuery] = useState('');
  const [type, setType] = useState<SearchType>('all');
  const [active, setActive] = useState(0);
  const [recent] = useState(shownRecentSearches);
  const { results, searching, settledQuery } = useGlobalSearch(query, type);
  const baseId = useId();
  const listId = `${baseId}-list`;

  const guide = useMemo(
    () => (type === 'all' || type === 'guide' ? searchGuide(settledQuery) : []),
    [type, settledQuery],
  );
  const groups = useMemo(() => groupResults(results, guide), [results, guide]);
  const flat = groups.flatMap((group) => group.results);
  // Each group's first position in the flat list the arrow keys walk.
  const starts = groups.map((_, index) => groups.slice(0, index).reduce((sum, group) => sum + group.results.length, 0));
  const activeIndex = Math.min(active, Math.max(0, flat.length - 1));
  const optionId = (index: number) => `${baseId}-option-${index}`;

  function choose(result: SearchResult): void {
    rememberSearch({ query, type, result: { title: result.title, url: result.url } });
    closeGlobalSearch();
    navigate(result.url);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (flat.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + flat.length) % flat.length);
    } else if (event.key === 'Enter') {
      const result = flat[activeIndex];
      if (result) {
        event.preventDefault();
        choose(result);
      }
    }
  }

  function reuse(item: RecentSearch): void {
    setQuery(item.query);
    // A search kept from before a role changed may name a category this person can no longer search.
    setType(canSearch(user?.full_role, item.type) ? item.type : 'all');
    setActive(0);
  }

  const trimmed = query.trim();
  return (
    <div className="search-palette-body">
      <div className="search-palette-input-row">
        <label htmlFor={`${baseId}-input`} className="visually-hidden">
          Search
        </label>
        <input
          id={`${baseId}-input`}
          className="search-palette-input"
          type="search"
          role="combobox"
          aria-expanded={flat.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={flat.length > 0 ? optionId(activeIndex) : undefined}
          placeholder="Search everything..."
          autoComplete="off"
          // The dialog opens with this field focused (showModal focuses the first autofocus element).
          autoFocus
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onInputKeyDown}
        />
        <button
          type="button"
          className="icon-button search-palette-close"
          aria-label="Close search"
          onClick={closeGlobalSearch}
        >
          <Icon name="close" />
        </button>
      </div>
      <div role="group" aria-label="Search in" className="search-palette-tabs">
        {tabs.map((tab) => (
          <button
            key={tab.type}
            type="button"
            className="search-palette-tab"
            aria-pressed={type === tab.type}
            onClick={() => {
              setType(tab.type);
              setActive(0);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="search-palette-results" aria-live="polite" aria-busy={searching}>
        {trimmed === '' ? (
          <div className="search-palette-empty">
            <p>Start typing to search</p>
            {recent.length > 0 && (
              <section aria-labelledby={`${baseId}-recent`}>
                <h3 id={`${baseId}-recent`} className="search-palette-group-label">
                  Recent searches
                </h3>
                <ul className="search-palette-recent">
                  {recent.map((item) => (
                    <li key={item.id}>
                      <button type="button" className="link-button" onClick={() => reuse(item)}>
                        {item.query}
                      </button>
                      {item.result && <span className="search-palette-recent-result"> → {item.result.title}</span>}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        ) : flat.length === 0 ? (
          <p className="search-palette-empty">{searching ? 'Searching...' : 'No results found'}</p>
        ) : null}
        <div id={listId} role="listbox" aria-label="Search results" hidden={flat.length === 0}>
          {groups.map((group, groupIndex) => (
            <div
              key={group.key}
              role="group"
              aria-labelledby={`${baseId}-${group.key}`}
              className="search-palette-group"
            >
              <div id={`${baseId}-${group.key}`} role="presentation" className="search-palette-group-label">
                {group.label}
              </div>
              {group.results.map((result, position) => {
                const index = (starts[groupIndex] ?? 0) + position;
                return (
                  <div
                    key={`${result.type}-${result.id}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className="search-palette-option"
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(result)}
                  >
                    <span className="search-palette-option-text">
                      <span className="search-palette-option-title">{result.title}</span>
                      {result.subtitle && <span className="search-palette-option-subtitle">{result.subtitle}</span>}
                    </span>
                    <span className="search-palette-option-meta">
                      {result.meta.status && <StatusBadge status={result.meta.status} />}
                      {result.meta.section && !result.meta.status && <StatusBadge status="guide" label="Guide" />}
                      {result.meta.date && <span className="search-palette-date">{formatDate(result.meta.date)}</span>}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
