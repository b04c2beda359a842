import type { ClientEntityType, ExpenseCategory } from '@practice/shared';

/** Service lines: a tax-only client has the tax and general lines enabled and no other. */
export type ServiceLine = 'tax' | 'accounting' | 'payroll' | 'advisory' | 'audit' | 'general';

export type CatalogActivity = {
  code: string;
  name: string;
  line: ServiceLine;
  /** Hourly rate in cents before the first dated change; null: the timekeeper's own rate applies. */
  rateCents: number | null;
  billable: boolean;
  active: boolean;
  /** Relative share of the firm's entries. */
  weight: number;
  /** `{month}` becomes the month before the entry's, as a bookkeeper writes it. */
  narratives: string[];
};

const TAX_RETURN_NARRATIVES = [
  'Prepared return and supporting schedules',
  'Reviewed prior-year return and carryovers',
  'Organized source documents received from client',
  'Input K-1s and brokerage statements',
  'Prepared depreciation schedules',
  'Reviewed draft return with manager',
  'Resolved open review points',
  'Assembled and e-filed return',
];

function taxReturn(code: string, name: string, rateCents: number, weight: number): CatalogActivity {
  return {
    code,
    name,
    line: 'tax',
    rateCents,
    billable: true,
    active: true,
    weight,
    narratives: TAX_RETURN_NARRATIVES,
  };
}

