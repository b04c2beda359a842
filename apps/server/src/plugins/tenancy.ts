import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { subdomainFromHost } from '@practice/shared';
import type { AppContext } from '../app-context';
import { organizations } from '../db/schema/index';
import type { RequestOrganization } from './route-permission';

export const ORGANIZATION_HEADER = 'x-organization-id';

function originHost(origin: string | undefined): string | null {
  if (!origin) return null;
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * The subdomain a request names (DESIGN.md, Tenancy): the API host first, then the Origin
 * of the calling page, then X-Organization-ID in development only.
 */
export function requestedSubdomain(request: FastifyRequest, appEnv: string): string | null {
  const fromHost = subdomainFromHost(request.hostname);
  if (fromHost) return fromHost;
  const fromOrigin = subdomainFromHost(originHost(request.headers.origin));
  if (fromOrigin) return fromOrigin;
  const header = request.headers[ORGANIZATION_HEADER];
  if (appEnv === 'development' && typeof header === 'string' && header && header !== 'main') {
    return header.toLowerCase();
  }
  return null;
}

export type OrganizationLookup =
  { kind: 'none' } | { kind: 'unknown'; subdomain: string } | { kind: 'found'; organization: RequestOrganization };

export async function resolveRequestOrganization(
  context: AppContext,
  request: FastifyRequest,
): Promise<OrganizationLookup> {
  const subdomain = requestedSubdomain(request, context.config.appEnv);
  if (!subdomain) return { kind: 'none' };
  const [row] = await context.database.db
    .select({
      id: organizations.id,
      subdomain: organizations.subdomain,
      name: organizations.name,
      status: organizations.status,
    })
    .from(organizations)
    .where(eq(organizations.subdomain, subdomain));
  return row ? { kind: 'found', organization: row } : { kind: 'unknown', subdomain };
}
