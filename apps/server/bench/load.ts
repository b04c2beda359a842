import autocannon, { type Request } from 'autocannon';
import { percentile } from './percentiles';

/** A signed-in user of the large firm, with what his requests may name. */
export type BenchUser = {
  id: number;
  username: string;
  /** Cookie header carrying the session, and the CSRF value a page would echo. */
  cookie: string;
  csrf: string;
  /** Active clients with an activity type he recorded time on: valid bodies for a new entry. */
  work: { clientId: number; activityTypeId: number }[];
};

/** `headers` are added to the session's (an Idempotency-Key, say). */
export type ScenarioRequest = { path: string; body?: unknown; headers?: Record<string, string> };

export type Scenario = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The n-th request, sent as `user`; varying it keeps caches honest. */
  request: (user: BenchUser, index: number) => ScenarioRequest;
  /** Budget for p95 at 10 connections, in milliseconds. */
  p95BudgetMs: number;
  /** Who sends it: the timekeepers (default) or the billing users (invoice permissions). */
  audience?: 'timekeepers' | 'billing';
  /** Sees every answer: how a scenario learns the ids its requests created. */
  onResponse?: (status: number, body: string) => void;
  /** Runs before the warm-up, unmeasured: makes what the requests will use up. */
  prepare?: () => Promise<void>;
  /** Sent meanwhile at a fixed rate, unmeasured: the firm's other work a cache of this call must see. */
  alongside?: Alongside;
};

/** Another call's requests, sent by these users at `perSecond` while a scenario is measured. */
export type Alongside = { scenario: Scenario; users: BenchUser[]; perSecond: number };

export type LoadResult = {
  scenario: string;
  connections: number;
  requests: number;
  /** Answers outside 2xx, connection errors and timeouts. */
  failures: number;
  /** Status and body of the first answer outside 2xx, to say why. */
  firstFailure: string | null;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
};

/** Runs one scenario with autocannon; the n-th request goes out as the n-th user in turn. */
export async function runLoad(
  baseUrl: string,
  scenario: Scenario,
  users: BenchUser[],
  connections: number,
  durationSeconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let firstFailure: string | null = null;
  const noteFailure = (failure: string) => (firstFailure ??= failure);
  const alongside = scenario.alongside
    ? send(baseUrl, scenario.alongside.scenario, scenario.alongside.users, noteFailure, {
        connections: 1,
        duration: durationSeconds,
        overallRate: scenario.alongside.perSecond,
      })
    : null;
  const measured = send(baseUrl, scenario, users, noteFailure, { connections, duration: durationSeconds });
  measured.instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const [result, besides] = await Promise.all([measured.finished, alongside?.finished ?? null]);
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    connections,
    requests: result.requests.total,
    failures: failuresOf(result) + (besides ? failuresOf(besides) : 0),
    firstFailure,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.average,
  };
}

/** Answers outside 2xx, connection errors and timeouts of one autocannon run. */
function failuresOf(run: autocannon.Result): number {
  return run.non2xx + run.errors + run.timeouts;
}

type Sent = { instance: autocannon.Instance; finished: Promise<autocannon.Result> };

/** Starts autocannon on a scenario; the n-th request goes out as the n-th user in turn. */
function send(
  baseUrl: string,
  scenario: Scenario,
  users: BenchUser[],
  noteFailure: (failure: string) => void,
  pace: Pick<autocannon.Options, 'connections' | 'duration' | 'overallRate'>,
): Sent {
  let counter = 0;
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: baseUrl,
      ...pace,
      requests: [
        {
          setupRequest: (request: Request): Request => {
            const index = counter++;
            const user = users[index % users.length]!;
            const { path, body, headers: extra } = scenario.request(user, index);
            const headers: Record<string, string> = {
              ...extra,
              cookie: user.cookie,
              'content-type': 'application/json',
            };
            if (scenario.method !== 'GET') headers['x-csrf-token'] = user.csrf;
            return {
              ...request,
              method: scenario.method,
              path,
              headers,
              body: body === undefined ? undefined : JSON.stringify(body),
            };
          },
          onResponse: (status: number, body: string) => {
            if (status < 200 || status > 299) noteFailure(`${status} ${body.slice(0, 300)}`);
            scenario.onResponse?.(status, body);
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  return { instance, finished };
}