/** About forty service codes, the size of a full-service firm's list. */
export const ACTIVITY_CATALOG: CatalogActivity[] = [
  taxReturn('TAX-1040', 'Individual tax return (1040)', 22_500, 14),
  taxReturn('TAX-1065', 'Partnership tax return (1065)', 25_000, 3),
  taxReturn('TAX-1120S', 'S corporation tax return (1120-S)', 25_000, 4),
  taxReturn('TAX-1120', 'C corporation tax return (1120)', 26_500, 2),
  taxReturn('TAX-1041', 'Trust and estate tax return (1041)', 27_500, 1),
  taxReturn('TAX-990', 'Non-profit return (990)', 22_500, 1),
  {
    code: 'TAX-STATE',
    name: 'State and local returns',
    line: 'tax',
    rateCents: 20_000,
    billable: true,
    active: true,
    weight: 3,
    narratives: ['Prepared state returns', 'Reviewed apportionment factors', 'Filed city and county returns'],
  },
  {
    code: 'TAX-PLAN',
    name: 'Tax planning',
    line: 'tax',
    rateCents: 30_000,
    billable: true,
    active: true,
    weight: 3,
    narratives: ['Year-end tax projection', 'Modeled retirement contribution options', 'Planning meeting with client'],
  },
  {
    code: 'TAX-EST',
    name: 'Estimated tax payments',
    line: 'tax',
    rateCents: 17_500,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['Calculated quarterly estimates', 'Prepared estimate vouchers and reminder letter'],
  },
  {
    code: 'TAX-NOTICE',
    name: 'IRS and state notices',
    line: 'tax',
    rateCents: 27_500,
    billable: true,
    active: true,
    weight: 2,
    narratives: [
      'Researched notice and prepared response',
      'Called IRS practitioner line',
      'Drafted penalty abatement request',
    ],
  },
  {
    code: 'TAX-EXAM',
    name: 'Examination representation',
    line: 'tax',
    rateCents: 35_000,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Prepared for exam meeting', 'Assembled documents requested by examiner', 'Attended exam meeting'],
  },
  {
    code: 'TAX-EXT',
    name: 'Extensions',
    line: 'tax',
    rateCents: 15_000,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Prepared and filed extension', 'Calculated extension payment'],
  },
  {
    code: 'TAX-SALES',
    name: 'Sales and use tax',
    line: 'tax',
    rateCents: 17_500,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['Prepared sales tax return for {month}', 'Reconciled sales tax liability account'],
  },
  {
    code: 'TAX-1099',
    name: 'Information returns (1099, W-2)',
    line: 'tax',
    rateCents: 12_500,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Prepared and filed 1099s', 'Collected W-9s from vendors', 'Corrected W-2 and filed W-2c'],
  },
  {
    code: 'TAX-1040EZ',
    name: '1040-EZ return (retired)',
    line: 'tax',
    rateCents: 12_500,
    billable: true,
    active: false,
    weight: 0,
    narratives: ['Prepared return'],
  },
  {
    code: 'ACC-BK',
    name: 'Bookkeeping',
    line: 'accounting',
    rateCents: 9_500,
    billable: true,
    active: true,
    weight: 12,
    narratives: [
      'Recorded transactions for {month}',
      'Categorized bank feed for {month}',
      'Entered vendor bills and receipts',
      'Posted adjusting journal entries',
    ],
  },
  {
    code: 'ACC-RECON',
    name: 'Account reconciliations',
    line: 'accounting',
    rateCents: 9_500,
    billable: true,
    active: true,
    weight: 6,
    narratives: [
      'Reconciled bank and credit card accounts for {month}',
      'Reconciled loan balances to statements',
      'Investigated reconciling items',
    ],
  },
  {
    code: 'ACC-CLOSE',
    name: 'Month-end close',
    line: 'accounting',
    rateCents: 13_500,
    billable: true,
    active: true,
    weight: 4,
    narratives: ['Closed the books for {month}', 'Prepared accruals and prepaids for {month}'],
  },
  {
    code: 'ACC-FS',
    name: 'Financial statements',
    line: 'accounting',
    rateCents: 17_500,
    billable: true,
    active: true,
    weight: 3,
    narratives: ['Prepared financial statements for {month}', 'Drafted notes to financial statements'],
  },
  {
    code: 'ACC-COMP',
    name: 'Compilation engagement',
    line: 'accounting',
    rateCents: 19_500,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Compilation procedures and report', 'Engagement letter and independence check'],
  },
  {
    code: 'ACC-REV',
    name: 'Review engagement',
    line: 'accounting',
    rateCents: 22_500,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Analytical procedures for review', 'Inquiries with management', 'Drafted review report'],
  },
  {
    code: 'ACC-CLEAN',
    name: 'Catch-up bookkeeping',
    line: 'accounting',
    rateCents: 11_000,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['Catch-up entries for prior months', 'Rebuilt general ledger from bank statements'],
  },
  {
    code: 'ACC-AP',
    name: 'Accounts payable',
    line: 'accounting',
    rateCents: 8_500,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['Processed vendor payments', 'Scheduled bill payments for the week'],
  },
  {
    code: 'PAY-RUN',
    name: 'Payroll processing',
    line: 'payroll',
    rateCents: 8_500,
    billable: true,
    active: true,
    weight: 4,
    narratives: ['Processed payroll', 'Entered timesheets and ran payroll', 'Processed new hire paperwork'],
  },
  {
    code: 'PAY-941',
    name: 'Payroll tax returns',
    line: 'payroll',
    rateCents: 12_500,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['Prepared Form 941', 'Prepared state unemployment return', 'Reconciled payroll tax deposits'],
  },
  {
    code: 'PAY-SETUP',
    name: 'Payroll setup',
    line: 'payroll',
    rateCents: 12_500,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Set up payroll for new client', 'Registered state payroll accounts'],
  },
  {
    code: 'ADV-CFO',
    name: 'Outsourced CFO',
    line: 'advisory',
    rateCents: 32_500,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['Monthly financial review meeting', 'Cash flow forecast update', 'Board package preparation'],
  },
  {
    code: 'ADV-BUS',
    name: 'Business advisory',
    line: 'advisory',
    rateCents: 30_000,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['Advised on pricing and margins', 'Reviewed lease versus buy analysis'],
  },
  {
    code: 'ADV-ENT',
    name: 'Entity selection and formation',
    line: 'advisory',
    rateCents: 27_500,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Compared entity options', 'Prepared S election'],
  },
  {
    code: 'ADV-SUCC',
    name: 'Succession planning',
    line: 'advisory',
    rateCents: 35_000,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Succession planning meeting', 'Buy-sell agreement review'],
  },
  {
    code: 'ADV-BUDG',
    name: 'Budgeting and forecasting',
    line: 'advisory',
    rateCents: 25_000,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Prepared annual budget', 'Updated rolling forecast'],
  },
  {
    code: 'ADV-VAL',
    name: 'Business valuation',
    line: 'advisory',
    rateCents: 37_500,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Valuation analysis', 'Drafted valuation report'],
  },
  {
    code: 'AUD-PLAN',
    name: 'Audit planning',
    line: 'audit',
    rateCents: 24_000,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Risk assessment and audit plan', 'Planning meeting with engagement team'],
  },
  {
    code: 'AUD-FIELD',
    name: 'Audit fieldwork',
    line: 'audit',
    rateCents: 21_000,
    billable: true,
    active: true,
    weight: 3,
    narratives: ['Tested revenue cycle', 'Confirmations and cash testing', 'Inventory observation', 'Tested payroll'],
  },
  {
    code: 'AUD-EBP',
    name: 'Employee benefit plan audit',
    line: 'audit',
    rateCents: 25_000,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Tested participant data', 'Reviewed plan document and amendments'],
  },
  {
    code: 'GEN-CONS',
    name: 'General consultation',
    line: 'general',
    rateCents: null,
    billable: true,
    active: true,
    weight: 3,
    narratives: ['Answered client questions', 'Discussed open items with client'],
  },
  {
    code: 'GEN-MTG',
    name: 'Client meeting',
    line: 'general',
    rateCents: null,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['Meeting with client', 'Video call with client and attorney'],
  },
  {
    code: 'GEN-CORR',
    name: 'Correspondence and calls',
    line: 'general',
    rateCents: null,
    billable: true,
    active: true,
    weight: 2,
    narratives: ['E-mails with client', 'Phone call with client', 'Requested missing documents'],
  },
  {
    code: 'GEN-RES',
    name: 'Research',
    line: 'general',
    rateCents: null,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Researched treatment of transaction', 'Reviewed recent guidance'],
  },
  {
    code: 'GEN-TRAVEL',
    name: 'Travel time',
    line: 'general',
    rateCents: null,
    billable: true,
    active: true,
    weight: 1,
    narratives: ['Travel to client office', 'Travel to and from client site'],
  },
  {
    code: 'ADM-ENG',
    name: 'Engagement administration',
    line: 'general',
    rateCents: null,
    billable: false,
    active: true,
    weight: 1,
    narratives: ['Engagement letter', 'Updated client file', 'Scheduled work for next period'],
  },
  {
    code: 'NC-SVC',
    name: 'Client service - no charge',
    line: 'general',
    rateCents: null,
    billable: false,
    active: true,
    weight: 1,
    narratives: ['Courtesy call', 'Quick question, no charge'],
  },
  {
    code: 'PRO-BONO',
    name: 'Pro bono',
    line: 'general',
    rateCents: null,
    billable: false,
    active: true,
    weight: 0.5,
    narratives: ['Pro bono assistance'],
  },
];

