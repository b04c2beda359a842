import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  completeEntriesSchema,
  duplicateEntrySchema,
  timeEntrySchema,
  timeEntryUpdateSchema,
  timeRoundingSchema,
  timerStartSchema,
  timerStopSchema,
} from '@practice/shared';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { sessionUserOf } from '../../plugins/auth-guard';
import { idParams } from '../records/params';
import { completeEntries, duplicateEntry } from './bulk-entries.service';
import { loadTimeSettings, timeSettingsViewOf, updateRounding } from './organization-settings';
import { createTimeEntry, deleteTimeEntry, getTimeEntry, updateTimeEntry } from './time-entries.service';
import { teamTimesheet, teamTimesheetQuery } from './team-timesheet';
import { exportTimeEntries, timeEntryExportQuery } from './time-entry-export';
import { listTimeEntries, timeEntryListQuery } from './time-entry-list';
import { discardTimer, getTimer, startTimer, stopTimer } from './timer.service';
import { weekQuery, weekView } from './week-view';

export function registerTimeEntryRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const tags = ['time entries'];

  routes.get(
    '/time-entries',
    { config: { permission: 'can_view_time_entries' }, schema: { querystring: timeEntryListQuery, tags } },
    async (request) => listTimeEntries(db, sessionUserOf(request), request.query),
  );

  routes.get(
    '/time-entries/export.csv',
    { config: { permission: 'can_view_time_entries' }, schema: { querystring: timeEntryExportQuery, tags } },
    async (request, reply) =>
      sendCsv(reply, 'time-entries.csv', await exportTimeEntries(db, sessionUserOf(request), request.query)),
  );

  routes.get(
    '/time-entries/team',
    { config: { permission: 'can_edit_time_entries' }, schema: { querystring: teamTimesheetQuery, tags } },
    async (request) => teamTimesheet(db, sessionUserOf(request), request.query, new Date()),
  );

  routes.get(
    '/time-entries/week',
    { config: { permission: 'can_view_time_entries' }, schema: { querystring: weekQuery, tags } },
    async (request) => weekView(context.database, sessionUserOf(request), request.query, new Date()),
  );

  routes.get(
    '/time-entries/:id',
    { config: { permission: 'can_view_time_entries' }, schema: { params: idParams, tags } },
    async (request) => getTimeEntry(db, sessionUserOf(request), request.params.id),
  );

  routes.post(
    '/time-entries',
    { config: { permission: 'can_view_time_entries' }, schema: { body: timeEntrySchema, tags } },
    async (request, reply) => reply.status(201).send(await createTimeEntry(db, sessionUserOf(request), request.body)),
  );

  routes.post(
    '/time-entries/complete',
    { config: { permission: 'can_view_time_entries' }, schema: { body: completeEntriesSchema, tags } },
    async (request) => completeEntries(db, sessionUserOf(request), request.body),
  );

  routes.post(
    '/time-entries/:id/duplicate',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { params: idParams, body: duplicateEntrySchema, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await duplicateEntry(db, sessionUserOf(request), request.params.id, request.body)),
  );

  routes.put(
    '/time-entries/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { params: idParams, body: timeEntryUpdateSchema, tags },
    },
    async (request) => updateTimeEntry(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/time-entries/:id',
    { config: { permission: 'can_view_time_entries' }, schema: { params: idParams, tags } },
    async (request, reply) => {
      await deleteTimeEntry(db, sessionUserOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  routes.get('/timer', { config: { permission: 'can_view_time_entries' }, schema: { tags } }, async (request) =>
    getTimer(db, sessionUserOf(request), new Date()),
  );

  routes.post(
    '/timer/start',
    { config: { permission: 'can_view_time_entries' }, schema: { body: timerStartSchema, tags } },
    async (request, reply) =>
      reply.status(201).send(await startTimer(db, sessionUserOf(request), request.body, new Date())),
  );

  routes.post(
    '/timer/stop',
    { config: { permission: 'can_view_time_entries' }, schema: { body: timerStopSchema, tags } },
    async (request, reply) =>
      reply.status(201).send(await stopTimer(db, sessionUserOf(request), request.body ?? {}, new Date())),
  );

  routes.delete(
    '/timer',
    { config: { permission: 'can_view_time_entries' }, schema: { tags } },
    async (request, reply) => {
      await discardTimer(db, sessionUserOf(request));
      return reply.status(204).send();
    },
  );

  routes.get('/time-settings', { config: { permission: 'signed-in' }, schema: { tags } }, async (request) => {
    const user = sessionUserOf(request);
    return withTenant(db, user.organizationId, async (tx) =>
      timeSettingsViewOf(await loadTimeSettings(tx, user.organizationId)),
    );
  });

  routes.put(
    '/time-settings',
    { config: { permission: 'can_view_admin_page' }, schema: { body: timeRoundingSchema, tags } },
    async (request) => {
      const user = sessionUserOf(request);
      const rounding = { minutes: request.body.rounding_minutes, mode: request.body.rounding_mode };
      return withTenant(db, user.organizationId, async (tx) =>
        timeSettingsViewOf(await updateRounding(tx, user.organizationId, user.id, rounding)),
      );
    },
  );
}
