import { describe, expect, it } from 'vitest';
import { emptyFullRole } from './permissions';
import { canSearch, SEARCH_TYPES } from './search';

describe('canSearch (the categories a person may search)', () => {
  it('follows the permission of each category’s list', () => {
    const staff = { ...emptyFullRole(), can_view_clients: true, can_view_time_entries: true };
    expect(SEARCH_TYPES.filter((type) => canSearch(staff, type))).toEqual([
      'all',
      'clients',
      'timeEntries',
      'activities',
      'guide',
    ]);
  });

  it('lets an administrator search everything and nobody signed out search a list', () => {
    expect(SEARCH_TYPES.every((type) => canSearch({ ...emptyFullRole(), all: true }, type))).toBe(true);
    expect(canSearch(null, 'invoices')).toBe(false);
    expect(canSearch(null, 'guide')).toBe(true);
  });
});
