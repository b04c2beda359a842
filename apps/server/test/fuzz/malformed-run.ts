import fc from 'fast-check';
import { answerProblem, type Answer } from './error-answer';
import { malformedRequestFor, type MalformedKind, type MalformedRequest } from './malformed-request';
import type { Operation } from './openapi-operations';
import type { FuzzRequest } from './request-arbitrary';

/** Sends one request, with the signed-in user's cookies and CSRF header or without a session. */
export type Sender = (request: MalformedRequest, signedIn: boolean) => Promise<Answer>;

export type MalformedRunOptions = {
  operations: Operation[];
  /** Ids of records that exist, so that a break in the body is not hidden behind a 404. */
  ids: readonly number[];
  seed: number;
  perOperation: number;
  /** Every n-th request goes without a session (the rest signed in). */
  signedOutEvery: number;
  /** Requests in flight at once. */
  concurrency: number;
  send: Sender;
};

export type MalformedRunOutcome = {
  sent: number;
  byStatusClass: Map<string, number>;
  byKind: Map<MalformedKind, number>;
  failures: string[];
  seconds: number;
};

const shown = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}... (${text.length} characters)` : text);

/** A request and its answer as a failure report prints them. */
export function describeExchange(request: FuzzRequest, answer: string): string {
  const payload = request.payload === undefined ? '' : String(request.payload);
  return (
    `${request.method} ${shown(request.url)}\n  headers: ${JSON.stringify(request.headers)}\n` +
    `  body: ${JSON.stringify(shown(payload))}\n  answer: ${shown(answer)}`
  );
}

function count<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * Sends `perOperation` certainly malformed requests for each operation (fixed seed per
 * operation, so a failure repeats) and judges each answer: a 4xx with the JSON error shape
 * and no leak; a signed-in request never loses its session.
 */
export async function runMalformed(options: MalformedRunOptions): Promise<MalformedRunOutcome> {
  const { operations, ids, seed, perOperation, signedOutEvery, concurrency, send } = options;
  const outcome: MalformedRunOutcome = {
    sent: 0,
    byStatusClass: new Map(),
    byKind: new Map(),
    failures: [],
    seconds: 0,
  };
  const started = performance.now();
  const judge = async (request: MalformedRequest) => {
    const signedIn = outcome.sent % signedOutEvery !== signedOutEvery - 1;
    outcome.sent += 1;
    count(outcome.byKind, request.kind);
    const fail = (answer: string) =>
      outcome.failures.push(
        `${request.kind} (${request.broken}), ${signedIn ? 'signed in' : 'signed out'}: ` +
          describeExchange(request, answer),
      );
    try {
      const answer = await send(request, signedIn);
      count(outcome.byStatusClass, `${Math.floor(answer.status / 100)}xx`);
      const problem =
        answerProblem(answer, true) ??
        (signedIn && answer.status === 401 ? 'answered 401 to a signed-in request: the session ended' : null);
      if (problem) fail(`${problem}: ${answer.body}`);
    } catch (error) {
      fail(`threw ${String(error)}`);
    }
  };
  for (const [index, operation] of operations.entries()) {
    // One operation's requests at a time: an over-limit body is a megabyte.
    const requests = fc.sample(malformedRequestFor(operation, ids), { seed: seed + index, numRuns: perOperation });
    const queue = [...requests];
    const worker = async () => {
      for (let request = queue.shift(); request; request = queue.shift()) await judge(request);
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  outcome.seconds = (performance.now() - started) / 1000;
  return outcome;
}

/** `4xx 2010, 5xx 3` */
export function formatCounts<K extends string>(counts: Map<K, number>): string {
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
}
