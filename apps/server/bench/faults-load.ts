import type { SignedInSession } from './sign-in';

export type WriteKind = 'time entry' | 'invoice' | 'payment';
export const WRITE_KINDS: WriteKind[] = ['time entry', 'invoice', 'payment'];

/** One write the load tried: `tag` names it in the database (a narrative, a fee's description, a reference and key). */
export type Write = {
  kind: WriteKind;
  tag: string;
  attempts: number;
  /** The id of the 2xx answer; unset when no attempt was acknowledged. */
  acknowledgedId?: number;
  /** Every id a 2xx answer named: a payment retried under its key must name one. */
  answeredIds: number[];
  /** 4xx: the server refused it on its merits (a fault is never a 4xx). */
  rejected?: string;
  /** The last answer that was neither a 2xx nor a 4xx (a 5xx or no answer). */
  lastFailure?: string;
  acknowledgedAt?: number;
};

/** Where the load sends: the step points it at the restarted server's new port. */
export type LoadTarget = { baseUrl: string; session: SignedInSession };

export type LoadInputs = {
  runId: string;
  clientIds: number[];
  activityTypeId: number;
  today: string;
  dueDate: string;
};

/**
 * A payment (under its key) and an invoice's issue (refused, not repeated, once done) are
 * retried this long after the load's end, so an answer lost in a fault near its end is found.
 */
const RETRY_AFTER_END_MS = 90_000;
const REQUEST_TIMEOUT_MS = 15_000;
const RETRY_PAUSE_MS = 250;

type Answer = { status: number; body: Record<string, unknown> } | { error: string; neverSent: boolean };

/** fetch's own errors: a refused connection means the request never reached a server, so it is safe to send again. */
function neverSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

async function send(
  target: LoadTarget,
  method: 'POST' | 'GET',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${target.baseUrl}${url}`, {
      method,
      headers: {
        cookie: target.session.cookie,
        ...(method === 'POST' ? { 'content-type': 'application/json', 'x-csrf-token': target.session.csrf } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), neverSent: neverSent(error) };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends until an answer that settles the write: a 2xx or a 4xx, or a failure that may have
 * reached the database (a time entry or a draft has no idempotency key, so only a request
 * that was never sent is sent again), or until `until`.
 */
async function attempt(write: Write, until: number, retryAll: boolean, call: () => Promise<Answer>): Promise<Answer> {
  for (;;) {
    write.attempts += 1;
    const answer = await call();
    if ('error' in answer) write.lastFailure = answer.error;
    else if (answer.status >= 500) write.lastFailure = `${answer.status} ${String(answer.body.message ?? '')}`;
    const transient = 'error' in answer ? retryAll || answer.neverSent : retryAll && answer.status >= 500;
    if (!transient || Date.now() >= until) return answer;
    await pause(RETRY_PAUSE_MS);
  }
}

function settle(write: Write, answer: Answer, expected: number): void {
  if ('error' in answer) return;
  if (answer.status === expected && typeof answer.body.id === 'number') {
    write.answeredIds.push(answer.body.id);
    write.acknowledgedId ??= answer.body.id;
    write.acknowledgedAt ??= Date.now();
  } else if (answer.status >= 400 && answer.status < 500) {
    write.rejected = `${answer.status} ${String(answer.body.message ?? answer.body.text ?? '')}`;
  }
}

const cents = (sequence: number, low: number, span: number) => low + ((sequence * 7919) % span);

async function timeEntry(target: () => LoadTarget, inputs: LoadInputs, write: Write, sequence: number, until: number) {
  const body = {
    client_id: inputs.clientIds[sequence % inputs.clientIds.length],
    activity_type_id: inputs.activityTypeId,
    entry_date: inputs.today,
    minutes: 6 * (1 + (sequence % 40)),
    narrative: write.tag,
  };
  settle(write, await attempt(write, until, false, () => send(target(), 'POST', '/time-entries', body)), 201);
}

async function invoice(target: () => LoadTarget, inputs: LoadInputs, write: Write, sequence: number, until: number) {
  const draft = await attempt(write, until, false, () =>
    send(target(), 'POST', '/invoices', {
      client_id: inputs.clientIds[sequence % inputs.clientIds.length],
      issue_date: inputs.today,
      due_date: inputs.dueDate,
      fixed_fees: [{ description: write.tag, amount_cents: cents(sequence, 1_000, 40_000) }],
    }),
  );
  if ('error' in draft || draft.status !== 201 || typeof draft.body.id !== 'number') {
    settle(write, draft, 201);
    return;
  }
  const id = draft.body.id;
  const draftAttempts = write.attempts;
  // Issuing is safe to repeat: a second issue of an issued invoice is refused, not done twice.
  const issued = await attempt(write, until + RETRY_AFTER_END_MS, true, () =>
    send(target(), 'POST', `/invoices/${id}/issue`, {}),
  );
  if (!('error' in issued) && issued.status === 409 && write.attempts - draftAttempts > 1) {
    // An earlier attempt issued it and its answer was lost: the invoice says so.
    const current = await send(target(), 'GET', `/invoices/${id}`);
    if (!('error' in current) && current.status === 200 && current.body.status !== 'draft') {
      settle(write, current, 200);
      return;
    }
  }
  settle(write, issued, 200);
}

async function payment(target: () => LoadTarget, inputs: LoadInputs, write: Write, sequence: number, until: number) {
  const body = {
    client_id: inputs.clientIds[sequence % inputs.clientIds.length],
    payment_date: inputs.today,
    amount_cents: cents(sequence, 500, 30_000),
    method: 'ach',
    reference: write.tag,
  };
  const headers = { 'idempotency-key': write.tag };
  const call = () => send(target(), 'POST', '/payments', body, headers);
  settle(write, await attempt(write, until + RETRY_AFTER_END_MS, true, call), 201);
  // One in five acknowledged payments is sent once more under its key, as by a client whose answer was lost.
  if (write.acknowledgedId !== undefined && sequence % 5 === 0) {
    write.attempts += 1;
    settle(write, await call(), 201);
  }
}

/**
 * `workers` clients writing in turn a time entry, an invoice (a draft, then issued) and a
 * payment (Idempotency-Key, retried through faults) until `until`. Returns every write tried.
 */
export async function runFaultLoad(
  target: () => LoadTarget,
  inputs: LoadInputs,
  workers: number,
  until: number,
): Promise<Write[]> {
  const writes: Write[] = [];
  let next = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const sequence = next++;
      const kind = WRITE_KINDS[sequence % WRITE_KINDS.length]!;
      const write: Write = { kind, tag: `faults-${inputs.runId}-${sequence}`, attempts: 0, answeredIds: [] };
      writes.push(write);
      if (kind === 'time entry') await timeEntry(target, inputs, write, sequence, until);
      else if (kind === 'invoice') await invoice(target, inputs, write, sequence, until);
      else await payment(target, inputs, write, sequence, until);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return writes;
}
