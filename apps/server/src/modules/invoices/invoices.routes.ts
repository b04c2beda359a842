import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  invoiceAdjustmentSchema,
  invoiceDraftSchema,
  invoiceEmailSchema,
  invoiceTextSchema,
  invoiceTextUpdateSchema,
  invoiceUpdateSchema,
  invoiceVoidSchema,
  writeReasonSchema,
} from '@practice/shared';
import { errorAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { noContent, pdfAnswer } from '../../lib/file-answers';
import type { MailDelivery } from '../../mail/delivery';
import { sessionUserOf } from '../../plugins/auth-guard';
import { idParams } from '../records/params';
import {
  invoiceAdjustmentAnswer,
  invoiceAnswer,
  invoiceEmailAnswer,
  invoiceListAnswer,
  invoiceTextAnswer,
  invoiceTextListAnswer,
  wipAnswer,
  writeReasonAnswer,
  writeReasonListAnswer,
} from './invoice-answers';
import { createDraft, deleteDraft, getInvoice, updateDraft } from './invoice-drafts.service';
import { emailInvoice } from './invoice-email.service';
import { adjustInvoice, issueInvoice, voidInvoice } from './invoice-issue.service';
import { invoiceListQuery, listInvoices } from './invoice-list';
import { invoicePdf } from './invoice-pdf.service';
import { readLogoFile } from '../organization-settings/logo.service';
import { createFileStore } from '../uploads/file-store';
import {
  createInvoiceText,
  deleteInvoiceText,
  getInvoiceText,
  listInvoiceTexts,
  updateInvoiceText,
} from './invoice-texts.service';
import { listWriteReasons, saveWriteReason } from './write-reasons.service';
import { readWipJson, wipQuery } from './wip.service';

/** API.md "WIP and invoices" (docs/decisions/0041 and 0110). */
export function registerInvoiceRoutes(app: FastifyInstance, context: AppContext, mail: MailDelivery): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['invoices'];
  const store = createFileStore(context.config.dataDir);
  const caller = (request: Parameters<typeof sessionUserOf>[0]) => ({
    actor: sessionUserOf(request),
    publicUrl: context.config.publicUrl,
    logo: (organizationId: number, file: string) => readLogoFile(store, organizationId, file),
  });

  routes.get(
    '/invoices',
    {
      config: { permission: 'can_view_invoices' },
      schema: { summary: 'List invoices', querystring: invoiceListQuery, tags, response: { 200: invoiceListAnswer } },
    },
    async (request) => listInvoices(db, sessionUserOf(request), request.query),
  );

  routes.get(
    '/clients/:id/wip',
    {
      config: { permission: 'can_create_invoices' },
      schema: {
        summary: "Read a client's unbilled work",
        params: idParams,
        querystring: wipQuery,
        tags,
        response: { 200: wipAnswer },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await readWipJson(context.database, sessionUserOf(request), request.params.id, request.query)),
  );

  routes.post(
    '/invoices',
    {
      config: { permission: 'can_create_invoices' },
      schema: {
        summary: 'Create a draft invoice',
        body: invoiceDraftSchema,
        tags,
        response: {
          409: errorAnswer(409, 'An item selected is already on an invoice'),
          422: errorAnswer(422, "The invoice is dated after the firm's today"),
          201: invoiceAnswer,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await createDraft(db, caller(request), request.body)),
  );

  routes.get(
    '/invoices/:id',
    {
      config: { permission: 'can_view_invoices' },
      schema: { summary: 'Read an invoice', params: idParams, tags, response: { 200: invoiceAnswer } },
    },
    async (request) => getInvoice(db, caller(request), request.params.id),
  );

  routes.put(
    '/invoices/:id',
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'Update a draft invoice',
        params: idParams,
        body: invoiceUpdateSchema,
        tags,
        response: {
          422: errorAnswer(422, "The invoice is dated after the firm's today"),
          409: errorAnswer(
            409,
            'Only a draft invoice changes, or the record was changed by someone else since it was read',
          ),
          200: invoiceAnswer,
        },
      },
    },
    async (request) => updateDraft(db, caller(request), request.params.id, request.body),
  );

  routes.delete(
    '/invoices/:id',
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'Delete a draft invoice',
        params: idParams,
        tags,
        response: { 409: errorAnswer(409, 'Only a draft invoice can be deleted'), 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteDraft(db, sessionUserOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/invoices/:id/issue',
    {
      config: { permission: 'can_create_invoices' },
      schema: {
        summary: 'Issue a draft invoice',
        params: idParams,
        tags,
        response: {
          422: errorAnswer(422, "The invoice is dated after the firm's today"),
          409: errorAnswer(409, 'The invoice is already issued or void, or has nothing to issue'),
          200: invoiceAnswer,
        },
      },
    },
    async (request) => issueInvoice(db, caller(request), request.params.id),
  );

  routes.post(
    '/invoices/:id/void',
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'Void an issued invoice',
        params: idParams,
        body: invoiceVoidSchema,
        tags,
        response: {
          409: errorAnswer(409, 'The invoice is a draft or void already, or payments are still applied to it'),
          200: invoiceAnswer,
        },
      },
    },
    async (request) => voidInvoice(db, caller(request), request.params.id, request.body.reason),
  );

  routes.post(
    '/invoices/:id/credit-memo',
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'Credit part of an issued invoice',
        params: idParams,
        body: invoiceAdjustmentSchema,
        tags,
        response: {
          422: errorAnswer(422, 'The amount is more than the balance'),
          409: errorAnswer(409, 'The invoice is a draft or void'),
          201: invoiceAdjustmentAnswer,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await adjustInvoice(db, caller(request), request.params.id, 'credit_memo', request.body)),
  );

  routes.post(
    '/invoices/:id/write-off',
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'Write off part of an issued invoice',
        params: idParams,
        body: invoiceAdjustmentSchema,
        tags,
        response: {
          422: errorAnswer(422, 'The amount is more than the balance'),
          409: errorAnswer(409, 'The invoice is a draft or void'),
          201: invoiceAdjustmentAnswer,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await adjustInvoice(db, caller(request), request.params.id, 'write_off', request.body)),
  );

  routes.get(
    '/invoices/:id/pdf',
    {
      config: { permission: 'can_view_invoices' },
      schema: {
        summary: 'Download an invoice as PDF',
        params: idParams,
        tags,
        response: { 200: pdfAnswer('The invoice as printed') },
      },
    },
    async (request, reply) => {
      const pdf = await invoicePdf(db, caller(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf.content);
    },
  );

  routes.post(
    '/invoices/:id/email',
    // Sending reaches the client in the firm's name: a flag that changes invoices, not one that reads them.
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'E-mail an invoice to its client',
        params: idParams,
        body: invoiceEmailSchema,
        tags,
        response: { 409: errorAnswer(409, 'The invoice is a draft or void: issue it first'), 202: invoiceEmailAnswer },
      },
    },
    async (request, reply) => {
      const answer = await emailInvoice(db, caller(request), request.params.id, request.body);
      mail.kick();
      return reply.status(202).send(answer);
    },
  );

  routes.get(
    '/write-reasons',
    {
      config: { permission: 'can_view_invoices' },
      schema: { summary: 'List write-off and credit reasons', tags, response: { 200: writeReasonListAnswer } },
    },
    async (request) => listWriteReasons(db, sessionUserOf(request)),
  );

  routes.post(
    '/write-reasons',
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'Create a write-off or credit reason',
        body: writeReasonSchema,
        tags,
        response: { 409: errorAnswer(409, 'Another reason has this code'), 201: writeReasonAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await saveWriteReason(db, sessionUserOf(request), request.body)),
  );

  routes.put(
    '/write-reasons/:id',
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'Update a write-off or credit reason',
        params: idParams,
        body: writeReasonSchema,
        tags,
        response: { 200: writeReasonAnswer },
      },
    },
    async (request) => saveWriteReason(db, sessionUserOf(request), request.body, request.params.id),
  );

  routes.get(
    '/invoice-texts',
    {
      config: { permission: 'can_view_invoices' },
      schema: { summary: 'List invoice texts', tags, response: { 200: invoiceTextListAnswer } },
    },
    async (request) => listInvoiceTexts(db, sessionUserOf(request)),
  );

  routes.get(
    '/invoice-texts/:id',
    {
      config: { permission: 'can_view_invoices' },
      schema: { summary: 'Read an invoice text', params: idParams, tags, response: { 200: invoiceTextAnswer } },
    },
    async (request) => getInvoiceText(db, sessionUserOf(request), request.params.id),
  );

  routes.post(
    '/invoice-texts',
    {
      config: { permission: 'can_create_invoices' },
      schema: {
        summary: 'Create an invoice text',
        body: invoiceTextSchema,
        tags,
        response: { 409: errorAnswer(409, 'Another text has this name'), 201: invoiceTextAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await createInvoiceText(db, sessionUserOf(request), request.body)),
  );

  routes.put(
    '/invoice-texts/:id',
    {
      config: { permission: 'can_edit_invoices' },
      schema: {
        summary: 'Update an invoice text',
        params: idParams,
        body: invoiceTextUpdateSchema,
        tags,
        response: {
          409: errorAnswer(
            409,
            'The record was changed by someone else since it was read, or another text has this name',
          ),
          200: invoiceTextAnswer,
        },
      },
    },
    async (request) => updateInvoiceText(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/invoice-texts/:id',
    {
      config: { permission: 'can_edit_invoices' },
      schema: { summary: 'Delete an invoice text', params: idParams, tags, response: { 204: noContent } },
    },
    async (request, reply) => {
      await deleteInvoiceText(db, sessionUserOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
