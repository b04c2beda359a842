import { z } from 'zod/mini';
import { requiredText, versionField } from './fields';

export const INVOICE_TEXT_BODY_MAX = 5_000;

/** The placeholders an invoice text may use (API.md); anything else stays as typed. */
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

/** POST /invoice-texts and the create form. */
export const invoiceTextSchema = z.object({
  name: requiredText('Name', 100),
  body: requiredText('Text', INVOICE_TEXT_BODY_MAX),
});
export type InvoiceTextInput = z.infer<typeof invoiceTextSchema>;

export const invoiceTextUpdateSchema = z.extend(invoiceTextSchema, { version: versionField() });
export type InvoiceTextUpdateInput = z.infer<typeof invoiceTextUpdateSchema>;

export type InvoiceTextView = {
  id: number;
  name: string;
  body: string;
  version: number;
  created_at: string;
  updated_at: string;
};
