import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paymentApplicationsSchema,
  paymentListViewSchema,
  paymentSchema,
  paymentUpdateSchema,
  paymentViewSchema,
  paymentVoidSchema,
  refundListViewSchema,
  refundSchema,
  refundViewSchema,
} from '@practice/shared';
import type { AppContext } from '../../app-context';
import { errorAnswer } from '../../plugins/error-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { idParams } from '../records/params';
import { idempotencyKeyOf, optionalIdempotencyKeyHeaders } from './idempotency';
import {
  createPayment,
  getPayment,
  listPayments,
  paymentListQuery,
  setApplications,
  updatePayment,
  voidPayment,
} from './payments.service';
import { listRefunds } from './refund-list';
import { createRefund } from './refunds.service';

/** API.md "Payments, ledger, billing": payments and refunds (docs/decisions/0110 and 0130). */
export function registerPaymentRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['payments'];

  routes.post(
    '/payments',
    {
      config: { permission: 'can_edit_payments' },
      schema: {
        summary: 'Record a payment',
        headers: optionalIdempotencyKeyHeaders,
        body: paymentSchema,
        tags,
        response: {
          409: errorAnswer(409, 'The Idempotency-Key was used before with another body'),
          422: errorAnswer(
            422,
            "The payment is dated after the firm's today, or its applications exceed it or an invoice balance",
          ),
          201: paymentViewSchema,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      return reply.status(201).send(await createPayment(db, sessionUserOf(request), request.body, key));
    },
  );

  routes.get(
    '/payments',
    {
      config: { permission: 'can_view_payments' },
      schema: {
        summary: 'List payments',
        querystring: paymentListQuery,
        tags,
        response: { 200: paymentListViewSchema },
      },
    },
    async (request) => listPayments(db, sessionUserOf(request), request.query),
  );

  routes.get(
    '/payments/:id',
    {
      config: { permission: 'can_view_payments' },
      schema: {
        summary: 'Read a payment with its applications',
        params: idParams,
        tags,
        response: { 200: paymentViewSchema },
      },
    },
    async (request) => getPayment(db, sessionUserOf(request), request.params.id),
  );

  routes.put(
    '/payments/:id',
    {
      config: { permission: 'can_edit_payments' },
      schema: {
        summary: 'Update a payment',
        params: idParams,
        body: paymentUpdateSchema,
        tags,
        response: {
          422: errorAnswer(422, "The payment is dated after the firm's today, or is less than what it has applied"),
          409: errorAnswer(409, 'The payment is void, or the record was changed by someone else since it was read'),
          200: paymentViewSchema,
        },
      },
    },
    async (request) => updatePayment(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.put(
    '/payments/:id/applications',
    {
      config: { permission: 'can_edit_payments' },
      schema: {
        summary: 'Apply a payment to invoices',
        params: idParams,
        body: paymentApplicationsSchema,
        tags,
        response: {
          200: paymentViewSchema,
          409: errorAnswer(
            409,
            'The payment is void, was changed since `version` was read, or its credit was refunded',
          ),
          422: errorAnswer(422, 'The applications exceed the payment or an invoice balance'),
        },
      },
    },
    async (request) => setApplications(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.post(
    '/payments/:id/void',
    {
      config: { permission: 'can_edit_payments' },
      schema: {
        summary: 'Void a payment',
        params: idParams,
        body: paymentVoidSchema,
        tags,
        response: {
          409: errorAnswer(
            409,
            'The payment is void already, or the record was changed by someone else since it was read',
          ),
          200: paymentViewSchema,
        },
      },
    },
    async (request) => voidPayment(db, sessionUserOf(request), request.params.id, request.body.reason),
  );

  routes.post(
    '/clients/:id/refunds',
    {
      config: { permission: 'can_edit_payments' },
      schema: {
        summary: "Refund a client's credit",
        params: idParams,
        body: refundSchema,
        tags,
        response: {
          409: errorAnswer(409, 'The credit was refunded already'),
          422: errorAnswer(422, "The refund is dated after the firm's today, or is more than what can be refunded"),
          201: refundViewSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRefund(db, sessionUserOf(request), request.params.id, request.body)),
  );

  routes.get(
    '/clients/:id/refunds',
    {
      config: { permission: 'can_view_payments' },
      schema: { summary: "List a client's refunds", params: idParams, tags, response: { 200: refundListViewSchema } },
    },
    async (request) => listRefunds(db, sessionUserOf(request), request.params.id),
  );
}
