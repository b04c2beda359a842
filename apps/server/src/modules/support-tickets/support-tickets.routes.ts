import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  RECEIPT_MAX_BYTES,
  TICKET_STATUSES,
  recordIdText,
  supportTicketSchema,
  ticketMessageSchema,
  ticketUpdateSchema,
} from '@practice/shared';
import type { AppContext } from '../../app-context';
import type { MailDelivery } from '../../mail/delivery';
import { NOT_FOUND } from '../../lib/errors';
import { uploadAnswer } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { pageQuery } from '../records/pagination';
import { idParams } from '../records/params';
import { createFileStore } from '../uploads/file-store';
import { readSingleUpload, sendStoredFile, type UploadRules } from '../uploads/single-upload';
import {
  assigneesAnswer,
  ticketAnswer,
  ticketAttachmentAnswer,
  ticketDetailAnswer,
  ticketListAnswer,
  ticketMessageAnswer,
  unreadCountAnswer,
} from './ticket-answers';
import { attachTicketFile, readTicketFile } from './ticket-attachments.service';
import {
  addMessage,
  createTicket,
  getTicket,
  listAssignees,
  listTickets,
  unreadReplyCount,
  updateTicket,
} from './tickets.service';

const listQuery = z.object({
  ...pageQuery,
  status: z
    .enum(TICKET_STATUSES, { error: 'Status must be open, in progress, waiting, resolved or closed' })
    .optional(),
  mine: z.enum(['true', 'false'], { error: 'Mine must be true or false' }).optional(),
});

const attachmentParams = z.object({ id: recordIdText(NOT_FOUND), attachmentId: recordIdText(NOT_FOUND) });

/** The receipt rules (ADR 0161): the same size limit and content-judged types. */
export const ATTACHMENT_RULES: UploadRules = {
  maxBytes: RECEIPT_MAX_BYTES,
  missing: 'Choose a file to attach',
  tooLarge: 'The file is larger than 5 MB',
  wrongType: 'An attachment must be a PDF or a PNG, JPEG, WebP or HEIC image',
};

/** API.md "Support tickets": everyone signed in has his own tickets; administrators all of the firm's. */
export function registerSupportTicketRoutes(app: FastifyInstance, context: AppContext, mail: MailDelivery): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const store = createFileStore(context.config.dataDir);
  const mailContext = { publicUrl: context.config.publicUrl };
  const tags = ['support-tickets'];

  routes.get(
    '/support-tickets',
    {
      config: { permission: 'signed-in' },
      schema: { summary: 'List support tickets', querystring: listQuery, tags, response: { 200: ticketListAnswer } },
    },
    async (request) => listTickets(db, sessionUserOf(request), request.query),
  );

  routes.get(
    '/support-tickets/unread-count',
    {
      config: { permission: 'signed-in' },
      schema: { summary: 'Count unread support tickets', tags, response: { 200: unreadCountAnswer } },
    },
    async (request) => unreadReplyCount(db, sessionUserOf(request)),
  );

  routes.get(
    '/support-tickets/assignees',
    {
      config: { permission: 'can_view_admin_page' },
      schema: {
        summary: 'List who a support ticket may be assigned to',
        tags,
        response: { 200: assigneesAnswer },
      },
    },
    async (request) => listAssignees(db, sessionUserOf(request)),
  );

  routes.post(
    '/support-tickets',
    {
      config: { permission: 'signed-in' },
      schema: { summary: 'Open a support ticket', body: supportTicketSchema, tags, response: { 201: ticketAnswer } },
    },
    async (request, reply) => {
      const ticket = await createTicket(db, mailContext, sessionUserOf(request), request.body);
      mail.kick();
      return reply.status(201).send(ticket);
    },
  );

  routes.get(
    '/support-tickets/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Read a support ticket with its messages',
        params: idParams,
        tags,
        response: { 200: ticketDetailAnswer },
      },
    },
    async (request) => getTicket(db, sessionUserOf(request), request.params.id),
  );

  routes.post(
    '/support-tickets/:id/messages',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Reply to a support ticket',
        params: idParams,
        body: ticketMessageSchema,
        tags,
        response: { 201: ticketMessageAnswer },
      },
    },
    async (request, reply) => {
      const message = await addMessage(db, mailContext, sessionUserOf(request), request.params.id, request.body);
      mail.kick();
      return reply.status(201).send(message);
    },
  );

  routes.patch(
    '/support-tickets/:id',
    {
      config: { permission: 'can_view_admin_page' },
      schema: {
        summary: "Change a support ticket's status",
        params: idParams,
        body: ticketUpdateSchema,
        tags,
        response: { 200: ticketAnswer },
      },
    },
    async (request) => {
      const ticket = await updateTicket(db, mailContext, sessionUserOf(request), request.params.id, request.body);
      mail.kick();
      return ticket;
    },
  );

  routes.get(
    '/support-tickets/:id/attachments/:attachmentId',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Download a support ticket attachment',
        params: attachmentParams,
        tags,
        response: { 200: uploadAnswer('The file as uploaded') },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await readTicketFile(db, store, sessionUserOf(request), request.params.id, request.params.attachmentId),
      ),
  );

  // Multipart parsing exists in this scope only, as for expense receipts.
  app.register(async (scope) => {
    await scope.register(multipart);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/support-tickets/:id/attachments',
      {
        config: { permission: 'signed-in' },
        schema: {
          summary: 'Attach a file to a support ticket',
          params: idParams,
          tags,
          response: { 201: ticketAttachmentAnswer },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await attachTicketFile(
              db,
              store,
              sessionUserOf(request),
              request.params.id,
              await readSingleUpload(request, ATTACHMENT_RULES),
            ),
          ),
    );
  });
}
