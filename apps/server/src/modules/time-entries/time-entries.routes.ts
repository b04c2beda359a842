import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  completeEntriesSchema,
  completeWeekSchema,
  duplicateEntrySchema,
  timeEntrySchema,
  timeEntryUpdateSchema,
  timeRoundingSchema,
  timerStartSchema,
  timerStopSchema,
} from '@practice/shared';
import { errorAnswer } from '../../plugins/error-answers';
import type { AppContext } from '../../app-context';
import { withTenant } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { csvAnswer, noContent } from '../../lib/file-answers';
import { sessionUserOf } from '../../plugins/auth-guard';
import { idParams } from '../records/params';
import { completeEntries, duplicateEntry } from './bulk-entries.service';
import { completeWeek } from './complete-week.service';
import { loadTimeSettings, timeSettingsViewOf, updateRounding } from './organization-settings';
import {
  completedEntriesAnswer,
  completedWeekAnswer,
  startedTimerAnswer,
  stoppedTimerAnswer,
  teamTimesheetAnswer,
  timeEntryAnswer,
  timeEntryListAnswer,
  timerAnswer,
  timeSettingsAnswer,
  weekAnswer,
} from './time-entry-answers';
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
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'List time entries',
        querystring: timeEntryListQuery,
        tags,
        response: {
          404: errorAnswer(404, 'A user or client in the filter is not of this firm'),
          200: timeEntryListAnswer,
        },
      },
    },
    async (request) => listTimeEntries(db, sessionUserOf(request), request.query),
  );

  routes.get(
    '/time-entries/export.csv',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Export time entries as CSV',
        querystring: timeEntryExportQuery,
        tags,
        response: { 200: csvAnswer('The time entries that match, as CSV') },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'time-entries.csv', await exportTimeEntries(db, sessionUserOf(request), request.query)),
  );

  routes.get(
    '/time-entries/team',
    {
      config: { permission: 'can_edit_time_entries' },
      schema: {
        summary: 'Read the team timesheet',
        querystring: teamTimesheetQuery,
        tags,
        response: { 404: errorAnswer(404, 'The user named is not of this firm'), 200: teamTimesheetAnswer },
      },
    },
    async (request) => teamTimesheet(db, sessionUserOf(request), request.query, new Date()),
  );

  routes.get(
    '/time-entries/week',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: "Read a week of the signed-in user's time",
        querystring: weekQuery,
        tags,
        response: { 404: errorAnswer(404, 'The user named is not of this firm'), 200: weekAnswer },
      },
    },
    async (request) => weekView(context.database, sessionUserOf(request), request.query, new Date()),
  );

  routes.get(
    '/time-entries/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { summary: 'Read a time entry', params: idParams, tags, response: { 200: timeEntryAnswer } },
    },
    async (request) => getTimeEntry(db, sessionUserOf(request), request.params.id),
  );

  routes.post(
    '/time-entries',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { summary: 'Create a time entry', body: timeEntrySchema, tags, response: { 201: timeEntryAnswer } },
    },
    async (request, reply) => reply.status(201).send(await createTimeEntry(db, sessionUserOf(request), request.body)),
  );

  routes.post(
    '/time-entries/complete',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Mark time entries complete',
        body: completeEntriesSchema,
        tags,
        response: { 409: errorAnswer(409, 'An entry is billed and locked'), 200: completedEntriesAnswer },
      },
    },
    async (request) => completeEntries(db, sessionUserOf(request), request.body),
  );

  routes.post(
    '/time-entries/complete-week',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: "Mark the caller's draft time and expenses of a week complete",
        body: completeWeekSchema,
        tags,
        response: { 200: completedWeekAnswer },
      },
    },
    async (request) => completeWeek(db, sessionUserOf(request), request.body),
  );

  routes.post(
    '/time-entries/:id/duplicate',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Duplicate a time entry',
        params: idParams,
        body: duplicateEntrySchema,
        tags,
        response: { 201: timeEntryAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await duplicateEntry(db, sessionUserOf(request), request.params.id, request.body)),
  );

  routes.put(
    '/time-entries/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Update a time entry',
        params: idParams,
        body: timeEntryUpdateSchema,
        tags,
        response: {
          409: errorAnswer(
            409,
            'The record was changed by someone else since it was read, or the entry is billed or on a draft invoice',
          ),
          200: timeEntryAnswer,
        },
      },
    },
    async (request) => updateTimeEntry(db, sessionUserOf(request), request.params.id, request.body),
  );

  routes.delete(
    '/time-entries/:id',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Delete a time entry',
        params: idParams,
        tags,
        response: { 409: errorAnswer(409, 'The entry is billed or on a draft invoice'), 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteTimeEntry(db, sessionUserOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  routes.get(
    '/timer',
    {
      config: { permission: 'can_view_time_entries' },
      schema: { summary: 'Read the running timer', tags, response: { 200: timerAnswer } },
    },
    async (request) => getTimer(db, sessionUserOf(request), new Date()),
  );

  routes.post(
    '/timer/start',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Start the timer',
        body: timerStartSchema,
        tags,
        response: { 409: errorAnswer(409, 'A timer is already running'), 201: startedTimerAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startTimer(db, sessionUserOf(request), request.body, new Date())),
  );

  routes.post(
    '/timer/stop',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Stop the timer into a time entry',
        body: timerStopSchema,
        tags,
        response: { 201: stoppedTimerAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await stopTimer(db, sessionUserOf(request), request.body ?? {}, new Date())),
  );

  routes.delete(
    '/timer',
    {
      config: { permission: 'can_view_time_entries' },
      schema: {
        summary: 'Discard the running timer',
        tags,
        response: { 404: errorAnswer(404, 'No timer is running'), 204: noContent },
      },
    },
    async (request, reply) => {
      await discardTimer(db, sessionUserOf(request));
      return reply.status(204).send();
    },
  );

  routes.get(
    '/time-settings',
    {
      config: { permission: 'signed-in' },
      schema: { summary: "Read the firm's time settings", tags, response: { 200: timeSettingsAnswer } },
    },
    async (request) => {
      const user = sessionUserOf(request);
      return withTenant(db, user.organizationId, async (tx) =>
        timeSettingsViewOf(await loadTimeSettings(tx, user.organizationId)),
      );
    },
  );

  routes.put(
    '/time-settings',
    {
      config: { permission: 'can_view_admin_page' },
      schema: {
        summary: "Update the firm's time settings",
        body: timeRoundingSchema,
        tags,
        response: { 200: timeSettingsAnswer },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      const rounding = { minutes: request.body.rounding_minutes, mode: request.body.rounding_mode };
      return withTenant(db, user.organizationId, async (tx) =>
        timeSettingsViewOf(await updateRounding(tx, user.organizationId, user.id, rounding)),
      );
    },
  );
}
