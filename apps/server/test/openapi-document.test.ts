import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeclaredAnswers, type OpenApiPaths } from './answer-record';
import { createTestApp, signedIn, type TestApp } from './test-app';

/**
 * The OpenAPI document is complete (issue 19, docs/decisions/0166): every operation has a
 * summary, a unique operationId, known tags, the security its declared permission asks for,
 * a described 2xx answer and the JSON error answers. `npm run lint:openapi` lints the same
 * document with Redocly's rules.
 */

type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[] };
type Answer = { description?: string; content?: Record<string, { schema?: Schema }> };
type Operation = {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, Answer>;
};
type Document = {
  tags: { name: string; description?: string }[];
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

let testApp: TestApp;
let document: Document;
const operations: { key: string; method: string; url: string; operation: Operation }[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ appEnv: 'development' });
  document = (await testApp.app.inject({ url: '/api/docs/json' })).json<Document>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), url, operation });
    }
  }
});
afterAll(() => testApp.close());

const permissionOf = (method: string, url: string) =>
  testApp.app.declaredRoutes.find((route) => route.method === method && route.url === url)?.permission;

describe('the OpenAPI document', () => {
  it('gives every operation a summary, a unique operationId and known tags', () => {
    const known = new Set(document.tags.map((tag) => tag.name));
    expect(document.tags.every((tag) => tag.description)).toBe(true);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    const incomplete = operations.filter(
      ({ operation }) =>
        !operation.summary ||
        !operation.operationId ||
        !operation.tags?.length ||
        operation.tags.some((tag) => !known.has(tag)),
    );
    expect(incomplete.map(({ key }) => key)).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('asks for the session cookie, and the CSRF value on writes, exactly where the permission does', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'access_token_cookie' });
    expect(schemes.csrfHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' });
    const wrong = operations.filter(({ method, url, operation }) => {
      const permission = permissionOf(method, url);
      if (permission === 'public') return operation.security?.length !== 0;
      const first = operation.security?.[0] ?? {};
      const asksCsrf = 'csrfHeader' in first;
      return !('sessionCookie' in first) || asksCsrf !== (method !== 'GET');
    });
    expect(wrong.map(({ key }) => key)).toEqual([]);
  });

  it("describes a 2xx answer (or a form post's 303) of every operation, with a schema for each media type", () => {
    const undescribed = operations.filter(({ operation }) => {
      const successes = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status));
      if (successes.length === 0) return true;
      return successes.some(
        ([status, answer]) =>
          !['204', '303'].includes(status) &&
          Object.values(answer.content ?? {}).some((media) => !media.schema || Object.keys(media.schema).length === 0),
      );
    });
    expect(undescribed.map(({ key }) => key)).toEqual([]);
  });

  it('gives the JSON error answers of a route that is not public, in the shape the error handler writes', async () => {
    const missing = operations.filter(
      ({ method, url, operation }) =>
        permissionOf(method, url) !== 'public' && !(operation.responses['401'] && operation.responses['403']),
    );
    expect(missing.map(({ key }) => key)).toEqual([]);
    const documented = document.paths['/payments']!.get!.responses['401']!.content!['application/json']!.schema!;
    expect(documented.required).toEqual(['error']);
    const refused = await testApp.app.inject({ url: '/payments' });
    expect(refused.statusCode).toBe(401);
    expect(Object.keys(refused.json()).every((field) => field in documented.properties!)).toBe(true);
  });
});

describe('the check of answered statuses against the document (docs/decisions/0220)', () => {
  it('names a status a route answered that its operation does not declare, and nothing else', async () => {
    const admin = await signedIn(testApp.app, 'admin');
    const stale = await admin.request({ method: 'PUT', url: '/clients/1', payload: { version: -1 } });
    expect(stale.statusCode).toBeGreaterThanOrEqual(400);
    const recorded = [{ method: 'PUT', path: '/clients/1', status: stale.statusCode }];
    expect(undeclaredAnswers(document.paths as OpenApiPaths, recorded)).toEqual([]);
    const { [String(stale.statusCode)]: _dropped, ...others } = document.paths['/clients/{id}']!.put!.responses;
    const withoutIt = { ...document.paths, '/clients/{id}': { put: { responses: others } } };
    expect(undeclaredAnswers(withoutIt as OpenApiPaths, recorded)).toEqual([`PUT /clients/{id} ${stale.statusCode}`]);
  });

  it('declares the Idempotency-Key header of POST /payments, and 429 on the sign-in and portal calls', () => {
    const parameters = (document.paths['/payments']!.post as { parameters?: { in: string; name: string }[] })
      .parameters;
    expect(parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
    expect(Object.keys(document.paths['/login']!.post!.responses)).toEqual(expect.arrayContaining(['401', '429']));
    expect(Object.keys(document.paths['/client-portal/session']!.post!.responses)).toContain('429');
    const uploads = document.paths['/api/organization/logo']!.post!.responses;
    expect(Object.keys(uploads)).toEqual(expect.arrayContaining(['413', '415']));
  });
});
