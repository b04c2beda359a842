import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailChangeConfirmSchema, profileSchema, userPreferencesSchema } from '@practice/shared';
import type { AppContext } from '../../app-context';
import type { MailDelivery } from '../../mail/delivery';
import { sessionUserOf } from '../../plugins/auth-guard';
import { mergePreferences, readPreferences } from './preferences.service';
import { confirmEmailChange, readProfile, updateProfile } from './profile.service';

const profileBody = z.object({
  ...profileSchema.shape,
  current_password: z.string().max(200).optional(),
});

/** /settings: his own preferences and profile; every signed-in user has them. */
export function registerPreferenceRoutes(app: FastifyInstance, context: AppContext, mail: MailDelivery): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  routes.get(
    '/api/user/preferences',
    { config: { permission: 'signed-in' }, schema: { tags: ['settings'] } },
    async (request) => readPreferences(db, sessionUserOf(request)),
  );

  routes.put(
    '/api/user/preferences',
    { config: { permission: 'signed-in' }, schema: { body: userPreferencesSchema, tags: ['settings'] } },
    async (request) => mergePreferences(db, sessionUserOf(request), request.body),
  );

  routes.get(
    '/user/profile',
    { config: { permission: 'signed-in' }, schema: { tags: ['settings'] } },
    async (request) => readProfile(context, sessionUserOf(request)),
  );

  routes.put(
    '/user/profile',
    { config: { permission: 'signed-in' }, schema: { body: profileBody, tags: ['settings'] } },
    async (request) => {
      const { profile, mailQueued } = await updateProfile(context, sessionUserOf(request), request.body, request.ip);
      if (mailQueued) mail.kick();
      return profile;
    },
  );

  routes.post(
    '/user/email/confirm',
    { config: { permission: 'signed-in' }, schema: { body: emailChangeConfirmSchema, tags: ['settings'] } },
    async (request) => confirmEmailChange(context, sessionUserOf(request), request.body.code),
  );
}
