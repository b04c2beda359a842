import { z } from 'zod/mini';
import { idOf, isoDate, optionalText, requiredText, versionField } from './fields';
import { pageFields } from './page';
import { INVOICE_AMOUNT_MAX_CENTS } from './invoice';

/** How a client paid (API.md "Payments, ledger, billing"). */
export const PAYMENT_METHODS = ['check', 'ach', 'card', 'wire', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How a method reads on screens and statements. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH',
  card: 'Card',
  wire: 'Wire',
  cash: 'Cash',
};
export const PAYMENT_STATUSES = ['active', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_REFERENCE_MAX = 100;
export const PAYMENT_MEMO_MAX = 500;
export const PAYMENT_APPLICATIONS_MAX = 200;
export const IDEMPOTENCY_KEY_MAX = 255;

export const APPLICATIONS_ABOVE_PAYMENT = 'The applications are more than the payment';
export const INVOICE_LISTED_TWICE = 'An invoice is listed twice';
export const PAYMENT_IS_VOID = 'This payment is void';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was used for another request';
export const CREDIT_ALREADY_REFUNDED = "The client's unapplied credit would fall below zero: it was refunded";

function paymentCents(label: string) {
  return z
    .int({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be whole cents`) })
    .check(
      z.gt(0, `${label} must be more than 0`),
      z.lte(INVOICE_AMOUNT_MAX_CENTS, `${label} must be at most $10,000,000`),
    );
}

const method = z.enum(PAYMENT_METHODS, {
  error: (issue) =>
    issue.input === undefined ? 'Method is required' : 'Method must be check, ach, card, wire or cash',
});

export const paymentApplicationSchema = z.object({
  invoice_id: idOf('Invoice'),
  amount_cents: paymentCents('Applied amount'),
});
export type PaymentApplicationInput = z.infer<typeof paymentApplicationSchema>;

/** The applications of a payment as a list: POST and PUT carry it, and the forms check it alone. */
export const paymentApplicationListSchema = z.array(paymentApplicationSchema, 'Applications must be a list').check(
  z.maxLength(PAYMENT_APPLICATIONS_MAX, `At most ${PAYMENT_APPLICATIONS_MAX} applications`),
  z.refine(
    (list) => new Set(list.map((application) => application.invoice_id)).size === list.length,
    INVOICE_LISTED_TWICE,
  ),
);

const paymentFields = {
  payment_date: isoDate('Payment date'),
  amount_cents: paymentCents('Amount'),
  method,
  reference: z.optional(optionalText('Reference', PAYMENT_REFERENCE_MAX)),
  memo: z.optional(optionalText('Memo', PAYMENT_MEMO_MAX)),
};

/** POST /payments: no applications means oldest open invoice first. */
export const paymentSchema = z.object({
  client_id: idOf('Client'),
  ...paymentFields,
  applications: z.optional(paymentApplicationListSchema),
});
export type PaymentInput = z.infer<typeof paymentSchema>;

/** PUT /payments/{id}: the fields with `version`; applications, when given, replace the current ones. */
export const paymentUpdateSchema = z.object({
  ...paymentFields,
  applications: z.optional(paymentApplicationListSchema),
  version: versionField(),
});
export type PaymentUpdateInput = z.infer<typeof paymentUpdateSchema>;

/** PUT /payments/{id}/applications: unapply (an empty list), move, or apply a credit later; `version` as read. */
export const paymentApplicationsSchema = z.object({
  applications: paymentApplicationListSchema,
  version: versionField(),
});
export type PaymentApplicationsInput = z.infer<typeof paymentApplicationsSchema>;

export const paymentVoidSchema = z.object({ reason: requiredText('Reason', PAYMENT_MEMO_MAX) });
export type PaymentVoidInput = z.infer<typeof paymentVoidSchema>;

/** POST /clients/{id}/refunds: unapplied credit returned to the client. */
export const refundSchema = z.object({
  refund_date: isoDate('Refund date'),
  amount_cents: paymentCents('Amount'),
  method,
  reference: z.optional(optionalText('Reference', PAYMENT_REFERENCE_MAX)),
  memo: z.optional(optionalText('Memo', PAYMENT_MEMO_MAX)),
});
export type RefundInput = z.infer<typeof refundSchema>;

const clientReference = z.object({ id: z.int(), client_id: z.string(), legal_name: z.string() });

/** The answers of the payment routes (their OpenAPI response schemas): every field the server sends. */
export const paymentApplicationViewSchema = z.object({
  invoice_id: z.int(),
  invoice_number: z.nullable(z.string()),
  amount_cents: z.int(),
});
export type PaymentApplicationView = z.infer<typeof paymentApplicationViewSchema>;

export const paymentViewSchema = z.object({
  id: z.int(),
  client_id: z.int(),
  client: clientReference,
  payment_date: z.string(),
  amount_cents: z.int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  memo: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  void_reason: z.nullable(z.string()),
  applications: z.array(paymentApplicationViewSchema),
  applied_cents: z.int(),
  unapplied_cents: z.int(),
  version: z.int(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** GET /payments: a page of payments, with the totals of the active ones that match. */
export const paymentListViewSchema = z.object({
  ...pageFields,
  items: z.array(paymentViewSchema),
  totals: z.object({ amount_cents: z.int(), applied_cents: z.int(), unapplied_cents: z.int() }),
});
export type PaymentListView = z.infer<typeof paymentListViewSchema>;

const refundFields = {
  id: z.int(),
  client_id: z.int(),
  refund_date: z.string(),
  amount_cents: z.int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  memo: z.string(),
};

export const refundViewSchema = z.object({
  ...refundFields,
  /** The client's unapplied credit after the refund (zero or more). */
  client_unapplied_cents: z.int(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/** GET /clients/{id}/refunds: the refunds, newest first, and the client's unapplied credit now. */
export const refundListViewSchema = z.object({
  items: z.array(z.object(refundFields)),
  unapplied_cents: z.int(),
});
export type RefundListView = z.infer<typeof refundListViewSchema>;
