import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { roleSchema } from '@practice/shared';
import { errorAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { noContent } from '../../lib/file-answers';
import { idParams } from '../records/params';
import { roleAnswer, roleListAnswer, roleOptionsAnswer } from './role-answers';
import { createRole, deleteRole, listRoleOptions, listRoles, updateRole } from './roles.service';

/** /admin/roles (SPEC 2: the all flag). */
export function registerRoleRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['roles'];

  routes.get(
    '/roles',
    {
      config: { permission: 'all' },
      schema: { summary: 'List roles with their permissions', tags, response: { 200: roleListAnswer } },
    },
    async (request) => listRoles(db, sessionUserOf(request)),
  );

  // The user form's role picker: whoever manages users sees the roles' names, not their flags.
  routes.get(
    '/roles/options',
    {
      config: { permission: 'can_view_users' },
      schema: { summary: 'List role names for pickers', tags, response: { 200: roleOptionsAnswer } },
    },
    async (request) => listRoleOptions(db, sessionUserOf(request)),
  );

  routes.post(
    '/roles',
    {
      config: { permission: 'all' },
      schema: {
        summary: 'Create a role',
        body: roleSchema,
        tags,
        response: { 409: errorAnswer(409, 'Another role has this name'), 201: roleAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await createRole(db, sessionUserOf(request), request.body)),
  );

  routes.put(
    '/roles/:id',
    {
      config: { permission: 'all' },
      schema: {
        summary: 'Update a role',
        params: idParams,
        body: roleSchema,
        tags,
        response: {
          409: errorAnswer(
            409,
            'The record was changed by someone else since it was read, another role has this name, or it would leave no role with every permission',
          ),
          200: roleAnswer,
        },
      },
    },
    async (request) => updateRole(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/roles/:id',
    {
      config: { permission: 'all' },
      schema: {
        summary: 'Delete a role',
        params: idParams,
        tags,
        response: {
          409: errorAnswer(409, 'Users still hold the role, or it is the last role with every permission'),
          204: noContent,
        },
      },
    },
    async (request, reply) => {
      await deleteRole(db, sessionUserOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
