import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailChangeConfirmSchema, profileSchema, userPreferencesSchema } from '@practice/shared';
import { rateLimitedAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import type { MailDelivery } from '../../mail/delivery';
import { sessionUserOf } from '../../plugins/auth-guard';
import { mergePreferences, readPreferences } from './preferences.service';
import { confirmEmailChange, readProfile, updateProfile, type Profile } from './profile.service';

const profileBody = z.object({
  ...profileSchema.shape,
  current_password: z.string().max(200).optional(),
});

/** The stored keys; a key stored by an older version passes through as it is. */
const preferencesAnswer = z.looseObject({
  formattedDates: z.enum(['true', 'false']).optional(),
  notifsMode: z.string().optional(),
  sidebarOrder: z.array(z.string()).optional(),
});

const profileAnswer: z.ZodType<Profile> = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  pending_email: z.string().nullable().describe('A new address waiting for its confirmation code'),
});

/** /settings: his own preferences and profile; every signed-in user has them. */
export function registerPreferenceRoutes(app: FastifyInstance, context: AppContext, mail: MailDelivery): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  routes.get(
    '/api/user/preferences',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: "Read the signed-in user's preferences",
        tags: ['settings'],
        response: { 200: preferencesAnswer },
      },
    },
    async (request) => readPreferences(db, sessionUserOf(request)),
  );

  routes.put(
    '/api/user/preferences',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: "Update the signed-in user's preferences",
        body: userPreferencesSchema,
        tags: ['settings'],
        response: { 200: preferencesAnswer },
      },
    },
    async (request) => mergePreferences(db, sessionUserOf(request), request.body),
  );

  routes.get(
    '/user/profile',
    {
      config: { permission: 'signed-in' },
      schema: { summary: "Read the signed-in user's profile", tags: ['settings'], response: { 200: profileAnswer } },
    },
    async (request) => readProfile(context, sessionUserOf(request)),
  );

  routes.put(
    '/user/profile',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: "Update the signed-in user's profile",
        body: profileBody,
        tags: ['settings'],
        response: { 429: rateLimitedAnswer('Too many wrong current passwords'), 200: profileAnswer },
      },
    },
    async (request) => {
      const { profile, mailQueued } = await updateProfile(context, sessionUserOf(request), request.body, request.ip);
      if (mailQueued) mail.kick();
      return profile;
    },
  );

  routes.post(
    '/user/email/confirm',
    {
      config: { permission: 'signed-in' },
      schema: {
        summary: 'Confirm a new e-mail address',
        body: emailChangeConfirmSchema,
        tags: ['settings'],
        response: { 200: profileAnswer },
      },
    },
    async (request) => confirmEmailChange(context, sessionUserOf(request), request.body.code),
  );
}
