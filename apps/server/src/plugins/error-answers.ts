import { z } from 'zod';

/** The one body of every error answer (plugins/errors.ts). */
const errorBody = z.object({
  error: z.string().describe('What went wrong, fit to show to the user'),
  details: z
    .record(z.string(), z.string())
    .optional()
    .describe('For a refused input: the message of each field that broke a rule, by field path'),
});

const DEFAULT_DESCRIPTIONS: Record<number, string> = {
  400: 'The input breaks a rule of the schema or of the business',
  401: 'No session, or an expired or revoked one',
  403: "The user's role lacks the route's permission, the CSRF value is missing, or the organization is not his",
  404: 'No such record in this organization',
  413: 'The body is larger than the route takes',
  415: 'The body comes in a content type the route does not read',
};

/**
 * An error answer of the OpenAPI document. The document gives every route those that follow
 * from its permission and input (plugins/openapi-document.ts); a route declares in its
 * response schema the others it is known for (a public route's 401, for instance).
 */
export function errorAnswer(status: number, description = DEFAULT_DESCRIPTIONS[status] ?? 'Refused') {
  return { description, content: { 'application/json': { schema: errorBody } } };
}

/** The 429 of a rate-limited route: the error shape; a Retry-After header says when to try again. */
export const rateLimitedAnswer = (description: string) =>
  errorAnswer(429, `${description}; Retry-After says when to try again`);
