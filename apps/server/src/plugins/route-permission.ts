import type { Permission } from '@practice/shared';

/**
 * What a route demands: `public` (no session), `signed-in` (any session) or a permission
 * flag of SPEC 3. Every route must declare one; the app refuses to start otherwise.
 */
export type RoutePermission = 'public' | 'signed-in' | Permission;

export type RequestOrganization = { id: number; subdomain: string; name: string; status: string };

export type SessionUser = {
  id: number;
  organizationId: number;
  username: string;
  csrf: string;
  fullRole: import('@practice/shared').FullRole;
};

/** One route as the auth guard saw it registered. */
export type DeclaredRoute = { method: string; url: string; permission: RoutePermission };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the auth guard, with its permission. */
    declaredRoutes: readonly DeclaredRoute[];
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** The CSRF value may come in this query parameter instead of the header (the unload beacon). */
    csrfQueryParameter?: string;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}
