import type { Scenario } from './load';

/** Issue 13 budgets at full scale, p95 at 10 connections. */
export const AGING_P95_BUDGET_MS = 150;
export const CLIENT_LEDGER_P95_BUDGET_MS = 30;
export const PAYMENT_P95_BUDGET_MS = 100;

/** The memo of every payment the bench records: how the clean-up finds them, even after a crash. */
export const BENCH_PAYMENT_MEMO = 'Benchmark payment (npm run bench)';
/** Aging pages the firm-wide call walks through (25 clients each, by name). */
const AGING_PAGES = 10;

export type ArInputs = {
  /** Clients with ledger rows, for one client's journal. */
  ledgerClientIds: number[];
  /** Clients with open invoices, for the payments. */
  owingClientIds: number[];
  /** The firm's today: payments are dated on it, so the aging as of today stays what it is. */
  today: string;
  /** Tells one bench run's idempotency keys from another's. */
  runId: string;
};

/** A payment as a clerk records a check: applied oldest invoice first, under its own Idempotency-Key. */
export function paymentRequest(inputs: ArInputs, index: number) {
  return {
    path: '/payments',
    headers: { 'idempotency-key': `bench-${inputs.runId}-${index}` },
    body: {
      client_id: inputs.owingClientIds[(index * 7919) % inputs.owingClientIds.length]!,
      payment_date: inputs.today,
      amount_cents: 5_000 + (index % 40) * 2_500,
      method: 'check',
      reference: `Check ${10_000 + (index % 90_000)}`,
      memo: BENCH_PAYMENT_MEMO,
    },
  };
}

/** The three calls of issue 13 the bench measures, sent by the billers (they hold the AR permissions). */
export function buildArScenarios(inputs: ArInputs): Scenario[] {
  const { ledgerClientIds } = inputs;
  return [
    {
      name: 'GET /ledger/aging (firm)',
      method: 'GET',
      audience: 'billing',
      p95BudgetMs: AGING_P95_BUDGET_MS,
      request: (_user, index) => ({ path: `/ledger/aging?page=${1 + (index % AGING_PAGES)}` }),
    },
    {
      name: 'GET /ledger?client_id=',
      method: 'GET',
      audience: 'billing',
      p95BudgetMs: CLIENT_LEDGER_P95_BUDGET_MS,
      request: (_user, index) => ({
        path: `/ledger?client_id=${ledgerClientIds[(index * 7919) % ledgerClientIds.length]}&page=1`,
      }),
    },
    {
      name: 'POST /payments',
      method: 'POST',
      audience: 'billing',
      p95BudgetMs: PAYMENT_P95_BUDGET_MS,
      request: (_user, index) => paymentRequest(inputs, index),
    },
  ];
}
