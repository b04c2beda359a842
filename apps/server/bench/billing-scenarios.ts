import { addDays } from '../src/modules/time-entries/calendar';
import type { WipBatch } from './billing-data';
import type { Scenario } from './load';

/** Issue 12 budgets at full scale, p95 at 10 connections. */
export const WIP_P95_BUDGET_MS = 20;
export const INVOICE_WRITE_P95_BUDGET_MS = 100;
export const INVOICE_LIST_P95_BUDGET_MS = 50;
export const INVOICE_PDF_P95_BUDGET_MS = 150;

/** The narrative of every draft the bench makes: how the clean-up finds them, even after a crash. */
export const BENCH_INVOICE_NARRATIVE = 'Benchmark invoice (npm run bench)';
/** Drafts the issue run may use up, per draft the create run made (the top-up makes the rest). */
const ISSUE_RESERVE_FACTOR = 1.5;
const MIN_ISSUE_RESERVE = 300;

export function draftBody(batch: WipBatch) {
  return { client_id: batch.clientId, time_entry_ids: batch.timeEntryIds, narrative: BENCH_INVOICE_NARRATIVE };
}

/**
 * The WIP the create run bills, batch after batch (no batch twice, so parallel drafts never
 * share an item), and the drafts made, which the issue run then issues one by one.
 */
export class DraftPool {
  private nextBatch = 0;
  private nextDraft = 0;
  readonly drafts: number[] = [];
  createRequests = 0;

  constructor(private readonly batches: WipBatch[]) {}

  takeBatch(): WipBatch {
    if (this.batches.length === 0) throw new Error('No WIP left to bill: seed the firm again');
    // Past the end the batches repeat: those drafts answer 409 and the run reports them.
    return this.batches[this.nextBatch++ % this.batches.length]!;
  }

  get batchesLeft(): number {
    return Math.max(0, this.batches.length - this.nextBatch);
  }

  recordDraft(status: number, body: string): void {
    if (status !== 201) return;
    const id = (JSON.parse(body) as { id?: unknown }).id;
    if (typeof id === 'number') this.drafts.push(id);
  }

  takeDraft(): number | undefined {
    return this.drafts[this.nextDraft++];
  }

  /** Drafts the issue run needs: more than the create run made at the same concurrency. */
  issueReserve(): number {
    return Math.max(MIN_ISSUE_RESERVE, Math.ceil(this.createRequests * ISSUE_RESERVE_FACTOR));
  }

  get draftsLeft(): number {
    return this.drafts.length - this.nextDraft;
  }
}

export type BillingInputs = {
  pool: DraftPool;
  /** Clients with WIP, for the WIP page and the client filter of the list. */
  clientIds: number[];
  /** Seeded invoices, for the PDF. */
  invoiceIds: number[];
  /** First days of the months with issued invoices, for the list's date filters. */
  months: string[];
  /** Makes drafts (unmeasured) until the pool holds this many not yet issued. */
  topUp: (wanted: number) => Promise<void>;
};

/** Month starts from the first to the last date's month. */
export function monthStarts(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = `${first.slice(0, 7)}-01`; month <= last; month = addDays(month, 32).slice(0, 7) + '-01') {
    months.push(month);
  }
  return months;
}

function monthEnd(monthStart: string): string {
  return addDays(`${addDays(monthStart, 32).slice(0, 7)}-01`, -1);
}

/** What a biller asks the firm's list: open invoices of a month or a quarter, or one client's. */
export function listPath(inputs: Pick<BillingInputs, 'clientIds' | 'months'>, index: number): string {
  const month = inputs.months[(index * 7) % inputs.months.length]!;
  switch (index % 3) {
    case 0:
      return `/invoices?status=pending&from=${month}&to=${monthEnd(month)}&page=1`;
    case 1:
      return `/invoices?client_id=${inputs.clientIds[(index * 7919) % inputs.clientIds.length]}&page=1`;
    default:
      return `/invoices?status=pending&from=${month}&to=${addDays(month, 91)}&page=1`;
  }
}

/** The five calls of issue 12, sent by billing users. */
export function buildBillingScenarios(inputs: BillingInputs): Scenario[] {
  const { pool, clientIds, invoiceIds } = inputs;
  return [
    {
      name: 'GET /clients/{id}/wip',
      method: 'GET',
      audience: 'billing',
      p95BudgetMs: WIP_P95_BUDGET_MS,
      request: (_user, index) => ({ path: `/clients/${clientIds[(index * 7919) % clientIds.length]}/wip` }),
    },
    {
      name: 'GET /invoices (filtered)',
      method: 'GET',
      audience: 'billing',
      p95BudgetMs: INVOICE_LIST_P95_BUDGET_MS,
      request: (_user, index) => ({ path: listPath(inputs, index) }),
    },
    {
      name: 'GET /invoices/{id}/pdf',
      method: 'GET',
      audience: 'billing',
      p95BudgetMs: INVOICE_PDF_P95_BUDGET_MS,
      request: (_user, index) => ({ path: `/invoices/${invoiceIds[(index * 7919) % invoiceIds.length]}/pdf` }),
    },
    {
      name: 'POST /invoices',
      method: 'POST',
      audience: 'billing',
      p95BudgetMs: INVOICE_WRITE_P95_BUDGET_MS,
      request: () => {
        pool.createRequests += 1;
        return { path: '/invoices', body: draftBody(pool.takeBatch()) };
      },
      onResponse: (status, body) => pool.recordDraft(status, body),
    },
    {
      name: 'POST /invoices/{id}/issue',
      method: 'POST',
      audience: 'billing',
      p95BudgetMs: INVOICE_WRITE_P95_BUDGET_MS,
      prepare: () => inputs.topUp(pool.issueReserve()),
      // Past the drafts made, 0 is asked for: a 404 the run reports, rather than a draft issued twice.
      request: () => ({ path: `/invoices/${pool.takeDraft() ?? 0}/issue`, body: {} }),
    },
  ];
}
