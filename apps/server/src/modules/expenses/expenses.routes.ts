import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { RECEIPT_MAX_BYTES, expenseSchema, expenseSettingsSchema, expenseUpdateSchema } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { csvAnswer, noContent, uploadAnswer } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { invalidField } from '../records/field-errors';
import { idParams } from '../records/params';
import { detectFileType } from '../uploads/file-type';
import { createFileStore } from '../uploads/file-store';
import { expenseAnswer, expenseListAnswer, expenseSettingsAnswer } from './expense-answers';
import { expenseExportQuery, exportExpenses } from './expense-export';
import { expenseListQuery, listExpenses } from './expense-list';
import { createExpense, deleteExpense, getExpense, updateExpense } from './expenses.service';
import { loadMileageRate, updateMileageRate } from './mileage-settings';
import { attachReceipt, detachReceipt, readReceipt, type ReceiptUpload } from './receipts.service';

export const RECEIPT_TOO_LARGE = 'The receipt is larger than 5 MB';
export const RECEIPT_WRONG_TYPE = 'A receipt must be a PDF or a PNG, JPEG, WebP or HEIC image';

export const MALFORMED_UPLOAD = 'The upload is not a complete multipart/form-data body';

function hasStatus(error: unknown): boolean {
  return (
    error !== null && typeof error === 'object' && typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

function errorCodeOf(error: unknown): unknown {
  return error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}

/** Reads the one file of a multipart upload, at most RECEIPT_MAX_BYTES, and judges its type by content. */
async function readUpload(request: FastifyRequest): Promise<ReceiptUpload> {
  let file;
  let content: Buffer;
  try {
    file = await request.file({ limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    if (!file) throw invalidField('file', 'Choose a receipt file to upload');
    content = await file.toBuffer();
  } catch (error) {
    const code = errorCodeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, RECEIPT_TOO_LARGE);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(415, 'Upload the receipt as multipart/form-data');
    }
    if (error instanceof AppError || hasStatus(error)) throw error;
    // Only the request is read here: an error without a status is the multipart parser's
    // (no boundary, a body cut off, no closing boundary), so the request is malformed.
    throw new AppError(400, MALFORMED_UPLOAD);
  }
  const type = detectFileType(content);
  if (!type) throw new AppError(415, RECEIPT_WRONG_TYPE);
  return { content, type, originalName: file.filename };
}

/** RFC 6266: an ASCII fallback name and the UTF-8 one. */
function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function sendAttachment(reply: FastifyReply, receipt: { content: Buffer; contentType: string; downloadName: string }) {
  return reply
    .header('content-type', receipt.contentType)
    .header('content-disposition', attachmentHeader(receipt.downloadName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(receipt.content);
}

export function registerExpenseRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const store = createFileStore(context.config.dataDir);
  const tags = ['expenses'];

  routes.get(
    '/expenses',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { summary: 'List expenses', querystring: expenseListQuery, tags, response: { 200: expenseListAnswer } },
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

  routes.put(
    '/expenses/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Update an expense',
        params: idParams,
        body: expenseUpdateSchema,
        tags,
        response: { 200: expenseAnswer },
      },
    },
    async (request) => updateExpense(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/expenses/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { summary: 'Delete an expense', params: idParams, tags, response: { 204: noContent } },
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
      sendAttachment(reply, await readReceipt(db, store, sessionUserOf(request), request.params.id)),
  );

  routes.delete(
    '/expenses/:id/receipt',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { summary: "Remove an expense's receipt", params: idParams, tags, response: { 200: expenseAnswer } },
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
          response: { 200: expenseAnswer },
        },
      },
      async (request) => attachReceipt(db, store, sessionUserOf(request), request.params.id, await readUpload(request)),
    );
  });
}
