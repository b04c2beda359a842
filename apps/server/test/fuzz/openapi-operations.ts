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
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
};

export type Parameter = { name: string; schema: JsonSchema };

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
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the document: each route the app serves, with its parameters and body. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const of = (where: string) =>
        parameters
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} }));
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
