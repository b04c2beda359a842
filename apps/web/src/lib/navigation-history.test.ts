import { beforeEach, describe, expect, it } from 'vitest';
import { latestRecentItems, navigationType, readHistory, readRecentItems, recordVisit } from './navigation-history';

beforeEach(() => window.localStorage.clear());

describe('navigation history and recent items (SPEC 3, 4, 9)', () => {
  it('derives the navigation type from the path', () => {
    expect(navigationType('/')).toBe('dashboard');
    expect(navigationType('/clients/create')).toBe('create');
    expect(navigationType('/clients/new')).toBe('create');
    expect(navigationType('/clients/12/edit')).toBe('edit');
    expect(navigationType('/clients/12')).toBe('detail');
    expect(navigationType('/clients/manage')).toBe('list');
  });

  it('keeps 50 visits, newest first, with their fields', () => {
    for (let index = 0; index < 55; index += 1) recordVisit(`/clients/${index}`, '', `Client ${index}`, index);
    const history = readHistory();
    expect(history).toHaveLength(50);
    expect(history[0]).toEqual({
      path: '/clients/54',
      pathname: '/clients/54',
      search: '',
      timestamp: 54,
      title: 'Client 54',
      type: 'detail',
      id: '54',
    });
  });

  it('keeps 20 recent items per entity, a revisit moved to the top', () => {
    for (let index = 0; index < 25; index += 1) recordVisit(`/clients/${index}`, '', `Client ${index}`, index);
    recordVisit('/invoices/7', '', 'Invoice 7', 100);
    recordVisit('/clients/3', '', 'Client 3', 101);
    const recent = readRecentItems();
    expect(recent.client).toHaveLength(20);
    expect(recent.client[0]).toMatchObject({ entityType: 'client', entityId: '3' });
    expect(latestRecentItems(2).map((item) => item.title)).toEqual(['Client 3', 'Invoice 7']);
    recordVisit('/clients/manage', '', 'Clients', 102);
    expect(latestRecentItems(5)).toHaveLength(5);
  });
});
