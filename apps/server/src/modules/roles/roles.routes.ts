import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { roleSchema } from '@practice/shared';
import type { AppContext } from '../../app-context';
import { sessionUserOf } from '../../plugins/auth-guard';
import { idParams } from '../records/params';
import { createRole, deleteRole, listRoleOptions, listRoles, updateRole } from './roles.service';

/** /admin/roles (SPEC 2: the all flag). */
export function registerRoleRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['roles'];

  routes.get('/roles', { config: { permission: 'all' }, schema: { tags } }, async (request) =>
    listRoles(db, sessionUserOf(request)),
  );

  // The user form's role picker: whoever manages users sees the roles' names, not their flags.
  routes.get('/roles/options', { config: { permission: 'can_view_users' }, schema: { tags } }, async (request) =>
    listRoleOptions(db, sessionUserOf(request)),
  );

  routes.post('/roles', { config: { permission: 'all' }, schema: { body: roleSchema, tags } }, async (request, reply) =>
    reply.status(201).send(await createRole(db, sessionUserOf(request), request.body)),
  );

  routes.put(
    '/roles/:id',
    { config: { permission: 'all' }, schema: { params: idParams, body: roleSchema, tags } },
    async (request) => updateRole(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/roles/:id',
    { config: { permission: 'all' }, schema: { params: idParams, tags } },
    async (request, reply) => {
      await deleteRole(db, sessionUserOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
