import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userCreateSchema, userUpdateSchema } from '@practice/shared';
import type { AppContext } from '../../app-context';
import type { MailDelivery } from '../../mail/delivery';
import { sessionUserOf } from '../../plugins/auth-guard';
import { errorAnswer } from '../../plugins/error-answers';
import { idParams } from '../records/params';
import {
  createUser,
  getUser,
  listUsers,
  resendInvitation,
  setUserActive,
  updateUser,
  userListQuery,
} from './user-admin.service';
import { resetTwoFactor } from './two-factor-reset';
import { invitationAnswer, twoFactorResetAnswer, userAnswer, userDetailAnswer, userListAnswer } from './user-answers';

/** API.md "People": the firm's users, managed by whoever holds can_edit_users. */
export function registerUserAdminRoutes(app: FastifyInstance, context: AppContext, mail: MailDelivery): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  routes.get(
    '/users',
    {
      config: { permission: 'can_view_users' },
      schema: { summary: "List the firm's users", querystring: userListQuery, tags, response: { 200: userListAnswer } },
    },
    async (request) => listUsers(context, sessionUserOf(request), request.query, new Date()),
  );

  routes.post(
    '/users',
    {
      config: { permission: 'can_edit_users' },
      schema: {
        summary: 'Create a user',
        body: userCreateSchema,
        tags,
        response: { 409: errorAnswer(409, 'Another user has this username'), 201: userAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(context, mail, sessionUserOf(request), request.body, new Date())),
  );

  routes.get(
    '/users/:id',
    {
      config: { permission: 'can_view_users' },
      schema: { summary: 'Read a user', params: idParams, tags, response: { 200: userDetailAnswer } },
    },
    async (request) => getUser(context, sessionUserOf(request), request.params.id, new Date()),
  );

  routes.put(
    '/users/:id',
    {
      config: { permission: 'can_edit_users' },
      schema: {
        summary: 'Update a user',
        params: idParams,
        body: userUpdateSchema,
        tags,
        response: {
          409: errorAnswer(
            409,
            'The record was changed by someone else since it was read, another user has this username, or it would leave no active administrator',
          ),
          200: userAnswer,
        },
      },
    },
    async (request) => updateUser(context, sessionUserOf(request), request.params.id, request.body, new Date()),
  );

  routes.post(
    '/users/:id/deactivate',
    {
      config: { permission: 'can_edit_users' },
      schema: {
        summary: 'Deactivate a user',
        params: idParams,
        tags,
        // The last active holder of `all` is never deactivated (a race with a role change reaches it too).
        response: { 200: userAnswer, 409: errorAnswer(409, 'The firm needs at least one active administrator') },
      },
    },
    async (request) => setUserActive(context, sessionUserOf(request), request.params.id, false, new Date()),
  );

  routes.post(
    '/users/:id/reactivate',
    {
      config: { permission: 'can_edit_users' },
      schema: { summary: 'Reactivate a user', params: idParams, tags, response: { 200: userAnswer } },
    },
    async (request) => setUserActive(context, sessionUserOf(request), request.params.id, true, new Date()),
  );

  routes.post(
    '/users/:id/invite',
    {
      config: { permission: 'can_edit_users' },
      schema: {
        summary: 'Send a user his invitation again',
        params: idParams,
        tags,
        response: { 202: invitationAnswer },
      },
    },
    async (request, reply) => {
      await resendInvitation(context, mail, sessionUserOf(request), request.params.id);
      return reply.status(202).send({ message: 'Invitation sent' });
    },
  );

  routes.post(
    '/users/:id/two-factor/reset',
    {
      config: { permission: 'can_edit_users' },
      schema: {
        summary: "Turn off a user's e-mail two-factor sign-in (a lost mailbox)",
        params: idParams,
        tags,
        response: {
          200: twoFactorResetAnswer,
          409: errorAnswer(409, 'Two-factor sign-in is already off, or the firm requires it for everyone'),
        },
      },
    },
    async (request) => resetTwoFactor(context, mail, sessionUserOf(request), request.params.id),
  );
}
