import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * A route's zod answer schema as the JSON schema fast-json-stringify reads (OpenAPI 3.0
 * style, `nullable: true`), dates as the ISO strings it writes with toISOString.
 */
function jsonSchemaOf(schema: $ZodType): Schema {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as Schema;
}

/**
 * Serialises each answer with fast-json-stringify compiled from the route's response schema
 * (docs/decisions/0166): the fields the schema names leave the server and nothing else, without
 * a validation pass over every answer (GET /user is on every page load).
 */
export const answerSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema }) =>
  fastJson(jsonSchemaOf(schema));
