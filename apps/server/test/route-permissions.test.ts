import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import { emptyFullRole, PERMISSION_FLAGS, permissionRequiredMessage } from '@practice/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client';
import { organizations, roles } from '../src/db/schema/index';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { createUser } from '../src/modules/organizations/organization.service';
import { roleColumnsOf } from '../src/modules/users/full-role';
import { registerAuthGuard } from '../src/plugins/auth-guard';
import { registerErrorHandler } from '../src/plugins/errors';
import type { RoutePermission } from '../src/plugins/route-permission';
import { Session, createTestApp, signedIn, type TestApp } from './test-app';

type RouteKey = { method: string; url: string };

/**
 * The routes Fastify's router holds, read from printRoutes: the only listing that also
 * shows routes registered before the auth guard could see them.
 */
function routesInRouter(app: FastifyInstance): RouteKey[] {
  const found: RouteKey[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false, includeHooks: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*) \(([^)]*)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = url;
    parents.length = depth + 1;
    if (match[3] === '-') continue;
    for (const method of match[3]!.split(', ')) found.push({ method, url });
  }
  return found;
}

/** A concrete path for a route pattern: every parameter becomes 1, a wildcard any text. */
function concretePath(url: string): string {
  return url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*/g, 'anything');
}

const key = ({ method, url }: RouteKey) => `${method} ${url}`;

// The CORS plugin's preflight route answers in its own onRequest hook, before any handler,
// and is registered before the guard; it is the one route without a declaration.
const CORS_PREFLIGHT = 'OPTIONS *';

/**
 * Writes a read flag admits, each reviewed. SPEC 3 gives a person's own time and expenses
 * to can_view_time_entries; the others change nothing a client sees. A call that sends
 * anything to a client never belongs here (issue 27: read-only e-mailed invoices).
 */
const OWN_WORK = /^\/(time-entries|expenses|timer)(\/|$)/;
const READ_FLAG_WRITES = [
  'DELETE /clients/:id/bookmark can_view_clients',
  'PUT /clients/:id/bookmark can_view_clients',
  'POST /billing/refresh can_view_billing',
  'PATCH /support-tickets/:id can_view_admin_page',
  'PUT /expense-settings can_view_admin_page',
  'PUT /time-settings can_view_admin_page',
];

let testApp: TestApp;
let noFlags: Session;
beforeAll(async () => {
  // Development registers every route there is, the dev calls included.
  testApp = await createTestApp({ appEnv: 'development' });
  const { db } = testApp.context.database;
  const [demo] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.subdomain, 'demo'));
  const organizationId = demo!.id;
  await withTenant(db, organizationId, (tx) =>
    tx
      .insert(roles)
      .values({ organizationId, name: 'no-flags', displayName: 'No flags', ...roleColumnsOf(emptyFullRole()) }),
  );
  await createUser(db, organizationId, {
    username: 'noflags',
    email: 'noflags@demo-cpa.example',
    password: DEMO_PASSWORD,
    roleName: 'no-flags',
  });
  noFlags = await signedIn(testApp.app, 'noflags');
});
afterAll(() => testApp.close());

describe('every route declares its permission', () => {
  it('the guard saw every route of the router, with a permission', () => {
    const declared = new Map(testApp.app.declaredRoutes.map((route) => [key(route), route.permission]));
    const inRouter = routesInRouter(testApp.app).map(key);
    expect(inRouter).toEqual(expect.arrayContaining(['POST /login', 'GET /user', 'POST /logout', CORS_PREFLIGHT]));
    const undeclared = inRouter.filter((route) => route !== CORS_PREFLIGHT && !declared.get(route));
    expect(undeclared).toEqual([]);
    expect(new Set(inRouter)).toEqual(new Set([...declared.keys(), CORS_PREFLIGHT]));
  });

  it('each declaration is public, signed-in or a SPEC 3 flag', () => {
    const known = new Set<RoutePermission>(['public', 'signed-in', 'all', ...PERMISSION_FLAGS]);
    const unknown = testApp.app.declaredRoutes.filter((route) => !known.has(route.permission));
    expect(unknown).toEqual([]);
  });

  it('a call that writes or reaches a client declares a flag that changes things, not one that reads', () => {
    const readFlagWrites = testApp.app.declaredRoutes
      .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
      .filter((route) => route.permission.startsWith('can_view_'))
      .filter((route) => !(route.permission === 'can_view_time_entries' && OWN_WORK.test(route.url)))
      .map((route) => `${key(route)} ${route.permission}`);
    expect(readFlagWrites.sort()).toEqual([...READ_FLAG_WRITES].sort());
  });

  it('a route registered without a permission stops the app from starting', async () => {
    const bare = Fastify();
    registerAuthGuard(bare, testApp.context);
    expect(() => bare.get('/undeclared', async () => 'open')).toThrow('Route GET /undeclared declares no permission');
    await bare.close();
  });
});

describe('the guard on every declared route', () => {
  const guarded = () =>
    testApp.app.declaredRoutes.filter((route) => route.method !== 'HEAD' && route.permission !== 'public');

  it('answers 401 to a call without a session', async () => {
    const answers: string[] = [];
    for (const route of guarded()) {
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: concretePath(route.url),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      if (response.statusCode !== 401) answers.push(`${key(route)} answered ${response.statusCode}`);
    }
    expect(guarded().length).toBeGreaterThan(0);
    expect(answers).toEqual([]);
  });

  it("answers 403 'Permission required: <flag>' to a user without the route's flag", async () => {
    const wrong: string[] = [];
    for (const route of guarded().filter((candidate) => candidate.permission !== 'signed-in')) {
      const response = await noFlags.request({
        method: route.method as 'GET',
        url: concretePath(route.url),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      const expected = { error: permissionRequiredMessage(route.permission as 'all') };
      if (response.statusCode !== 403 || response.body !== JSON.stringify(expected)) {
        wrong.push(`${key(route)} answered ${response.statusCode} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the guard on a flag route', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = Fastify();
    await bare.register(cookie);
    registerErrorHandler(bare);
    registerAuthGuard(bare, testApp.context);
    bare.get('/clients-probe', { config: { permission: 'can_view_clients' } }, async () => ({ ok: true }));
    bare.post('/admin-probe', { config: { permission: 'all' } }, async () => ({ ok: true }));
    await bare.ready();
  });
  afterAll(() => bare.close());

  /** The same browser, talking to the bare instance that shares the app's tokens and database. */
  async function browserOf(username: string): Promise<Session> {
    const session = await signedIn(testApp.app, username);
    const moved = new Session(bare);
    for (const name of ['access_token_cookie', 'csrf_access_token']) moved.setCookie(name, session.cookie(name));
    return moved;
  }

  it('refuses a user without the flag', async () => {
    const session = await browserOf('noflags');
    const response = await session.request({ url: '/clients-probe' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Permission required: can_view_clients' });
  });

  it('admits a user with the flag, and one with all', async () => {
    expect((await (await browserOf('staff')).request({ url: '/clients-probe' })).statusCode).toBe(200);
    expect((await (await browserOf('admin')).request({ url: '/clients-probe' })).statusCode).toBe(200);
  });

  it('admits only all to an all route (manager holds most flags, not all)', async () => {
    const manager = await (await browserOf('manager')).request({ method: 'POST', url: '/admin-probe' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toEqual({ error: 'Permission required: all' });
    expect((await (await browserOf('admin')).request({ method: 'POST', url: '/admin-probe' })).statusCode).toBe(200);
  });
});
