/** The part of an OpenAPI 3.0 schema the fuzz reads (what @fastify/swagger writes from the zod schemas). */
export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  const?: unknown;
  items?: JsonSchema;
  maxItems?: number;
  minItems?: number;
  additionalProperties?: boolean | JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
};

export type Parameter = { name: string; schema: JsonSchema; required: boolean };

/** One method of one path, as the app's own OpenAPI document describes it. */
export type Operation = {
  method: string;
  /** The OpenAPI path, `{id}` style. */
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** The JSON body's schema, or undefined when the document names none. */
  body: JsonSchema | undefined;
};

type OpenApiDocument = {
  components?: { schemas?: Record<string, JsonSchema> };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

const REFERENCE = /^#\/components\/schemas\/(.+)$/;

/** `schema` with each `$ref` to a component replaced by the component (a cycle is cut, left open). */
function resolved(schema: unknown, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => resolved(item, components, depth));
  if (schema === null || typeof schema !== 'object') return schema;
  const reference = (schema as { $ref?: unknown }).$ref;
  if (typeof reference === 'string') {
    const target = components[REFERENCE.exec(reference)?.[1] ?? ''];
    return target && depth < 8 ? resolved(target, components, depth + 1) : {};
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(value, components, depth)]));
}

/** Every operation of the document: each route the app serves, with its parameters and body. */
export function operationsOf(original: OpenApiDocument): Operation[] {
  const document = resolved(original, original.components?.schemas ?? {}) as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const of = (where: string) =>
        parameters
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            schema: parameter.schema ?? {},
            required: parameter.required === true,
          }));
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParameters: of('path'),
        queryParameters: of('query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** `/clients/{id}` as Fastify writes it: `/clients/:id`. */
export function routeUrlOf(operation: Operation): string {
  return operation.path.replace(/\{(\w+)\}/g, ':$1');
}
