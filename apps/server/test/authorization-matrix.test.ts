import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import {
  hasPermission,
  PERMISSION_FLAGS,
  permissionRequiredMessage,
  type FullRole,
  type Permission,
} from '@practice/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../src/db/seed/demo-activity';
import { seedDemoBilling } from '../src/db/seed/demo-billing';
import { seedDemoPayments } from '../src/db/seed/demo-payments';
import { seedDemoSupport } from '../src/db/seed/demo-support';
import { createTaxIdCipher } from '../src/modules/clients/tax-id-cipher';
import { BUILT_IN_ROLES } from '../src/modules/organizations/built-in-roles';
import type { RoutePermission } from '../src/plugins/route-permission';
import { operationsOf, routeUrlOf, type JsonSchema, type Operation } from './fuzz/openapi-operations';
import { isIdName, valueFor } from './fuzz/request-arbitrary';
import { SoftwareAuthenticator } from './software-authenticator';
import { undeclaredAnswersOf } from './answer-record';
import { Session, createTestApp, type TestApp } from './test-app';
import { signedInWithCode } from './two-factor-sign-in';
import { ownerRows } from './work-records';

/**
 * The authorization matrix (issue 19, docs/decisions/0165): every operation of the app's
 * own OpenAPI document, called without a session, as each built-in role of the first demo
 * firm, and as the other demo firm's administrator with ids of the first firm's records.
 * What each call may answer follows from the route's declared permission and the caller's
 * flags alone, so a route added later is tried without a line written here.
 */

const FIRM = 'demo';
const OTHER_FIRM_ADMIN = 'nwadmin';
/** Bodies tried per foreign call until one gets past body validation to the record lookup. */
const BODY_CANDIDATES = 12;
const SEED = 20_261_125;
const ORIGIN = 'http://localhost:3000';

type Caller = { name: string; session: Session; fullRole: FullRole; signIn: () => Promise<Session> };
type Call = { method: string; url: string; payload?: unknown; headers?: Record<string, string> };

let dataDir: string;
let testApp: TestApp;
let operations: Operation[];
let permissionOf: Map<string, RoutePermission>;
let roleCallers: Caller[];
let foreign: Caller;
/** An id of one of the first firm's records, per path: the resource each parameter names. */
let recordIds: Map<string, number>;
/** The first firm's lowest id in each tenant table that has an id column. */
let tableIds: Map<string, number>;

const key = (method: string, url: string) => `${method} ${url}`;
const declaredPermission = (operation: Operation) => permissionOf.get(key(operation.method, routeUrlOf(operation)));

/** Signs a user in, through the e-mail code when his account asks for one (the demo partner does). */
async function signIn(username: string, email: string): Promise<Session> {
  const session = new Session(testApp.app);
  const answer = await session.signIn(username);
  if (answer.statusCode === 200 && answer.json().requires_2fa === true) {
    return signedInWithCode(testApp, username, email);
  }
  if (answer.statusCode !== 200 || !session.csrfAccess) {
    throw new Error(`sign-in of ${username} failed: ${answer.statusCode} ${answer.body}`);
  }
  return session;
}

async function callerFor(name: string, username: string, email: string): Promise<Caller> {
  const session = await signIn(username, email);
  const user = await session.request({ url: '/user' });
  const fullRole = user.json<{ full_role: FullRole }>().full_role;
  return { name, session, fullRole, signIn: () => signIn(username, email) };
}

/** The first of the firm's users holding each built-in role (the demo firm has one of each). */
async function builtInRoleCallers(): Promise<Caller[]> {
  const callers: Caller[] = [];
  for (const role of BUILT_IN_ROLES) {
    const [user] = await ownerRows<{ username: string; email: string }>(
      testApp,
      sql`select u.username, u.email from users u
          join roles r on r.organization_id = u.organization_id and r.id = u.role_id
          join organizations o on o.id = u.organization_id
          where o.subdomain = ${FIRM} and r.name = ${role.name} order by u.id limit 1`,
    );
    if (!user) throw new Error(`the ${FIRM} firm has no user with the built-in role ${role.name}`);
    callers.push(await callerFor(role.name, user.username, user.email));
  }
  return callers;
}

