import type { Permission } from '@practice/shared';

/** What a shell route tells the shell about itself, read back with useMatches(). */
export type ShellRouteHandle = { permission: Permission | null };

export function isShellRouteHandle(handle: unknown): handle is ShellRouteHandle {
  return typeof handle === 'object' && handle !== null && 'permission' in handle;
}
