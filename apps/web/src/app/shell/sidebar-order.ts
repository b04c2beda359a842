import { SIDEBAR_ORDER_MAX } from '@practice/shared';
import { shellPaths } from '../../config/paths';
import { api } from '../../lib/api';
import { readStorage, writeStorage } from '../../lib/storage-keys';
import type { SidebarItem } from './sidebar-items';

/** SPEC 3: the per-user navigation order, kept locally under this prefix and the user's id. */
export const NAVIGATION_ORDER_PREFIX = 'navigationOrder:';

export const pathOf = (item: SidebarItem) => shellPaths[item.pathId].getHref();

function isPathList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((path) => typeof path === 'string');
}

export function readLocalOrder(userId: number): string[] | null {
  try {
    const parsed: unknown = JSON.parse(readStorage(`${NAVIGATION_ORDER_PREFIX}${userId}`) ?? 'null');
    return isPathList(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeLocalOrder(userId: number, order: string[] | null): void {
  const key = `${NAVIGATION_ORDER_PREFIX}${userId}`;
  if (order) writeStorage(key, JSON.stringify(order));
  else {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Storage disabled: nothing was saved.
    }
  }
}

/** The items in the saved order; items the order does not name (new ones, newly allowed) keep their place at the end. */
export function applyOrder(items: SidebarItem[], order: string[] | null): SidebarItem[] {
  if (!order) return items;
  const rank = new Map(order.map((path, index) => [path, index]));
  return [...items].sort((a, b) => (rank.get(pathOf(a)) ?? 1000) - (rank.get(pathOf(b)) ?? 1000));
}

/** The order saved on the server follows the user to another browser; a failure keeps the local one. */
export async function fetchServerOrder(): Promise<string[] | null> {
  try {
    const preferences = await api.get<{ sidebarOrder?: unknown }>('/api/user/preferences');
    return isPathList(preferences.sidebarOrder) ? preferences.sidebarOrder.slice(0, SIDEBAR_ORDER_MAX) : null;
  } catch (error) {
    console.warn('Navigation order not loaded from the server', error);
    return null;
  }
}

export async function saveServerOrder(order: string[] | null): Promise<void> {
  try {
    await api.put('/api/user/preferences', { sidebarOrder: order ? order.slice(0, SIDEBAR_ORDER_MAX) : [] });
  } catch (error) {
    console.warn('Navigation order not saved on the server', error);
  }
}
