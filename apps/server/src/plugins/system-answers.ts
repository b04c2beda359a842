import { z } from 'zod';

/** GET /health: 200 when the database answers, 503 when it does not (a load balancer takes the process out). */
export const healthAnswer = z.object({ ok: z.boolean(), database: z.enum(['up', 'down']) });

/** The document's own shape is @fastify/swagger's: typed loosely, so its type need not match zod's. */
const openApiDocument: z.ZodType<object> = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** GET /api/docs/json: this OpenAPI 3.0 document, passed through whole. */
export const openApiAnswer = {
  description: 'This OpenAPI 3.0 document',
  content: {
    'application/json': {
      schema: openApiDocument,
    },
  },
};
