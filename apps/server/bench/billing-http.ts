import type pg from 'pg';
import { FIRM } from '../src/cli/seed-large/plan';
import { BENCH_INVOICE_NARRATIVE, draftBody, type DraftPool } from './billing-scenarios';
import type { SignedInSession } from './sign-in';

const WORKERS = 10;
export const BENCH_VOID_REASON = 'Made by npm run bench';

async function send(baseUrl: string, session: SignedInSession, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  // A JSON content type with no body is refused (400), as for DELETE.
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function inParallel(count: number, work: () => Promise<boolean>): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (await work());
    }),
  );
}

/** Makes drafts through POST /invoices (unmeasured) until the pool holds `wanted` not yet issued. */
export async function topUpDrafts(baseUrl: string, session: SignedInSession, pool: DraftPool, wanted: number) {
  await inParallel(WORKERS, async () => {
    if (pool.draftsLeft >= wanted || pool.batchesLeft === 0) return false;
    const answer = await send(baseUrl, session, 'POST', '/invoices', draftBody(pool.takeBatch()));
    if (answer.status !== 201)
      throw new Error(`Making a draft answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    pool.recordDraft(answer.status, answer.text);
    return true;
  });
}

/**
 * Gives back what the bench billed, through the API as a biller would: its drafts are deleted,
 * its issued invoices voided (their items return to WIP). The ledger is append-only, so each
 * voided invoice keeps its number, its debit and the void's credit (ADR 0112).
 */
export async function cleanUpBenchInvoices(
  client: pg.ClientBase,
  baseUrl: string,
  session: SignedInSession,
): Promise<{ deleted: number; voided: number }> {
  const result = await client.query<{ id: number; status: string }>(
    `select id, status from invoices
     where organization_id = (select id from organizations where subdomain = $2) and narrative = $1
       and status <> 'void'
     order by id`,
    [BENCH_INVOICE_NARRATIVE, FIRM.subdomain],
  );
  const queue = [...result.rows];
  const done = { deleted: 0, voided: 0 };
  await inParallel(WORKERS, async () => {
    const invoice = queue.shift();
    if (!invoice) return false;
    const voidIt = () => send(baseUrl, session, 'POST', `/invoices/${invoice.id}/void`, { reason: BENCH_VOID_REASON });
    let answer = invoice.status === 'draft' ? await send(baseUrl, session, 'DELETE', `/invoices/${invoice.id}`) : null;
    // A draft that an abandoned issue request issued meanwhile: voided instead.
    if (answer === null || answer.status === 409) answer = await voidIt();
    if (answer.status >= 300) {
      throw new Error(`Cleaning up invoice ${invoice.id} answered ${answer.status}: ${answer.text}`);
    }
    if (answer.status === 204) done.deleted += 1;
    else done.voided += 1;
    return true;
  });
  return done;
}
