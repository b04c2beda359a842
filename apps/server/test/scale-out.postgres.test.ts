import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../bench/server-process';
import { openDatabase, type Database } from '../src/db/client';
import { mailOutbox } from '../src/db/schema/index';
import { seedDemoFirms } from '../src/db/seed/demo';
import { ACCOUNT_FAILURE_LIMIT, TOO_MANY_ATTEMPTS } from '../src/modules/auth/sign-in-limits';
import { adminDatabaseUrl, adminQuery } from './database-template';
import { codeIn } from './outbox';
import { startPgbouncer, type Pgbouncer } from './pgbouncer';
import { RoundRobinBrowser, type Answer } from './round-robin-browser';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * Issue 19, scale-out: two server processes on one PostgreSQL database through PgBouncer in
 * transaction pooling mode, each request of a browser going to the other process than the one
 * before (no sticky sessions). Both processes start at once on an empty database, so they also
 * race through the migrations. PgBouncer has POOL_SIZE server connections per role for the two
 * processes' 2 x 10, so one request's transaction runs on a connection another request used
 * last: anything kept in a session (SET, advisory lock, prepared statement, temp table) would
 * meet the wrong request, and is looked for on every server connection at the end (ADR 0177).
 */

const POOL_SIZE = 2;
const SECRET_KEY = `scale-out-${randomBytes(16).toString('hex')}`;
const PUBLIC_URL = 'http://localhost:3000';
const START_TIMEOUT_MS = 180_000;
const MIGRATIONS = readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations')).filter(
  (name) => name.endsWith('.sql'),
);
const OWNER_ROLE = decodeURIComponent(new URL(adminDatabaseUrl()).username) || 'postgres';

let bouncer: Pgbouncer;
let servers: ServerProcess[] = [];
let owner: Database;
let dataDir: string;
const databaseName = `practice_scale_${randomBytes(6).toString('hex')}`;

function directUrl(): string {
  return Object.assign(new URL(adminDatabaseUrl()), { pathname: `/${databaseName}` }).toString();
}

function expectStatus(answer: Answer, status: number): void {
  expect(answer.status, `${answer.server}: ${answer.body}`).toBe(status);
}

/** A browser whose requests alternate between the two processes. */
function browser(firstServer = 0): RoundRobinBrowser {
  return new RoundRobinBrowser(
    servers.map((server) => server.baseUrl),
    firstServer,
  );
}

async function signedIn(username: string): Promise<RoundRobinBrowser> {
  const session = browser();
  expectStatus(await session.signIn(username), 200);
  return session;
}

async function latestCodeTo(address: string): Promise<string> {
  const [mail] = await owner.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return codeIn(mail?.text ?? '');
}