/** The return each kind of client files: a tax entry on a client is always its own return type. */
export const RETURN_CODE_OF: Record<ClientEntityType, string> = {
  individual: 'TAX-1040',
  sole_proprietor: 'TAX-1040',
  partnership: 'TAX-1065',
  s_corp: 'TAX-1120S',
  c_corp: 'TAX-1120',
  trust: 'TAX-1041',
  non_profit: 'TAX-990',
};

export const RETURN_CODES = new Set(Object.values(RETURN_CODE_OF));

/**
 * Dated rate changes: every rated activity type rises on the first of January of each of
 * the last two years, so entries in the history were captured at three different rates.
 */
export function rateSteps(rateCents: number): [number, number, number] {
  const raise = (cents: number) => Math.round((cents * 1.04) / 500) * 500;
  const second = raise(rateCents);
  return [rateCents, second, raise(second)];
}

export type ExpenseKind = {
  category: ExpenseCategory;
  weight: number;
  /** Amounts from min to max in steps (mileage: cents per mile). */
  minCents: number;
  maxCents: number;
  stepCents: number;
  descriptions: string[];
};

export const EXPENSE_KINDS: ExpenseKind[] = [
  {
    category: 'filing_fee',
    weight: 3,
    minCents: 2_500,
    maxCents: 30_000,
    stepCents: 2_500,
    descriptions: ['State annual report fee', 'Secretary of State filing fee', 'Franchise tax filing fee'],
  },
  {
    category: 'postage',
    weight: 4,
    minCents: 73,
    maxCents: 2_873,
    stepCents: 25,
    descriptions: ['Certified mail to IRS', 'Overnight return to client', 'Postage for tax organizers'],
  },
  {
    category: 'printing',
    weight: 2,
    minCents: 500,
    maxCents: 12_500,
    stepCents: 100,
    descriptions: ['Bound copies of returns', 'Printed financial statements'],
  },
  {
    category: 'courier',
    weight: 1,
    minCents: 1_500,
    maxCents: 6_500,
    stepCents: 100,
    descriptions: ['Courier to client office', 'Same-day delivery of signed documents'],
  },
  {
    category: 'travel',
    weight: 1,
    minCents: 2_000,
    maxCents: 60_000,
    stepCents: 100,
    descriptions: ['Hotel for fieldwork', 'Airfare to client site', 'Parking at client office'],
  },
  {
    category: 'mileage',
    weight: 4,
    minCents: 5 * 67,
    maxCents: 120 * 67,
    stepCents: 67,
    descriptions: ['Mileage to client office', 'Mileage for inventory observation'],
  },
  {
    category: 'meals',
    weight: 1,
    minCents: 1_200,
    maxCents: 15_000,
    stepCents: 1,
    descriptions: ['Working lunch during fieldwork', 'Client meeting lunch'],
  },
  {
    category: 'software',
    weight: 1,
    minCents: 1_000,
    maxCents: 50_000,
    stepCents: 500,
    descriptions: ['Bookkeeping software subscription', 'Payroll software fee'],
  },
  {
    category: 'other',
    weight: 1,
    minCents: 500,
    maxCents: 20_000,
    stepCents: 100,
    descriptions: ['Records retrieval fee', 'Notary fee', 'Credit report fee'],
  },
];
