import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { invoiceDraftSchema, paymentSchema, timeEntrySchema } from '@practice/shared';
import { z } from 'zod/mini';
import {
  AGING_P95_BUDGET_MS,
  BENCH_PAYMENT_MEMO,
  buildArScenarios,
  CLIENT_LEDGER_P95_BUDGET_MS,
  paymentRequest,
  PAYMENT_P95_BUDGET_MS,
} from './ar-scenarios';
import { mondaysBetween, searchTerms } from './bench-data';
import { wipBatches } from './billing-data';
import {
  BENCH_INVOICE_NARRATIVE,
  buildBillingScenarios,
  DraftPool,
  INVOICE_LIST_P95_BUDGET_MS,
  INVOICE_PDF_P95_BUDGET_MS,
  INVOICE_WRITE_P95_BUDGET_MS,
  listPath,
  monthStarts,
  WIP_P95_BUDGET_MS,
} from './billing-scenarios';
import { cpuPerRequest, processCpuMs } from './cpu-time';
import { runLoad, type BenchUser, type LoadResult } from './load';
import { percentile } from './percentiles';
import { BARE_PEER_NAME } from './peer-step';
import { budgetWarnings, failureLines, formatTable, peerShareLine, withinBudget, type ScenarioOutcome } from './report';
import { BENCH_NARRATIVE, buildScenarios, DASHBOARD_P95_BUDGET_MS, newEntryScenario, P95_BUDGET_MS } from './scenarios';
import { buildSearchScenarios, FIRM_WRITES_PER_SECOND, SEARCH_P95_BUDGET_MS } from './search-scenarios';

const user: BenchUser = {
  id: 7,
  username: 'staff0007',
  cookie: 'access_token_cookie=a; csrf_access_token=b',
  csrf: 'b',
  work: [
    { clientId: 11, activityTypeId: 3 },
    { clientId: 12, activityTypeId: 4 },
  ],
};

function result(scenario: string, connections: number, p95: number, failures = 0): LoadResult {
  return {
    scenario,
    connections,
    requests: 1000,
    failures,
    firstFailure: failures ? '500 {"error":"boom"}' : null,
    p50: p95 / 2,
    p95,
    p99: p95 * 2,
    rps: 123.4,
  };
}