async function ownerRows<T>(query: SQL): Promise<T[]> {
  return ((await owner.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  bouncer = await startPgbouncer(adminDatabaseUrl(), { poolSize: POOL_SIZE });
  await adminQuery(`create database ${databaseName}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'practice-scale-out-'));
  const environment = { SECRET_KEY, PUBLIC_URL, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  const started = await Promise.allSettled([0, 1].map(() => startServer(bouncer.urlOf(databaseName), environment)));
  servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  owner = await openDatabase({ databaseUrl: directUrl(), poolSize: 2 });
  await seedDemoFirms(owner.db);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await owner?.close();
  await bouncer?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

describe('two server processes behind PgBouncer in transaction mode', () => {
  it('both started at once on an empty database: every migration applied once', async () => {
    const rows = await ownerRows<{ name: string }>(sql`select name from schema_migrations order by name`);
    expect(rows.map((row) => row.name)).toEqual([...MIGRATIONS].sort());
  });

  it('signs in with a password on one and serves the session on the other', async () => {
    const session = browser();
    const signIn = await session.signIn('admin');
    expectStatus(signIn, 200);
    const user = await session.request({ url: '/user' });
    expectStatus(user, 200);
    expect(user.json()).toMatchObject({ username: 'admin', organization_id: signIn.json().organization_id });
    expect(user.server).not.toBe(signIn.server);
  });

  it('refreshes on either process; a parallel refresh of one token on both gets the grace, a late replay revokes', async () => {
    const session = await signedIn('manager');
    for (let round = 0; round < 2; round += 1) {
      expectStatus(
        await session.request({ method: 'POST', url: '/refresh', csrf: session.cookie('csrf_refresh_token') }),
        200,
      );
      expectStatus(await session.request({ url: '/user' }), 200);
    }
    const tabs = [session.copy(0), session.copy(1)];
    const answers = await Promise.all(
      tabs.map((tab) => tab.request({ method: 'POST', url: '/refresh', csrf: tab.cookie('csrf_refresh_token') })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(new Set(answers.map((answer) => answer.server)).size).toBe(2);
    for (const tab of tabs) expectStatus(await tab.request({ url: '/user' }), 200);

    // Once the successor has been used, the token both tabs had is only a replay, on either process.
    const [tab] = tabs;
    expectStatus(await tab!.request({ method: 'POST', url: '/refresh', csrf: tab!.cookie('csrf_refresh_token') }), 200);
    const replay = await session.request({
      method: 'POST',
      url: '/refresh',
      csrf: session.cookie('csrf_refresh_token'),
    });
    expectStatus(replay, 401);
    expect(replay.json()).toEqual({ error: 'Token has been revoked' });
    for (const each of tabs) expectStatus(await each.request({ url: '/user' }), 401);
  });

  it('signs in with an e-mailed code: password, code request and code each on another process than the last', async () => {
    const session = browser();
    const first = await session.signIn('partner');
    expectStatus(first, 200);
    expect(first.json().requires_2fa).toBe(true);
    const sent = await session.request({ url: '/login?action=request_2fa_code&username=partner' });
    expectStatus(sent, 200);
    const code = await latestCodeTo('partner@demo-cpa.example');
    const done = await session.request({ method: 'POST', url: '/login', payload: { '2fa_code': code }, csrf: null });
    expectStatus(done, 200);
    expect(new Set([first.server, sent.server, done.server]).size).toBe(2);
    expect((await session.request({ url: '/user' })).json()).toMatchObject({ username: 'partner' });
  });

  it('registers a passkey and signs in with it, each ceremony begun on one process and finished on the other', async () => {
    const session = await signedIn('staff');
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const options = await session.request({ method: 'POST', url: '/api/webauthn/register/options' });
    expectStatus(options, 200);
    const registered = await session.request({
      method: 'POST',
      url: '/api/webauthn/register/verify',
      payload: { credential: authenticator.register(options.json()), device_name: 'Laptop' },
    });
    expectStatus(registered, 200);
    expect(registered.server).not.toBe(options.server);

    const other = browser(1);
    const ceremony = await other.request({
      method: 'POST',
      url: '/api/webauthn/authenticate/options',
      payload: { username: 'staff' },
    });
    expectStatus(ceremony, 200);
    const signIn = await other.request({
      method: 'POST',
      url: '/api/webauthn/authenticate/verify',
      payload: { username: 'staff', credential: authenticator.authenticate(ceremony.json()) },
    });
    expectStatus(signIn, 200);
    expect(signIn.server).not.toBe(ceremony.server);
    expect((await other.request({ url: '/user' })).json()).toMatchObject({ username: 'staff' });
  });

  it('bills and takes a payment: a repeated Idempotency-Key on the other process answers the same payment', async () => {
    const session = await signedIn('admin');
    const client = await session.request({
      method: 'POST',
      url: '/clients',
      payload: { client_id: 'SCALE-1', legal_name: 'Scale Out LLC', entity_type: 'c_corp' },
    });
    expectStatus(client, 201);
    const clientId = client.json().id as number;
    const draft = await session.request({
      method: 'POST',
      url: '/invoices',
      payload: {
        client_id: clientId,
        issue_date: '2026-09-01',
        due_date: '2026-09-30',
        fixed_fees: [{ description: 'Advisory', amount_cents: 12_500 }],
      },
    });
    expectStatus(draft, 201);
    const issued = await session.request({ method: 'POST', url: `/invoices/${draft.json().id}/issue` });
    expectStatus(issued, 200);
    expect(issued.json()).toMatchObject({ status: 'pending', total_cents: 12_500, balance_cents: 12_500 });

    const payment = { client_id: clientId, amount_cents: 5_000, payment_date: '2026-10-01', method: 'ach' };
    const headers = { 'idempotency-key': `scale-out-${clientId}` };
    const first = await session.request({ method: 'POST', url: '/payments', payload: payment, headers });
    const again = await session.request({ method: 'POST', url: '/payments', payload: payment, headers });
    expectStatus(first, 201);
    expectStatus(again, 201);
    expect(again.server).not.toBe(first.server);
    expect(again.json()).toEqual(first.json());
    const invoice = await session.request({ url: `/invoices/${draft.json().id}` });
    expect(invoice.json()).toMatchObject({ status: 'partial', applied_cents: 5_000, balance_cents: 7_500 });
    const [stored] = await ownerRows<{ payments: number; credits: number }>(
      sql`select (select count(*)::int from payments where client_id = ${clientId}) as payments,
                 (select count(*)::int from ar_ledger where client_id = ${clientId} and kind = 'payment') as credits`,
    );
    expect(stored).toEqual({ payments: 1, credits: 1 });
  });

  it('counts failed sign-ins of one account across both processes: parallel wrong passwords get exactly the limit', async () => {
    const attempts = 16;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, index) => browser(index % 2).signIn('readonly', 'wrong-password')),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([
      ...Array(ACCOUNT_FAILURE_LIMIT).fill(401),
      ...Array(attempts - ACCOUNT_FAILURE_LIMIT).fill(429),
    ]);
    // The right password is refused on both processes while the account is at its limit.
    for (const firstServer of [0, 1]) {
      const right = await browser(firstServer).signIn('readonly');
      expectStatus(right, 429);
      expect(right.json().error).toBe(TOO_MANY_ATTEMPTS);
    }
  });

  it('leaves no session state on any pooled server connection', async () => {
    const probes = [bouncer.urlOf(databaseName), bouncer.urlOf(databaseName, 'app_user')].flatMap((url) =>
      Array.from({ length: POOL_SIZE }, () => new pg.Client({ connectionString: url })),
    );
    await Promise.all(probes.map((probe) => probe.connect()));
    try {
      // Each probe holds a transaction open, so together they take every server connection of the pool.
      const rows = await Promise.all(
        probes.map(async (probe) => {
          await probe.query('begin');
          const result = await probe.query<Record<string, unknown>>(
            `select current_user as role, pg_backend_pid() as pid,
               coalesce(current_setting('app.org_id', true), '') as org_id,
               coalesce(current_setting('app.org_proof', true), '') as org_proof,
               current_setting('role') as set_role,
               (select coalesce(array_agg(name order by name), '{}') from pg_settings where source = 'session') as session_settings,
               (select count(*)::int from pg_prepared_statements) as prepared_statements,
               (select count(*)::int from pg_cursors) as cursors,
               (select count(*)::int from pg_listening_channels()) as listening,
               pg_my_temp_schema() <> 0 as temp_schema,
               (select count(*)::int from pg_locks l join pg_database d on d.oid = l.database
                 where l.locktype = 'advisory' and d.datname = current_database()) as advisory_locks`,
          );
          return result.rows[0]!;
        }),
      );
      for (const role of [OWNER_ROLE, 'app_user']) {
        expect(new Set(rows.filter((row) => row.role === role).map((row) => row.pid)).size).toBe(POOL_SIZE);
      }
      for (const row of rows) {
        expect(row).toEqual({
          role: row.role,
          pid: row.pid,
          org_id: '',
          org_proof: '',
          set_role: 'none',
          session_settings: [],
          prepared_statements: 0,
          cursors: 0,
          listening: 0,
          temp_schema: false,
          advisory_locks: 0,
        });
      }
    } finally {
      await Promise.all(probes.map((probe) => probe.query('rollback').finally(() => probe.end())));
    }
  });
});
