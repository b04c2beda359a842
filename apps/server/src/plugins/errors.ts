import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, NOT_FOUND } from '../lib/errors';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldOf(issue: Issue): string {
  const path = issue.params?.issue?.path;
  if (path && path.length > 0) return path.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/** One JSON error shape for every failure; 5xx answers carry no internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body = error.details ? { error: error.message, details: error.details } : { error: error.message };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation as Issue[]) {
        const field = fieldOf(issue);
        details[field] ??= issue.message ?? 'Invalid value';
      }
      const messages = Object.values(details);
      // A path id that is no id at all names nothing: the same 404 as an id that is not there.
      if (error.validationContext === 'params' && messages.every((message) => message === NOT_FOUND)) {
        return reply.status(404).send({ error: NOT_FOUND });
      }
      const first = messages[0] ?? 'Invalid request';
      return reply.status(400).send({ error: first, details });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'Internal server error' });
    }
    return reply.status(status).send({ error: error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: NOT_FOUND }));
}

/**
 * The router's own refusals (a path with broken percent-encoding, a segment past the
 * router's length limit) come before any hook or handler, and Fastify answered them in its
 * shape, with the path echoed. Such a path names nothing the app serves: the same 404 as
 * any other (issue 19's fuzz).
 */
export function answerFrameworkError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(404).send({ error: NOT_FOUND });
}
