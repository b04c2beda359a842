import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from '@practice/shared';
import { operationsOf, routeUrlOf, type JsonSchema, type Operation } from './fuzz/openapi-operations';
import { isIdName, requestFor, type FuzzRequest } from './fuzz/request-arbitrary';
import { createTestApp, signedIn, type TestApp } from './test-app';
import { createActivityType, createClient, createTimeEntry } from './work-records';

/**
 * Malformed and edge-case requests for every operation of the app's own OpenAPI document,
 * signed in as an administrator (with CSRF) and signed out; none may answer 5xx
 * (issue 10, docs/decisions/0097). The seed is fixed, so a failure repeats; FUZZ_SEED
 * tries another one locally.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const ADMIN_REQUESTS_PER_OPERATION = 30;
const ANONYMOUS_REQUESTS_PER_OPERATION = 10;
const MINIMUM_REQUESTS = 2_000;
/**
 * The generated calls come from addresses of their own, so the failed sign-ins and passkey
 * checks they make never reach the limit of the address the administrator signs in from.
 */
const ADMIN_ADDRESS = '198.51.100.10';
const ANONYMOUS_ADDRESS = '198.51.100.23';

let dataDir: string;
let testApp: TestApp;
let operations: Operation[];
let ids: number[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'practice-fuzz-'));
  // Development registers every route there is, the dev calls included.
  testApp = await createTestApp({ appEnv: 'development', dataDir });
  const document = await testApp.app.inject({ url: '/api/docs/json' });
  operations = operationsOf(document.json());
  const admin = await signedIn(testApp.app, 'admin');
  const client = await createClient(admin);
  const activity = await createActivityType(admin);
  const entry = await createTimeEntry(admin, { client_id: client.id, activity_type_id: activity.id });
  const user = (await admin.request({ url: '/user' })).json<{ id: number }>();
  // Ids that name records, so that many requests get past the lookup to the code behind it.
  ids = [...new Set([1, 2, client.id, activity.id, entry.id, user.id])];
});
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const key = (method: string, url: string) => `${method} ${url}`;

/** How many answers of each class (2xx, 4xx, ...) the run got: a fuzz that only meets 401 tests little. */
const answerKinds = new Map<string, number>();

function describeFailure(request: FuzzRequest, answer: string): string {
  const payload = request.payload === undefined ? '' : String(request.payload);
  const shown = payload.length > 300 ? `${payload.slice(0, 300)}... (${payload.length} characters)` : payload;
  return `${request.method} ${request.url.slice(0, 300)}\n  headers: ${JSON.stringify(request.headers)}\n  body: ${JSON.stringify(shown)}\n  answer: ${answer}`;
}

/** Sends the generated requests of every operation; returns the failures and counts the requests sent. */
async function fuzz(
  perOperation: number,
  seedOffset: number,
  send: (request: FuzzRequest) => Promise<LightMyRequestResponse>,
): Promise<{ sent: number; failures: string[] }> {
  const failures: string[] = [];
  let sent = 0;

  for (const [index, operation] of operations.entries()) {
    const requests = fc.sample(requestFor(operation, ids), { seed: SEED + seedOffset + index, numRuns: perOperation });
    for (const request of requests) {
      sent += 1;
      try {
        const response = await send(request);
        const kind = `${Math.floor(response.statusCode / 100)}xx`;
        answerKinds.set(kind, (answerKinds.get(kind) ?? 0) + 1);
        if (response.statusCode >= 500)
          failures.push(describeFailure(request, `${response.statusCode} ${response.body}`));
      } catch (error) {
        failures.push(describeFailure(request, `threw ${String(error)}`));
      }
    }
  }
  return { sent, failures };
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('the document names every route the app serves', () => {
    const documented = new Set(operations.map((operation) => key(operation.method, routeUrlOf(operation))));
    const served = testApp.app.declaredRoutes
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => key(route.method, route.url));
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(50);
  });

  it('caps every numeric id of the document at the integer column (ADR 0096)', () => {
    const uncapped: string[] = [];
    const visit = (schema: JsonSchema | undefined, name: string, where: string) => {
      if (!schema) return;
      for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) visit(option, name, where);
      const numeric = schema.type === 'integer' || schema.type === 'number';
      if (numeric && isIdName(name) && !(schema.maximum !== undefined && schema.maximum <= ID_MAX)) {
        uncapped.push(`${where} ${name}`);
      }
      for (const [key, inner] of Object.entries(schema.properties ?? {})) visit(inner, key, where);
      visit(schema.items, name, where);
    };
    for (const operation of operations) {
      const where = `${operation.method} ${operation.path}`;
      for (const parameter of [...operation.pathParameters, ...operation.queryParameters]) {
        visit(parameter.schema, parameter.name, where);
      }
      visit(operation.body, '', where);
    }
    expect(uncapped).toEqual([]);
  });

  // 116 operations since payments, ledger, billing and the portal merged: 4,640 requests took
  // 141 s on PGlite on the shared 2-core machine, past the former 120 s.
  it('answers no 5xx, signed in as an administrator and signed out', { timeout: 300_000 }, async () => {
    let admin = await signedIn(testApp.app, 'admin');
    let signIns = 1;
    const withAdminCookies = (headers: Record<string, string>): Record<string, string> => ({
      ...headers,
      cookie: ['access_token_cookie', 'refresh_token_cookie'].map((name) => `${name}=${admin.cookie(name)}`).join('; '),
    });
    const asAdmin = async (request: FuzzRequest) => {
      const headers = withAdminCookies(request.headers);
      if (request.method !== 'GET') headers['x-csrf-token'] = admin.csrfAccess!;
      const response = await testApp.app.inject({
        ...request,
        method: request.method as 'GET',
        headers,
        remoteAddress: ADMIN_ADDRESS,
      });
      // A generated call may end the session (logout, a replayed refresh): sign in again for the next.
      if (response.statusCode === 401) {
        const still = await testApp.app.inject({ url: '/user', headers: withAdminCookies({}) });
        if (still.statusCode === 401) {
          admin = await signedIn(testApp.app, 'admin');
          signIns += 1;
        }
      }
      return response;
    };
    const asAnonymous = (request: FuzzRequest) =>
      testApp.app.inject({ ...request, method: request.method as 'GET', remoteAddress: ANONYMOUS_ADDRESS });

    const started = performance.now();
    const signedInRun = await fuzz(ADMIN_REQUESTS_PER_OPERATION, 0, asAdmin);
    const signedOutRun = await fuzz(ANONYMOUS_REQUESTS_PER_OPERATION, 10_000, asAnonymous);
    const sent = signedInRun.sent + signedOutRun.sent;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `OpenAPI fuzz (seed ${SEED}): ${sent} requests over ${operations.length} operations ` +
        `(${signedInRun.sent} as admin, ${signedOutRun.sent} signed out, ${signIns} sign-ins) in ${seconds} s; ` +
        `answers: ${[...answerKinds]
          .sort()
          .map(([kind, count]) => `${kind} ${count}`)
          .join(', ')}`,
    );
    expect(sent).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
    expect([...signedInRun.failures, ...signedOutRun.failures]).toEqual([]);
  });
});
