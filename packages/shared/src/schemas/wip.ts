/** GET /clients/{id}/wip: a time entry as GET /time-entries shows it. */
export type WipTimeEntry = {
  id: number;
  user_id: number;
  user: { id: number; name: string };
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  activity_type_id: number;
  activity_type: { id: number; name: string; code: string };
  entry_date: string;
  minutes: number;
  hours: number;
  narrative: string;
  billable: boolean;
  status: string;
  rate_cents: number;
  rate_source: string;
  amount_cents: number;
  invoice_id: number | null;
  version: number;
  created_at: string;
  updated_at: string;
};

/** GET /clients/{id}/wip: an expense as GET /expenses shows it. */
export type WipExpense = {
  id: number;
  user_id: number;
  user: { id: number; name: string };
  client_id: number;
  client: { id: number; client_id: string; legal_name: string };
  expense_date: string;
  category: string;
  description: string;
  amount_cents: number;
  billable: boolean;
  markup_basis_points: number;
  markup_cents: number;
  total_cents: number;
  status: string;
  invoice_id: number | null;
  receipt: { content_type: string; size: number; name: string } | null;
  version: number;
  created_at: string;
  updated_at: string;
};

export type WipTotals = { minutes: number; time_cents: number; expense_cents: number; total_cents: number };

export type WipAnswer = {
  client: {
    id: number;
    client_id: string;
    legal_name: string;
    payment_terms_days: number;
    invoice_email: string | null;
  };
  /** The firm's rule for spreading a bill amount (ADR 0110): by standard value or by hours. */
  write_spread: 'value' | 'hours';
  time_entries: WipTimeEntry[];
  expenses: WipExpense[];
  totals: WipTotals;
};

/** GET /write-reasons: the firm's reason codes for write-ups and write-downs. */
export type WriteReasonView = { id: number; code: string; label: string; active: boolean };
