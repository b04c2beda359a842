import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * Every answer the test app gave in this test file, as (method, path, status), so that a
 * test can check each against the statuses the OpenAPI document declares for its route
 * (issue 27, docs/decisions/0220).
 */

export type RecordedAnswer = { method: string; path: string; status: number };

export type OpenApiPaths = Record<string, Record<string, { responses: Record<string, unknown> }>>;

const answers: RecordedAnswer[] = [];

type Inject = (options?: unknown, callback?: unknown) => unknown;

/** Makes `app.inject` note each answer it gives; the callback and chain forms pass through unnoted. */
export function recordAnswers(app: FastifyInstance): void {
  const inject = (app.inject as Inject).bind(app);
  const recording: Inject = (options, callback) => {
    if (options === undefined || callback !== undefined) return inject(options, callback);
    return (inject(options) as Promise<LightMyRequestResponse>).then((response) => {
      const request = response.raw.req as { method?: string; url?: string };
      const path = new URL(request.url ?? '/', 'http://test').pathname;
      answers.push({ method: request.method ?? 'GET', path, status: response.statusCode });
      return response;
    });
  };
  Object.defineProperty(app, 'inject', { value: recording });
}

export const recordedAnswers = (): readonly RecordedAnswer[] => answers;

/** `/payments/{id}` -> a pattern of the paths it names. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * The recorded answers whose status the document does not declare for the route, as
 * `METHOD /path/{id} status`. A path no route serves (the not-found handler's 404) names no
 * operation and is left out; so is a 500, which is a fault and never declared. A path two
 * routes match belongs to the one with fewer parameters, as in Fastify's router.
 */
export function undeclaredAnswers(paths: OpenApiPaths, recorded: readonly RecordedAnswer[] = answers): string[] {
  const routes = Object.keys(paths)
    .map((path) => ({ path, pattern: patternOf(path), parameters: path.split('{').length }))
    .sort((a, b) => a.parameters - b.parameters);
  const undeclared = new Set<string>();
  for (const { method, path, status } of recorded) {
    if (status === 500 || method === 'OPTIONS') continue;
    const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
    const route = routes.find((candidate) => candidate.pattern.test(path) && paths[candidate.path]![verb]);
    if (!route) continue;
    if (!(String(status) in paths[route.path]![verb]!.responses)) undeclared.add(`${method} ${route.path} ${status}`);
  }
  return [...undeclared].sort();
}

/** The answers this file's test app gave that its own OpenAPI document does not declare. */
export async function undeclaredAnswersOf(app: FastifyInstance): Promise<string[]> {
  const document = await app.inject({ url: '/api/docs/json' });
  return undeclaredAnswers(document.json<{ paths: OpenApiPaths }>().paths);
}
