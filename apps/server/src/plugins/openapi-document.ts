import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ACCESS_COOKIE, CSRF_QUERY_PARAMETER } from '../modules/auth/cookies';
import { errorAnswer } from './error-answers';
import { OPENAPI_TAGS } from './openapi-tags';

/**
 * The OpenAPI document of /api/docs/json (docs/decisions/0166). Each route declares its
 * summary, tags and 2xx answers; what follows from its declared permission and its input
 * (operationId, security, the 4xx answers) is filled in here, the same way for every route.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_COOKIE,
    description: 'The access token that POST /login and POST /refresh set as an HttpOnly cookie.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-TOKEN',
    description: 'The value of the csrf_access_token cookie, sent back on every call that is not a GET.',
  },
  csrfQuery: {
    type: 'apiKey',
    in: 'query',
    name: CSRF_QUERY_PARAMETER,
    description: 'The same value as X-CSRF-TOKEN, for the unload beacon that cannot set headers.',
  },
} as const;

type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 415;

/** `POST /payments/:id/void` -> `postPaymentsByIdVoid`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

function securityOf(route: RouteOptions, method: string): Record<string, string[]>[] {
  const permission = route.config?.permission;
  if (permission === undefined || permission === 'public') return [];
  if (SAFE_METHODS.has(method)) return [{ sessionCookie: [] }];
  const withHeader = { sessionCookie: [], csrfHeader: [] };
  return route.config?.csrfQueryParameter ? [withHeader, { sessionCookie: [], csrfQuery: [] }] : [withHeader];
}

/**
 * The error answers a route can give whatever it does: from its input and its permission.
 * A call that may carry a body meets Fastify's body limit (413) and its content-type parsers
 * (415) before the handler runs, whether the route reads a body or not. A 500 is never
 * declared: it is a fault, not an answer (docs/decisions/0220).
 */
function errorStatusesOf(route: RouteOptions, schema: FastifySchema, method: string): ErrorStatus[] {
  // The text guard refuses a NUL or a lone surrogate in any route's query, schema or not.
  const statuses: ErrorStatus[] = [400];
  if (route.config?.permission !== 'public') statuses.push(401, 403);
  // An id in a body that names nothing of the firm is a 404 too, with the field named.
  if (schema.params || schema.body) statuses.push(404);
  if (!SAFE_METHODS.has(method)) statuses.push(413, 415);
  return statuses;
}

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`; zod writes a nullable union as `nullable`
 * beside `anyOf`. Each branch of the union takes the `nullable` instead, which means the same.
 */
function withTypedNullables<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withTypedNullables(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const node = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withTypedNullables(inner)]));
  if (node.nullable === true && node.type === undefined && Array.isArray(node.anyOf)) {
    const { nullable: _nullable, anyOf, ...rest } = node;
    return { ...rest, anyOf: (anyOf as object[]).map((branch) => ({ ...branch, nullable: true })) } as T;
  }
  return node as T;
}

/** A 2xx, or the 303 of a form post that sends the browser on. */
const isSuccess = (status: string) => /^[23]/.test(status);

const transformRoute: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const method = [input.route.method].flat()[0]!;
  const { schema: route } = input;
  if (!route?.summary || !route.tags?.length) {
    throw new Error(`Route ${method} ${input.url} declares no summary or no tags in its schema`);
  }
  const unknownTag = route.tags.find((tag) => !OPENAPI_TAGS.some((known) => known.name === tag));
  if (unknownTag) throw new Error(`Route ${method} ${input.url} names the tag "${unknownTag}", not in openapi-tags.ts`);
  const response: Record<string, unknown> = { ...(route.response as Record<string, unknown> | undefined) };
  if (!Object.keys(response).some(isSuccess)) {
    throw new Error(`Route ${method} ${input.url} declares no 2xx or 3xx answer in its schema's response`);
  }
  for (const status of errorStatusesOf(input.route, route, method)) response[status] ??= errorAnswer(status);
  const { schema, url } = jsonSchemaTransform({ ...input, schema: { ...route, response } });
  return {
    url,
    schema: {
      ...withTypedNullables(schema),
      operationId: operationIdOf(method, url),
      security: securityOf(input.route, method),
    },
  };
};

/** The options of @fastify/swagger: document metadata, security schemes, tags and the route transform. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'Practice API',
      version: '1.0.0',
      description:
        'The API of the practice-management app. Sign in with POST /login: the session is an HttpOnly ' +
        'cookie, and every call that is not a GET sends the csrf_access_token cookie back in X-CSRF-TOKEN.',
    },
    servers: [{ url: 'http://localhost:5050', description: 'The API of a local install (PORT 5050)' }],
    tags: [...OPENAPI_TAGS],
    components: { securitySchemes: SECURITY_SCHEMES },
  },
  transform: transformRoute,
};
