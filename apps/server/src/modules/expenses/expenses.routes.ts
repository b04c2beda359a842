import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  RECEIPT_MAX_BYTES,
  completeExpensesSchema,
  expenseSchema,
  expenseSettingsSchema,
  expenseUpdateSchema,
} from '@practice/shared';
import { errorAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { csvAnswer, noContent, uploadAnswer } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { idParams } from '../records/params';
import { createFileStore } from '../uploads/file-store';
import { readSingleUpload, sendStoredFile, type UploadRules } from '../uploads/single-upload';
import { completeExpenses } from './complete-expenses.service';
import { completedExpensesAnswer, expenseAnswer, expenseListAnswer, expenseSettingsAnswer } from './expense-answers';
import { expenseExportQuery, exportExpenses } from './expense-export';
import { expenseListQuery, listExpenses } from './expense-list';
import { createExpense, deleteExpense, getExpense, updateExpense } from './expenses.service';
import { loadMileageRate, updateMileageRate } from './mileage-settings';
import { attachReceipt, detachReceipt, readReceipt } from './receipts.service';

/** SECURITY.md, uploads: at most 5 MB, the type judged by the content (as ticket attachments, ADR 0161). */
const RECEIPT_RULES: UploadRules = {
  maxBytes: RECEIPT_MAX_BYTES,
  missing: 'Choose a receipt file to upload',
  tooLarge: 'The receipt is larger than 5 MB',
  wrongType: 'A receipt must be a PDF or a PNG, JPEG, WebP or HEIC image',
};

export function registerExpenseRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const store = createFileStore(context.config.dataDir);
  const tags = ['expenses'];

  routes.get(
    '/expenses',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'List expenses',
        querystring: expenseListQuery,
        tags,
        response: {
          404: errorAnswer(404, 'A user or client in the filter is not of this firm'),
          200: expenseListAnswer,
        },
      },
    },
    async (request) => listExpenses(db, sessionUserOf(request), request.query),
  );

  routes.get(
    '/expenses/export.csv',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Export expenses as CSV',
        querystring: expenseExportQuery,
        tags,
        response: { 200: csvAnswer('The expenses that match, as CSV') },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'expenses.csv', await exportExpenses(db, sessionUserOf(request), request.query)),
  );

  routes.get(
    '/expenses/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { summary: 'Read an expense', params: idParams, tags, response: { 200: expenseAnswer } },
    },
    async (request) => getExpense(db, sessionUserOf(request), request.params.id),
  );

  routes.post(
    '/expenses',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { summary: 'Create an expense', body: expenseSchema, tags, response: { 201: expenseAnswer } },
    },
    async (request, reply) => reply.status(201).send(await createExpense(db, sessionUserOf(request), request.body)),
  );

  routes.post(
    '/expenses/complete',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Mark expenses complete',
        body: completeExpensesSchema,
        tags,
        response: { 409: errorAnswer(409, 'An expense is billed and locked'), 200: completedExpensesAnswer },
      },
    },
    async (request) => completeExpenses(db, sessionUserOf(request), request.body),
  );

  routes.put(
    '/expenses/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Update an expense',
        params: idParams,
        body: expenseUpdateSchema,
        tags,
        response: {
          409: errorAnswer(
            409,
            'The record was changed by someone else since it was read, or the expense is billed or on a draft invoice',
          ),
          200: expenseAnswer,
        },
      },
    },
    async (request) => updateExpense(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/expenses/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Delete an expense',
        params: idParams,
        tags,
        response: { 409: errorAnswer(409, 'The expense is billed or on a draft invoice'), 204: noContent },
      },
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      const receiptFile = await deleteExpense(db, user, request.params.id);
      if (receiptFile) await store.remove(user.organizationId, receiptFile);
      return reply.status(204).send();
    },
  );

  routes.get(
    '/expenses/:id/receipt',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: "Download an expense's receipt",
        params: idParams,
        tags,
        response: { 200: uploadAnswer('The receipt as uploaded') },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await readReceipt(db, store, sessionUserOf(request), request.params.id)),
  );

  routes.delete(
    '/expenses/:id/receipt',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: "Remove an expense's receipt",
        params: idParams,
        tags,
        response: { 409: errorAnswer(409, 'The expense is billed: its receipt stays'), 200: expenseAnswer },
      },
    },
    async (request) => detachReceipt(db, store, sessionUserOf(request), request.params.id),
  );

  routes.get(
    '/expense-settings',
    {
      config: { permission: 'signed-in' },
      schema: { summary: "Read the firm's expense settings", tags, response: { 200: expenseSettingsAnswer } },
    },
    async (request) => {
      const user = sessionUserOf(request);
      return withTenant(db, user.organizationId, async (tx) => ({
        mileage_rate_mills: await loadMileageRate(tx, user.organizationId),
      }));
    },
  );

  // As the firm's rounding rule (PUT /time-settings): a firm setting the admin page changes.
  routes.put(
    '/expense-settings',
    {
      config: { permission: 'can_view_admin_page' },
      schema: {
        summary: "Update the firm's expense settings",
        body: expenseSettingsSchema,
        tags,
        response: { 200: expenseSettingsAnswer },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      return withTenant(db, user.organizationId, (tx) =>
        updateMileageRate(tx, user.organizationId, user.id, request.body.mileage_rate_mills),
      );
    },
  );

  // Multipart parsing exists in this scope only: no other route accepts file uploads.
  app.register(async (scope) => {
    await scope.register(multipart);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/expenses/:id/receipt',
      {
        config: { permission: 'can_view_time_entries' },
        schema: {
          summary: 'Attach a receipt to an expense',
          params: idParams,
          tags,
          response: { 409: errorAnswer(409, 'The expense is billed: its receipt stays'), 200: expenseAnswer },
        },
      },
      async (request) =>
        attachReceipt(
          db,
          store,
          sessionUserOf(request),
          request.params.id,
          await readSingleUpload(request, RECEIPT_RULES),
        ),
    );
  });
}
