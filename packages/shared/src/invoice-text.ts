import { formatDate } from './dates';
import { formatMoney } from './money';

/**
 * Invoice texts (API.md): reusable narratives whose placeholders are replaced as plain text
 * by one pass of a fixed map, never a template engine, so `{{7*7}}`, `${7*7}` and any
 * unknown `{name}` stay exactly as typed. The editor's live preview and the server's
 * filling of a draft use this one function, so the preview is what the invoice prints.
 */

export const INVOICE_TEXT_PLACEHOLDERS = [
  'client_name',
  'client_id',
  'period',
  'invoice_date',
  'due_date',
  'total',
  'firm_name',
] as const;
export type InvoiceTextPlaceholder = (typeof INVOICE_TEXT_PLACEHOLDERS)[number];
export type InvoiceTextValues = Record<InvoiceTextPlaceholder, string>;

const PLACEHOLDER = /\{(client_name|client_id|period|invoice_date|due_date|total|firm_name)\}/g;

export function fillInvoiceText(body: string, values: InvoiceTextValues): string {
  return body.replace(PLACEHOLDER, (_match, name: InvoiceTextPlaceholder) => values[name]);
}

export type InvoiceTextFacts = {
  client_name: string;
  client_id: string;
  period_start: string | null;
  period_end: string | null;
  issue_date: string | null;
  due_date: string | null;
  total_cents: number;
  firm_name: string;
};

/** The placeholder values of a draft, written the way the invoice prints them (long dates, dollars and cents). */
export function invoiceTextValues(facts: InvoiceTextFacts): InvoiceTextValues {
  const start = formatDate(facts.period_start, { long: true });
  const end = formatDate(facts.period_end, { long: true });
  return {
    client_name: facts.client_name,
    client_id: facts.client_id,
    period: start && end && start !== end ? `${start} to ${end}` : start || end,
    invoice_date: formatDate(facts.issue_date, { long: true }),
    due_date: formatDate(facts.due_date, { long: true }),
    total: formatMoney(facts.total_cents, { decimals: true }),
    firm_name: facts.firm_name,
  };
}