describe('percentile', () => {
  it('takes the nearest rank of sorted latencies', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile([4], 99)).toBe(4);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('scenarios', () => {
  const scenarios = buildScenarios({
    mondays: ['2026-11-02', '2026-11-09', '2026-11-16'],
    searchTerms: ['smi', 'dent'],
    lastDay: '2026-11-20',
  });

  it('are the five calls of issue 4 with their budgets', () => {
    expect(scenarios.map((scenario) => [scenario.name, scenario.p95BudgetMs])).toEqual([
      ['GET /user', P95_BUDGET_MS],
      ['GET /dashboard/stats', DASHBOARD_P95_BUDGET_MS],
      ['GET /clients?q=', P95_BUDGET_MS],
      ['GET /time-entries/week', P95_BUDGET_MS],
      ['POST /time-entries', P95_BUDGET_MS],
    ]);
  });

  it('vary the search term and the week', () => {
    const [, , search, week] = scenarios;
    expect(new Set([0, 1, 2, 3].map((index) => search!.request(user, index).path))).toEqual(
      new Set(['/clients?q=smi&page=1', '/clients?q=dent&page=1']),
    );
    expect(new Set([0, 1, 2].map((index) => week!.request(user, index).path)).size).toBe(3);
  });

  it('create entries the time entry form accepts, on the user’s own work, marked for removal', () => {
    const create = scenarios[4]!;
    for (let index = 0; index < 30; index += 1) {
      const { path, body } = create.request(user, index);
      expect(path).toBe('/time-entries');
      const parsed = z.safeParse(timeEntrySchema, body);
      expect(parsed.success).toBe(true);
      expect(user.work).toContainEqual({
        clientId: parsed.data!.client_id,
        activityTypeId: parsed.data!.activity_type_id,
      });
      expect(parsed.data!.narrative).toBe(BENCH_NARRATIVE);
      expect(parsed.data!.entry_date <= '2026-11-20' && parsed.data!.entry_date >= '2026-11-07').toBe(true);
    }
  });
});

describe('search scenarios (issue 15)', () => {
  const writing = { scenario: newEntryScenario('2026-11-20'), users: [user], perSecond: FIRM_WRITES_PER_SECOND };
  const scenarios = buildSearchScenarios(['smi', 'dent', 'acc'], writing);

  it('search every category as timekeepers and billers while the firm records time', () => {
    expect(scenarios.map((scenario) => [scenario.name, scenario.audience, scenario.p95BudgetMs])).toEqual([
      ['GET /api/search', undefined, SEARCH_P95_BUDGET_MS],
      ['GET /api/search (billing)', 'billing', SEARCH_P95_BUDGET_MS],
    ]);
    for (const scenario of scenarios) expect(scenario.alongside).toBe(writing);
    expect(new Set([0, 1, 2].map((index) => scenarios[0]!.request(user, index).path))).toEqual(
      new Set(['smi', 'dent', 'acc'].map((term) => `/api/search?q=${term}&type=all&limit=50&per_category=10`)),
    );
  });
});

describe('load', () => {
  it('sends the call alongside at its rate, unmeasured, and counts its failures', async () => {
    const hits = { measured: 0, alongside: 0 };
    const server = createServer((request, response) => {
      const alongside = request.url === '/write';
      hits[alongside ? 'alongside' : 'measured'] += 1;
      response.statusCode = alongside ? 503 : 200;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const write = { name: 'write', method: 'POST' as const, p95BudgetMs: 1, request: () => ({ path: '/write' }) };
      const outcome = await runLoad(
        `http://127.0.0.1:${port}`,
        {
          name: 'read',
          method: 'GET',
          p95BudgetMs: 1,
          request: () => ({ path: '/read' }),
          alongside: { scenario: write, users: [user], perSecond: 4 },
        },
        [user],
        2,
        2,
      );
      // A request in flight when a run stops reached the server but is not counted by autocannon.
      expect(hits.measured).toBeGreaterThan(100);
      expect(hits.measured - outcome.requests).toBeGreaterThanOrEqual(0);
      expect(hits.measured - outcome.requests).toBeLessThanOrEqual(2);
      // autocannon paces by the second and sends a second's share as the run starts as well.
      expect(hits.alongside).toBeGreaterThanOrEqual(6);
      expect(hits.alongside).toBeLessThanOrEqual(12);
      expect(hits.alongside - outcome.failures).toBeGreaterThanOrEqual(0);
      expect(hits.alongside - outcome.failures).toBeLessThanOrEqual(1);
      expect(outcome.firstFailure).toBe('503 {}');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('bench data', () => {
  it('lists every Monday of the history', () => {
    expect(mondaysBetween('2026-10-29', '2026-11-20')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(mondaysBetween('2026-11-02', '2026-11-09')).toEqual(['2026-11-02', '2026-11-09']);
  });

  it('searches with 3 and 4 letter terms', () => {
    const terms = searchTerms();
    expect(terms.length).toBeGreaterThan(50);
    for (const term of terms) expect(term).toMatch(/^[a-z]{3,4}$/);
  });
});

describe('cpu time', () => {
  it('reads this process’s CPU time from /proc', () => {
    const used = processCpuMs(process.pid);
    expect(used).not.toBeNull();
    expect(used!).toBeGreaterThan(0);
    expect(processCpuMs(2 ** 22 + 12345)).toBeNull();
  });

  it('divides the CPU used between two samples by the requests served', () => {
    const before = { server: 1000, database: new Map([[11, 500]]) };
    const after = {
      server: 1500,
      database: new Map([
        [11, 700],
        [12, 100],
      ]),
    };
    expect(cpuPerRequest(before, after, 100)).toEqual({ serverMs: 5, databaseMs: 3 });
    expect(cpuPerRequest(null, after, 100)).toBeNull();
  });
});

describe('report', () => {
  const outcomes: ScenarioOutcome[] = [
    {
      name: 'GET /user',
      p95BudgetMs: 50,
      atTen: result('GET /user', 10, 12),
      atFifty: result('GET /user', 50, 40),
      cpu: { serverMs: 1.234, databaseMs: 0.5 },
    },
    {
      name: 'GET /dashboard/stats',
      p95BudgetMs: 20,
      atTen: result('GET /dashboard/stats', 10, 25),
      atFifty: result('GET /dashboard/stats', 50, 90),
      cpu: null,
    },
  ];

  it('judges p95 at 10 connections against each budget', () => {
    expect(outcomes.map(withinBudget)).toEqual([true, false]);
    expect(budgetWarnings(outcomes)).toEqual([
      '!!! BUDGET MISSED: GET /dashboard/stats p95 25.0 ms at 10 connections (budget 20 ms)',
    ]);
  });

  it('prints one row per call with p50, p95 and requests per second', () => {
    const lines = formatTable(outcomes).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^call\s+p50 ms\s+p95 ms\s+p99 ms\s+budget\s+verdict\s+req\/s @50\s+p95 @50\s+server cpu\/req\s+db cpu\/req\s+cpu vs bare\s+requests\s+failures$/,
    );
    expect(lines[2]).toMatch(
      /^GET \/user\s+6\.0\s+12\.0\s+24\.0\s+p95 <= 50\s+ok\s+123\s+40\.0\s+1\.23 ms\s+0\.50 ms\s+-\s+2000\s+0$/,
    );
    expect(lines[3]).toMatch(/MISSED\s+123\s+90\.0\s+-\s+-\s+-\s+2000\s+0$/);
  });

  const peer: ScenarioOutcome = {
    name: BARE_PEER_NAME,
    p95BudgetMs: 50,
    atTen: result(BARE_PEER_NAME, 10, 4),
    atFifty: { ...result(BARE_PEER_NAME, 50, 10), rps: 300 },
    cpu: { serverMs: 0.4, databaseMs: 0.2 },
  };

  it("puts the bare peer first, unjudged, and each call's CPU per request as a multiple of the peer's", () => {
    const lines = formatTable(outcomes, peer).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(
      /^bare peer: GET \/user\s+2\.0\s+4\.0\s+8\.0\s+-\s+-\s+300\s+10\.0\s+0\.40 ms\s+0\.20 ms\s+1\.0x\s+2000\s+0$/,
    );
    // (1.234 + 0.5) / (0.4 + 0.2)
    expect(lines[3]).toMatch(/^GET \/user\s.*\s1\.23 ms\s+0\.50 ms\s+2\.9x\s+2000\s+0$/);
    expect(lines[4]).toMatch(/MISSED\s+123\s+90\.0\s+-\s+-\s+-\s+2000\s+0$/);
    expect(budgetWarnings(outcomes)).toHaveLength(1);
  });

  it("gives GET /user's throughput as a share of the peer's, loud under half", () => {
    expect(peerShareLine(outcomes, peer)).toBe(
      "!!! GET /user serves 41% of the bare peer's requests per second at 50 connections (123 against 300; wanted: at least 50%)",
    );
    expect(peerShareLine(outcomes, { ...peer, atFifty: { ...peer.atFifty, rps: 240 } })).toBe(
      "GET /user serves 51% of the bare peer's requests per second at 50 connections (123 against 240; wanted: at least 50%)",
    );
    expect(peerShareLine(outcomes, null)).toBeNull();
  });

  it('names every run with failed requests and the first failure', () => {
    expect(failureLines([result('GET /user', 10, 5), result('POST /time-entries', 50, 5, 3)])).toEqual([
      'POST /time-entries at 50 connections: 3 failed requests, first: 500 {"error":"boom"}',
    ]);
  });
});

describe('billing scenarios', () => {
  const batches = wipBatches([
    { client_id: 5, id: 50 },
    { client_id: 5, id: 51 },
    { client_id: 5, id: 52 },
    { client_id: 5, id: 53 },
    { client_id: 6, id: 60 },
    { client_id: 7, id: 70 },
  ]);
  const inputs = () => {
    const pool = new DraftPool(batches);
    const toppedUp: number[] = [];
    const scenarios = buildBillingScenarios({
      pool,
      clientIds: [5, 6, 7],
      invoiceIds: [900, 901],
      months: monthStarts('2026-01-05', '2026-03-05'),
      topUp: async (wanted) => {
        toppedUp.push(wanted);
      },
    });
    return { pool, scenarios, toppedUp };
  };

  it('split WIP into drafts of one client and at most three entries, no entry twice, a client at a time', () => {
    expect(batches).toEqual([
      { clientId: 5, timeEntryIds: [50, 51, 52] },
      { clientId: 6, timeEntryIds: [60] },
      { clientId: 7, timeEntryIds: [70] },
      { clientId: 5, timeEntryIds: [53] },
    ]);
  });

  it('are the five calls of issue 12 with their budgets, sent by billers', () => {
    const { scenarios } = inputs();
    expect(scenarios.map((scenario) => [scenario.name, scenario.p95BudgetMs, scenario.audience])).toEqual([
      ['GET /clients/{id}/wip', WIP_P95_BUDGET_MS, 'billing'],
      ['GET /invoices (filtered)', INVOICE_LIST_P95_BUDGET_MS, 'billing'],
      ['GET /invoices/{id}/pdf', INVOICE_PDF_P95_BUDGET_MS, 'billing'],
      ['POST /invoices', INVOICE_WRITE_P95_BUDGET_MS, 'billing'],
      ['POST /invoices/{id}/issue', INVOICE_WRITE_P95_BUDGET_MS, 'billing'],
    ]);
  });

  it('draft each batch once with a body the draft form accepts, then issue each draft made', async () => {
    const { pool, scenarios, toppedUp } = inputs();
    const [, , , create, issue] = scenarios;
    const bodies = [0, 1, 2, 3].map((index) => create!.request(user, index).body);
    for (const body of bodies) {
      const parsed = z.safeParse(invoiceDraftSchema, body);
      expect(parsed.success).toBe(true);
      expect(parsed.data!.narrative).toBe(BENCH_INVOICE_NARRATIVE);
    }
    expect(bodies.map((body) => (body as { time_entry_ids: number[] }).time_entry_ids)).toEqual([
      [50, 51, 52],
      [60],
      [70],
      [53],
    ]);
    create!.onResponse!(201, JSON.stringify({ id: 31 }));
    create!.onResponse!(409, JSON.stringify({ error: 'An item you selected is already on an invoice' }));
    create!.onResponse!(201, JSON.stringify({ id: 32 }));
    await issue!.prepare!();
    expect(toppedUp).toEqual([300]);
    expect([0, 1, 2].map((index) => issue!.request(user, index))).toEqual([
      { path: '/invoices/31/issue', body: {} },
      { path: '/invoices/32/issue', body: {} },
      { path: '/invoices/0/issue', body: {} },
    ]);
    expect(pool.batchesLeft).toBe(0);
    expect(pool.issueReserve()).toBe(300);
  });

  it('filter the list by status and month or quarter, or by client', () => {
    const { scenarios } = inputs();
    expect(monthStarts('2026-01-05', '2026-03-05')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const paths = [0, 1, 2].map((index) => listPath({ clientIds: [5, 6, 7], months: ['2026-02-01'] }, index));
    expect(paths).toEqual([
      '/invoices?status=pending&from=2026-02-01&to=2026-02-28&page=1',
      expect.stringMatching(/^\/invoices\?client_id=[567]&page=1$/),
      '/invoices?status=pending&from=2026-02-01&to=2026-05-03&page=1',
    ]);
    expect(scenarios[2]!.request(user, 1).path).toMatch(/^\/invoices\/90[01]\/pdf$/);
  });
});

describe('AR scenarios (issue 13)', () => {
  const inputs = { ledgerClientIds: [5, 6, 7], owingClientIds: [11, 12], today: '2026-11-24', runId: 'abc' };
  const scenarios = buildArScenarios(inputs);

  it('are the three calls of issue 13 with their budgets, sent by billers', () => {
    expect(scenarios.map((scenario) => [scenario.name, scenario.p95BudgetMs])).toEqual([
      ['GET /ledger/aging (firm)', AGING_P95_BUDGET_MS],
      ['GET /ledger?client_id=', CLIENT_LEDGER_P95_BUDGET_MS],
      ['POST /payments', PAYMENT_P95_BUDGET_MS],
    ]);
    expect(new Set(scenarios.map((scenario) => scenario.audience))).toEqual(new Set(['billing']));
    expect([AGING_P95_BUDGET_MS, CLIENT_LEDGER_P95_BUDGET_MS, PAYMENT_P95_BUDGET_MS]).toEqual([150, 30, 100]);
  });

  it('walk the firm aging pages and the sampled clients’ journals', () => {
    const [aging, ledger] = scenarios;
    const agingPaths = Array.from({ length: 20 }, (_, index) => aging!.request(user, index).path);
    expect(agingPaths[0]).toBe('/ledger/aging?page=1');
    expect(new Set(agingPaths).size).toBe(10);
    const ledgerPaths = new Set(Array.from({ length: 30 }, (_, index) => ledger!.request(user, index).path));
    expect(ledgerPaths).toEqual(new Set(inputs.ledgerClientIds.map((id) => `/ledger?client_id=${id}&page=1`)));
  });

  it('record payments the payment form accepts, each under its own Idempotency-Key, marked for voiding', () => {
    const keys = new Set<string>();
    for (let index = 0; index < 50; index += 1) {
      const request = paymentRequest(inputs, index);
      expect(z.safeParse(paymentSchema, request.body).success).toBe(true);
      expect(inputs.owingClientIds).toContain(request.body.client_id);
      expect(request.body).toMatchObject({ payment_date: inputs.today, memo: BENCH_PAYMENT_MEMO });
      keys.add(request.headers['idempotency-key']);
    }
    expect(keys.size).toBe(50);
  });
});