/** The first firm's lowest id in every tenant table (organization_id and an integer id) that holds a row of it. */
async function firstFirmIdsByTable(): Promise<Map<string, number>> {
  const tables = await ownerRows<{ table_name: string }>(
    testApp,
    sql`select c.table_name from information_schema.columns c
        join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name
          and i.column_name = 'id' and i.data_type in ('integer', 'bigint')
        where c.table_schema = current_schema() and c.column_name = 'organization_id'`,
  );
  const ids = new Map<string, number>();
  for (const { table_name: table } of tables) {
    const [row] = await ownerRows<{ id: number | null }>(
      testApp,
      // An id the other firm has no row with, so that his 404 cannot be his own record's.
      sql`select min(t.id)::int as id from ${sql.identifier(table)} t
          join organizations o on o.id = t.organization_id
          where o.subdomain = ${FIRM} and not exists
            (select 1 from ${sql.identifier(table)} u where u.id = t.id and u.organization_id <> t.organization_id)`,
    );
    if (row?.id != null) ids.set(table, row.id);
  }
  return ids;
}

/**
 * The table a path's resource names: its last static segment that is a table
 * (`time-entries` -> time_entries, `/time-entries/complete` -> time_entries), else the last one.
 */
function tableOfPath(pathBefore: string): string {
  const tables = pathBefore
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{'))
    .map((segment) => segment.replace(/-/g, '_'));
  return tables.findLast((table) => tableIds.has(table)) ?? tables.at(-1) ?? '';
}

/** A field that holds record ids by its name: `id`, `..._id` or `ids`. */
const holdsIds = (name: string) => isIdName(name) || name === 'ids';

/**
 * The first firm's record a body field names: `client_id` -> clients, the longest tail of
 * the name that is a table (`responsible_user_id` -> users); `id` and `ids` name the
 * resource of the path itself.
 */
function firstFirmIdFor(name: string, pathTable: string): number | undefined {
  if (name === 'id' || name === 'ids') return tableIds.get(pathTable);
  const words = name.replace(/_id$/, '').split('_');
  for (let start = 0; start < words.length; start += 1) {
    const id = tableIds.get(`${words.slice(start).join('_')}s`);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** The body with every id field set to the first firm's record of its kind (ids it cannot place stay). */
function withFirstFirmIds(value: unknown, name: string, pathTable: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withFirstFirmIds(item, name, pathTable));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([field, inner]) => [field, withFirstFirmIds(inner, field, pathTable)]),
    );
  }
  if (typeof value === 'number' && holdsIds(name)) return firstFirmIdFor(name, pathTable) ?? value;
  return value;
}

/** Whether a body names a first-firm record in one of its id fields. */
function namesFirstFirmRecord(value: unknown, name = ''): boolean {
  if (Array.isArray(value)) return value.some((item) => namesFirstFirmRecord(item, name));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([field, inner]) => namesFirstFirmRecord(inner, field));
  }
  return typeof value === 'number' && holdsIds(name) && [...tableIds.values()].includes(value);
}

