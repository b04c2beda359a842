import { INVOICE_TEXT_PLACEHOLDERS, type InvoiceTextValues } from './schemas/invoice-text';

const PLACEHOLDER = new RegExp(`\\{(${INVOICE_TEXT_PLACEHOLDERS.join('|')})\\}`, 'g');

/**
 * Fills an invoice text's placeholders with plain strings in one pass: a value is never
 * read again as a template, and anything that is not one of the seven names ({{7*7}},
 * ${7*7}, {unknown}) stays exactly as typed. No template engine, nothing evaluated.
 */
export function fillInvoiceText(body: string, values: InvoiceTextValues): string {
  return body.replace(PLACEHOLDER, (_match, name: keyof InvoiceTextValues) => values[name]);
}
