import { beforeEach, describe, expect, it } from 'vitest';
import { readRecentSearches, rememberSearch, RECENT_SEARCHES_KEY, shownRecentSearches } from './recent-searches';

beforeEach(() => window.localStorage.clear());

describe('recent searches (SPEC 3, 9)', () => {
  it('keeps 20, newest first, and shows 10', () => {
    for (let index = 0; index < 25; index += 1) {
      rememberSearch({ query: `term ${index}`, type: 'all', result: null }, 1000 + index);
    }
    const stored = readRecentSearches();
    expect(stored).toHaveLength(20);
    expect(stored[0]!.query).toBe('term 24');
    expect(shownRecentSearches()).toHaveLength(10);
  });

  it('keeps a repeated query and type once, moved to the top', () => {
    rememberSearch({ query: 'Acme', type: 'all', result: null }, 1);
    rememberSearch({ query: 'other', type: 'all', result: null }, 2);
    rememberSearch({ query: 'acme ', type: 'all', result: { title: 'Acme LLC', url: '/clients/1' } }, 3);
    expect(readRecentSearches().map((item) => item.query)).toEqual(['acme', 'other']);
  });

  it('ignores unreadable storage', () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify([{ bad: true }]));
    expect(readRecentSearches()).toEqual([]);
  });
});