/** Whether a schema has an id field anywhere (a body that can name a record). */
function hasIdField(schema: JsonSchema | undefined, name = ''): boolean {
  if (!schema) return false;
  if (holdsIds(name) && name !== 'id') return true;
  return (
    Object.entries(schema.properties ?? {}).some(([field, inner]) => hasIdField(inner, field)) ||
    hasIdField(schema.items, name) ||
    [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((option) => hasIdField(option, name))
  );
}

/** The schema with every property required and nothing nullable, so generated bodies carry every id field. */
function everyFieldRequired(schema: JsonSchema): JsonSchema {
  const options = (list?: JsonSchema[]) =>
    list?.filter((option) => option.type !== 'null').map((option) => everyFieldRequired(option));
  const properties = schema.properties
    ? Object.fromEntries(Object.entries(schema.properties).map(([field, inner]) => [field, everyFieldRequired(inner)]))
    : undefined;
  return {
    ...schema,
    nullable: false,
    ...(properties ? { properties, required: Object.keys(properties) } : {}),
    ...(schema.items ? { items: everyFieldRequired(schema.items) } : {}),
    ...(schema.anyOf ? { anyOf: options(schema.anyOf) } : {}),
    ...(schema.oneOf ? { oneOf: options(schema.oneOf) } : {}),
  };
}

/** The first `id` in a list answer: an array, or an object holding one. */
function firstIdIn(body: unknown): number | undefined {
  const list = Array.isArray(body)
    ? body
    : Object.values((body ?? {}) as Record<string, unknown>).find((value) => Array.isArray(value));
  const first = (list as { id?: unknown }[] | undefined)?.find((item) => typeof item?.id === 'number');
  return first?.id as number | undefined;
}

/**
 * The id of a first-firm record for the parameter of a path: the static segment before
 * the parameter names the resource. Its table (`time-entries` -> time_entries) gives the
 * firm's lowest id; when no table has that name, the list route of the same path
 * (`GET /api/webauthn/credentials`) read by the firm's administrator gives its first id.
 */
async function recordIdFor(pathBefore: string, admin: Session): Promise<number | undefined> {
  const fromTable = tableIds.get(tableOfPath(pathBefore));
  if (fromTable !== undefined) return fromTable;
  const list = await admin.request({ url: pathBefore });
  return list.statusCode === 200 ? firstIdIn(list.json()) : undefined;
}

/** Every path parameter of every operation, bound to a record of the first firm. */
async function bindRecordIds(admin: Session): Promise<Map<string, number>> {
  const bound = new Map<string, number>();
  for (const operation of operations) {
    for (const match of operation.path.matchAll(/\{(\w+)\}/g)) {
      const before = operation.path.slice(0, match.index);
      if (bound.has(before)) continue;
      const id = await recordIdFor(before.replace(/\/$/, ''), admin);
      if (id !== undefined) bound.set(before, id);
    }
  }
  return bound;
}

/** A path parameter that names a choice, not a record (GET /reports/{name}): its first value. */
function choiceOf(operation: Operation, name: string): string | undefined {
  const choices = operation.pathParameters.find((parameter) => parameter.name === name)?.schema.enum;
  return choices?.length ? String(choices[0]) : undefined;
}

/** The operation's URL with each parameter set to the first firm's record, or undefined for one without. */
function concreteUrl(operation: Operation): string | undefined {
  let missing = false;
  const url = operation.path.replace(/\{(\w+)\}/g, (_whole, name: string, offset: number) => {
    const choice = choiceOf(operation, name);
    if (choice !== undefined) return encodeURIComponent(choice);
    const id = recordIds.get(operation.path.slice(0, offset));
    if (id === undefined) missing = true;
    return String(id);
  });
  return missing ? undefined : url;
}

/** A path that names no record: every parameter 1 (enough for a call refused before its handler). */
const placeholderUrl = (operation: Operation) => operation.path.replace(/\{\w+\}/g, '1');

function callOf(operation: Operation, url: string, payload?: unknown): Call {
  const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return { method: operation.method, url, ...(withBody ? { payload: payload ?? {} } : {}) };
}

function send(session: Session | undefined, call: Call): Promise<LightMyRequestResponse> {
  const request = {
    method: call.method as 'GET',
    url: call.url,
    payload: call.payload as object | undefined,
    headers: call.headers,
  };
  return session ? session.request(request) : testApp.app.inject(request);
}

const shown = (call: Call, answer: LightMyRequestResponse) =>
  `${call.method} ${call.url} answered ${answer.statusCode} ${answer.body.slice(0, 160)}`;

/** A call made again after the one before ended the caller's session (POST /logout). */
async function sendAs(caller: Caller, call: Call): Promise<LightMyRequestResponse> {
  if (!caller.session.cookie('access_token_cookie')) caller.session = await caller.signIn();
  return send(caller.session, call);
}

/** A receipt-sized upload, for a route whose document names no JSON body and that refuses JSON with 415. */
const UPLOAD: Pick<Call, 'payload' | 'headers'> = {
  headers: { 'content-type': 'multipart/form-data; boundary=matrix' },
  payload: Buffer.concat([
    Buffer.from('--matrix\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\n'),
    Buffer.from('Content-Type: application/pdf\r\n\r\n%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    Buffer.from('\r\n--matrix--\r\n'),
  ]),
};

/**
 * One call of the other firm's administrator naming first-firm records, with bodies valid
 * by the document (every id field set to a first-firm record) tried until one gets past
 * validation, so that the answer comes from the record lookup. Returns what was wrong.
 */
async function foreignCall(operation: Operation, url: string, seed: number, expected: number[]) {
  const pathTable = tableOfPath(operation.path.replace(/\/\{\w+\}.*$/, ''));
  const bodies = operation.body
    ? fc
        .sample(valueFor(everyFieldRequired(operation.body), '', []), { seed, numRuns: BODY_CANDIDATES })
        .map((body) => withFirstFirmIds(body, '', pathTable))
        .filter((body) => operation.pathParameters.length > 0 || namesFirstFirmRecord(body))
    : [undefined];
  let refusal = '';
  // A body whose id fields can name no first-firm record (only ids the server takes from the
  // session, as an activity log's organization_id): nothing of the first firm to reach.
  if (operation.body && operation.pathParameters.length === 0 && bodies.length === 0) return undefined;
  for (const body of bodies) {
    let call = callOf(operation, url, body);
    let answer = await sendAs(foreign, call);
    if (answer.statusCode === 415 && !operation.body) {
      call = { ...call, ...UPLOAD };
      answer = await sendAs(foreign, call);
    }
    if (answer.statusCode === 400 && operation.body) {
      refusal = answer.body.slice(0, 200);
      continue;
    }
    return expected.includes(answer.statusCode) ? undefined : shown(call, answer);
  }
  return `${operation.method} ${url}: no generated body passed validation (${bodies.length} tried, all 400; last: ${refusal})`;
}

beforeAll(async () => {
  const started = performance.now();
  dataDir = await mkdtemp(path.join(tmpdir(), 'practice-authz-'));
  // Development registers every route there is, the dev calls included.
  testApp = await createTestApp({ appEnv: 'development', dataDir });
  const { db } = testApp.context.database;
  // The demo data the server seeds: every page comes with it, so every resource has records.
  const now = new Date();
  await seedDemoActivity(db, { cipher: createTaxIdCipher(testApp.context.config.secretKey), now });
  await seedDemoBilling(db, { now, publicUrl: testApp.context.config.publicUrl });
  await seedDemoPayments(db, { now });
  await seedDemoSupport(db, { now });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`authorization matrix: app and demo data in ${seconds} s`);

  operations = operationsOf((await testApp.app.inject({ url: '/api/docs/json' })).json());
  permissionOf = new Map(testApp.app.declaredRoutes.map((route) => [key(route.method, route.url), route.permission]));
  roleCallers = await builtInRoleCallers();
  const [nw] = await ownerRows<{ email: string }>(
    testApp,
    sql`select email from users where username = ${OTHER_FIRM_ADMIN}`,
  );
  foreign = await callerFor('other firm admin', OTHER_FIRM_ADMIN, nw!.email);

  // A passkey of the firm's administrator: the seed makes none, and its routes take its id.
  const admin = roleCallers.find((caller) => caller.fullRole.all)!;
  const options = (await admin.session.request({ method: 'POST', url: '/api/webauthn/register/options' })).json();
  const registered = await admin.session.request({
    method: 'POST',
    url: '/api/webauthn/register/verify',
    payload: { credential: new SoftwareAuthenticator(ORIGIN).register(options), device_name: 'Matrix key' },
  });
  if (registered.statusCode >= 300) throw new Error(`passkey registration failed: ${registered.body}`);
  tableIds = await firstFirmIdsByTable();
  recordIds = await bindRecordIds(admin.session);
}, 120_000);

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the authorization matrix', () => {
  it('covers every route: each has an OpenAPI entry and each entry a declared permission', () => {
    const documented = new Set(operations.map((operation) => key(operation.method, routeUrlOf(operation))));
    const undocumented = testApp.app.declaredRoutes
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => key(route.method, route.url))
      .filter((route) => !documented.has(route));
    const known = new Set<RoutePermission>(['public', 'signed-in', 'all', ...PERMISSION_FLAGS]);
    const undeclared = operations
      .filter((operation) => !known.has(declaredPermission(operation)!))
      .map((operation) => `${operation.method} ${operation.path}: ${String(declaredPermission(operation))}`);
    expect(undocumented).toEqual([]);
    expect(undeclared).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('binds every path parameter of a non-public route to a record of the first firm', () => {
    const unbound = operations
      .filter((operation) => declaredPermission(operation) !== 'public' && operation.pathParameters.length > 0)
      .filter((operation) => concreteUrl(operation) === undefined)
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(unbound).toEqual([]);
  });

  it('answers 401 to every non-public call without a session', async () => {
    const wrong: string[] = [];
    for (const operation of operations.filter((candidate) => declaredPermission(candidate) !== 'public')) {
      const call = callOf(operation, concreteUrl(operation) ?? placeholderUrl(operation));
      const answer = await send(undefined, call);
      if (answer.statusCode !== 401) wrong.push(shown(call, answer));
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 to the other firm's administrator for every record of the first firm", async () => {
    const wrong: string[] = [];
    // A parameter that is a choice (a report's name) names nothing of the first firm.
    const tried = operations.filter(
      (operation) =>
        declaredPermission(operation) !== 'public' &&
        operation.pathParameters.some((parameter) => !parameter.schema.enum),
    );
    for (const [index, operation] of tried.entries()) {
      const url = concreteUrl(operation);
      if (!url) continue; // reported by the binding test
      const outcome = await foreignCall(operation, url, SEED + index, [404]);
      if (outcome) wrong.push(outcome);
    }
    console.log(`authorization matrix: ${tried.length} operations with a first-firm id in the path`);
    expect(tried.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it("answers 404 or 422 to the other firm's administrator naming a first-firm record in a body", async () => {
    const wrong: string[] = [];
    const tried = operations.filter(
      (operation) =>
        declaredPermission(operation) !== 'public' &&
        operation.pathParameters.length === 0 &&
        hasIdField(operation.body),
    );
    for (const [index, operation] of tried.entries()) {
      const outcome = await foreignCall(operation, operation.path, SEED + 1_000 + index, [404, 422]);
      if (outcome) wrong.push(outcome);
    }
    console.log(`authorization matrix: ${tried.length} operations with a first-firm id in the body`);
    expect(tried.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it("gives each built-in role exactly what its flags allow, on the first firm's records", async () => {
    const wrong: string[] = [];
    let refused = 0;
    let admitted = 0;
    // Refusals first, then admissions: an admitted write (a DELETE) may remove the record.
    const signedInOperations = operations.filter((operation) => declaredPermission(operation) !== 'public');
    const plan = roleCallers.flatMap((caller) =>
      signedInOperations.map((operation) => {
        // Public routes were filtered out above: what is left is signed-in or a flag.
        const permission = declaredPermission(operation) as Exclude<RoutePermission, 'public'>;
        const allowed = permission === 'signed-in' || hasPermission(caller.fullRole, permission);
        return { caller, operation, permission, allowed };
      }),
    );
    plan.sort((a, b) => Number(a.allowed) - Number(b.allowed));
    for (const { caller, operation, permission, allowed } of plan) {
      const call = callOf(operation, concreteUrl(operation) ?? placeholderUrl(operation));
      const answer = await sendAs(caller, call);
      if (!allowed) {
        refused += 1;
        const expected = JSON.stringify({ error: permissionRequiredMessage(permission as Permission) });
        if (answer.statusCode !== 403 || answer.body !== expected) wrong.push(`${caller.name}: ${shown(call, answer)}`);
        continue;
      }
      admitted += 1;
      const ownFlagRefused = permission !== 'signed-in' && answer.body.includes(permissionRequiredMessage(permission));
      const refusedByGuard = answer.statusCode === 401 || (answer.statusCode === 403 && ownFlagRefused);
      if (refusedByGuard || answer.statusCode >= 500) wrong.push(`${caller.name}: ${shown(call, answer)}`);
    }
    console.log(
      `authorization matrix: ${operations.length} operations, ${refused} refusals and ${admitted} admissions checked`,
    );
    expect(refused).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it("declares every status this file's calls were answered with (docs/decisions/0220)", async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
