import type pg from 'pg';
import { ADMIN_USERNAME } from '../src/cli/seed-large/plan';
import type { Answer } from '../test/fuzz/error-answer';
import type { MalformedRequest } from '../test/fuzz/malformed-request';
import { formatCounts, runMalformed, type MalformedRunOutcome } from '../test/fuzz/malformed-run';
import { operationsOf } from '../test/fuzz/openapi-operations';
import { changedTables, tableChecksums } from '../test/fuzz/table-checksums';
import { signIn, type SignedInSession } from './sign-in';

/** Issue 19: at least this many malformed requests over every route in the bench (2,000 in CI). */
export const FUZZ_BENCH_REQUESTS = 10_000;
/** Not the CI test's seed, so the bench tries requests CI does not. */
export const FUZZ_BENCH_SEED = 20_261_125;
const SIGNED_OUT_EVERY = 4;
const CONCURRENCY = 8;
const FAILURES_SHOWN = 20;

export type FuzzBenchOutcome = MalformedRunOutcome & { operations: number; seed: number; changedTables: string[] };

/** The tables whose first record of the firm the generated paths and bodies name. */
const ID_TABLES = ['clients', 'time_entries', 'expenses', 'invoices', 'payments', 'activity_types', 'users', 'roles'];

async function firmIds(client: pg.ClientBase, organizationId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const table of ID_TABLES) {
    const result = await client.query<{ id: number | null }>(
      `select min(id) as id from ${table} where organization_id = $1`,
      [organizationId],
    );
    const id = result.rows[0]?.id;
    if (id !== null && id !== undefined) ids.push(Number(id));
  }
  return [...new Set(ids)];
}

async function sendOverHttp(
  baseUrl: string,
  request: MalformedRequest,
  session: SignedInSession | null,
): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (session) {
    headers.cookie = session.cookie;
    if (request.method !== 'GET') headers['x-csrf-token'] = session.csrf;
  }
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers,
    body: request.payload as string | Uint8Array<ArrayBuffer> | undefined,
    redirect: 'manual',
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? undefined,
    body: await response.text(),
  };
}

/**
 * At least 10,000 certainly malformed requests over every operation of the started server's
 * OpenAPI document, as the large firm's administrator and signed out, on the bench
 * database; every table's checksum before and after says whether any of them wrote.
 */
export async function benchFuzz(
  baseUrl: string,
  client: pg.ClientBase,
  organizationId: number,
  seed = FUZZ_BENCH_SEED,
): Promise<FuzzBenchOutcome> {
  const document = await fetch(`${baseUrl}/api/docs/json`);
  if (!document.ok) throw new Error(`GET /api/docs/json answered ${document.status}`);
  const operations = operationsOf((await document.json()) as Parameters<typeof operationsOf>[0]);
  const session = await signIn(baseUrl, ADMIN_USERNAME);
  const ids = await firmIds(client, organizationId);
  const checksums = () => tableChecksums(async (text) => (await client.query(text)).rows);
  const before = await checksums();
  const outcome = await runMalformed({
    operations,
    ids,
    seed,
    perOperation: Math.ceil(FUZZ_BENCH_REQUESTS / operations.length),
    signedOutEvery: SIGNED_OUT_EVERY,
    concurrency: CONCURRENCY,
    send: (request, signedIn) => sendOverHttp(baseUrl, request, signedIn ? session : null),
  });
  return { ...outcome, operations: operations.length, seed, changedTables: changedTables(before, await checksums()) };
}

export function fuzzReport(outcome: FuzzBenchOutcome): string[] {
  return [
    `Malformed fuzz (seed ${outcome.seed}): ${outcome.sent.toLocaleString('en-US')} requests over ` +
      `${outcome.operations} operations in ${outcome.seconds.toFixed(1)} s ` +
      `(${(outcome.sent / outcome.seconds).toFixed(0)} req/s); answers: ${formatCounts(outcome.byStatusClass)}.`,
    `  Kinds: ${formatCounts(outcome.byKind)}.`,
    `  ${outcome.failures.length} failed; tables written: ${outcome.changedTables.length === 0 ? 'none' : outcome.changedTables.length}.`,
  ];
}

/** The failures the bench prints and exits 1 for: the first answers that broke a rule, and any write. */
export function fuzzFailureLines(outcome: FuzzBenchOutcome): string[] {
  const shown = outcome.failures.slice(0, FAILURES_SHOWN).map((failure) => `fuzz: ${failure}`);
  const more = outcome.failures.length - shown.length;
  return [
    ...shown,
    ...(more > 0 ? [`fuzz: ${more} more malformed requests failed`] : []),
    ...outcome.changedTables.map((line) => `fuzz: malformed requests wrote to ${line}`),
  ];
}
