import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-operations';

/**
 * fast-check generators of requests for one operation of the OpenAPI document: mostly
 * well-formed values with one field broken, plus bodies and queries that are wrong as a
 * whole. The edge values are the kinds that once answered 500 (issue 10) and their kin.
 */

type Path = (string | number)[];

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
};

const LONG_TEXT = 'x'.repeat(10_000);

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202eevil',
  '😀',
  'ſ',
  '0000-01-01',
  '1899-12-31',
  '9999-12-31',
  '10000-01-01',
  '2026-02-30',
  '2026-13-01',
  '+002026-01-01',
  '3000000000',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  'Infinity',
  'null',
  'true',
  'me',
  'all',
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  LONG_TEXT,
];

const EDGE_NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  3_000_000_000,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  1e-7,
];

/** A value of the wrong kind, or the right kind at its edge. */
const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { id: 1 }, [[[[[]]]]]) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const TEXT_EDGES = ['\u0000', 'a\u0000b', 'x'.repeat(10_000), '\ud800', '', ' ', "' or 1=1 --", '%', '\\'];
const DATE_EDGES = ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31', '2026-02-30', '2026-1-1'];
const ID_EDGES = [0, -1, 1.5, 2_147_483_648, 3_000_000_000, Number.MAX_SAFE_INTEGER, 1e308, '3000000000', '1'];

function typesOf(schema: JsonSchema): Set<string> {
  const options = schema.anyOf ?? schema.oneOf ?? [];
  return new Set(
    [schema.type, schema.format, ...options.flatMap((option) => [...typesOf(option)])].filter(Boolean) as string[],
  );
}

/** An edge value of the kind `schema` expects: a text with a NUL, a date of year 0, an id past the integer column. */
function edgeFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const typed: fc.Arbitrary<unknown>[] = [];
  if (types.has('date')) typed.push(fc.constantFrom(...DATE_EDGES));
  else if (types.has('string')) {
    typed.push(
      fc.constantFrom(...TEXT_EDGES),
      stringFor(schema).map((text) => `${text}\u0000`),
    );
  }
  if (types.has('integer') || types.has('number')) typed.push(fc.constantFrom(...ID_EDGES));
  if (typed.length === 0) return edgeValue;
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...typed) }, { weight: 1, arbitrary: edgeValue });
}

/** The schema of the value at `path` inside a value of `schema`, as far as the document says. */
function schemaAt(schema: JsonSchema, path: Path): JsonSchema {
  let current: JsonSchema = schema;
  for (const step of path) {
    const options = [current, ...(current.anyOf ?? []), ...(current.oneOf ?? [])];
    const next =
      typeof step === 'number'
        ? options.find((option) => option.items)?.items
        : options.find((option) => option.properties?.[step])?.properties?.[step];
    if (!next) return {};
    current = next;
  }
  return current;
}

/** A field or parameter that holds a record id by its name: `id` or `..._id`. */
export function isIdName(name: string): boolean {
  return name === 'id' || name.endsWith('_id');
}

function dateText(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return dateText();
  // fast-check's RFC addresses include forms the app's (zod's) stricter rule refuses.
  if (schema.format === 'email') return fc.stringMatching(/^[a-z][a-z0-9]{0,11}@[a-z][a-z0-9]{0,11}\.(com|org|net)$/);
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .map((text) => text.slice(0, Math.max(schema.maxLength ?? 40, 1)))
      .filter((text) => text.length >= (schema.minLength ?? 0));
  }
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
}

function integerFor(schema: JsonSchema, name: string, ids: readonly number[]): fc.Arbitrary<number> {
  const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
  const min = Math.max((schema.minimum ?? -1000) + exclusive, -1_000_000);
  const max = Math.min(schema.maximum ?? 1_000_000, 1_000_000);
  const inRange = fc.integer({ min: Math.min(min, max), max });
  return isIdName(name) && ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), inRange) : inRange;
}

/** A value that satisfies `schema` as far as the document says (patterns and ranges included). */
export function valueFor(schema: JsonSchema, name: string, ids: readonly number[]): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  let base: fc.Arbitrary<unknown>;
  if (options && options.length > 0) base = fc.oneof(...options.map((option) => valueFor(option, name, ids)));
  else if (schema.enum && schema.enum.length > 0) base = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string') base = stringFor(schema);
  else if (schema.type === 'integer' || schema.type === 'number') base = integerFor(schema, name, ids);
  else if (schema.type === 'boolean') base = fc.boolean();
  else if (schema.type === 'array') {
    base = fc.array(valueFor(schema.items ?? {}, name, ids), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
  } else if (schema.type === 'object' || schema.properties) {
    const shape = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, valueFor(inner, key, ids)]),
    );
    base = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) });
  } else base = fc.jsonValue({ maxDepth: 2 });
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

/** The paths of every value inside `value`, itself included (the empty path). */
function pathsIn(value: unknown, path: Path = []): Path[] {
  const found: Path[] = [path];
  if (Array.isArray(value)) value.forEach((item, index) => found.push(...pathsIn(item, [...path, index])));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) found.push(...pathsIn(inner, [...path, key]));
  }
  return found;
}

/** A copy of `value` with the thing at `path` replaced (or removed, for `undefined`). */
function replaced(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaced(copy[head as number], rest, next);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && next === undefined) delete copy[head as string];
  else copy[head as string] = replaced(copy[head as string], rest, next);
  return copy;
}

/**
 * A well-formed value with one thing broken, so that nothing else stops the request first:
 * a field replaced by an edge value of its kind (or any kind), dropped, or one added.
 */
function mutated(schema: JsonSchema, valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((value) => {
    const paths = pathsIn(value);
    return fc
      .tuple(fc.constantFrom(...paths), fc.constantFrom('replace', 'replace', 'replace', 'replace', 'drop', 'add'))
      .chain(([path, how]) =>
        edgeFor(schemaAt(schema, path)).map((edge) => {
          if (how === 'drop') return replaced(value, path, undefined);
          if (how === 'add' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
            return { ...value, extra: edge };
          }
          return replaced(value, path, edge);
        }),
      );
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const BOUNDARY = 'fuzzBoundary';
const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function multipartFile(name: string, content: Buffer, closed: boolean): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(closed ? `\r\n--${BOUNDARY}--\r\n` : ''),
  ]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

type Body = { headers: Record<string, string>; payload: string | Buffer | undefined };

/** Bodies wrong as a whole: not JSON, cut off, another content type, a broken multipart form. */
const wholeBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ headers: {}, payload: undefined }),
  fc
    .constantFrom(
      '',
      '{',
      '{"a":',
      '{"a":1}x',
      '[',
      'null',
      '"text"',
      '42',
      '[]',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"id": 1e999}',
      '\u0000',
      `${'['.repeat(3000)}${']'.repeat(3000)}`,
      `{"a":"${'y'.repeat(300 * 1024)}"}`,
    )
    .map((payload): Body => ({ headers: JSON_TYPE, payload })),
  fc
    .tuple(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/octet-stream'),
      fc.constantFrom('a=b&c=d', 'hello', '<a/>', '{"username":"admin"}'),
    )
    .map(([type, payload]): Body => ({ headers: { 'content-type': type }, payload })),
  fc
    .tuple(
      fc.constantFrom(MULTIPART_TYPE, 'multipart/form-data', 'multipart/form-data; boundary='),
      fc.constantFrom(
        multipartFile('r.pdf', PDF, true),
        multipartFile('r.pdf', PDF, false),
        multipartFile('r.pdf', PDF, true).subarray(0, 60),
        multipartFile('../../r.html', Buffer.from('<script>alert(1)</script>'), true),
        multipartFile('r\u0000.pdf', PDF, true),
        Buffer.from(`--${BOUNDARY}--\r\n`),
        Buffer.alloc(0),
      ),
    )
    .map(([type, payload]): Body => ({ headers: { 'content-type': type }, payload })),
);

function jsonBody(value: unknown): Body {
  return { headers: JSON_TYPE, payload: JSON.stringify(value) ?? 'null' };
}

function bodyFor(operation: Operation, ids: readonly number[]): fc.Arbitrary<Body> {
  if (!operation.body) {
    return fc.oneof({ weight: 3, arbitrary: wholeBody }, { weight: 1, arbitrary: edgeValue.map(jsonBody) });
  }
  const valid = valueFor(operation.body, '', ids);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(jsonBody) },
    { weight: 8, arbitrary: mutated(operation.body, valid).map(jsonBody) },
    { weight: 1, arbitrary: edgeValue.map(jsonBody) },
    { weight: 2, arbitrary: wholeBody },
  );
}

/** Percent-encodes UTF-8 bytes; a lone surrogate, which encodeURIComponent refuses, goes as U+FFFD. */
export function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

/** A value as text for a path or query, percent-encoded. */
export function textOf(value: unknown): string {
  return percentEncoded(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

const RAW_SEGMENTS = ['%', '%zz', '%00', '%FF', '%C0%AF', '..%2F..%2Fetc', '%2e%2e', ''];

function pathValue(name: string, schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<string> {
  const known = ids.length > 0 && isIdName(name) ? [fc.constantFrom(...ids.map(String))] : [];
  return fc.oneof(
    ...known.map((arbitrary) => ({ weight: 6, arbitrary })),
    { weight: 2, arbitrary: valueFor(schema, name, ids).map(textOf) },
    { weight: 2, arbitrary: edgeFor(schema).map(textOf) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

function queryFor(operation: Operation, ids: readonly number[]): fc.Arbitrary<string> {
  const parts = operation.queryParameters.map((parameter) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.constant<string[]>([]) },
        { weight: 3, arbitrary: valueFor(parameter.schema, parameter.name, ids).map((value) => [value]) },
        { weight: 3, arbitrary: edgeFor(parameter.schema).map((value) => [value]) },
        { weight: 1, arbitrary: fc.tuple(edgeValue, edgeValue) },
      )
      .map((values) => values.map((value) => `${percentEncoded(parameter.name)}=${textOf(value)}`)),
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(['unknown=1'], ['q[]=a'], ['q[a]=b'], ['%'], ['a=%zz'], ['=x'], ['&&&'], ['q=%00']),
    },
  );
  return fc.tuple(fc.tuple(...parts), extra).map(([chosen, more]) => [...chosen.flat(), ...more].join('&'));
}

/** Headers a page may send, with edge values now and then. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('demo', 'northwind', 'nope', '', '1', 'x'.repeat(300), '../admin', 'main')
      .map((value) => ({ 'x-organization-id': value })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('true', 'false', '1', 'x'.repeat(300), '')
      .map((value) => ({ 'x-bypass-2fa': value, 'idempotency-key': value })),
  },
);

/** One request for `operation`: path, query, body and headers each broken or not. */
export function requestFor(operation: Operation, ids: readonly number[]): fc.Arbitrary<FuzzRequest> {
  const segments = operation.pathParameters.map((parameter) =>
    pathValue(parameter.name, parameter.schema, ids).map((value) => [parameter.name, value] as const),
  );
  return fc
    .tuple(fc.tuple(...segments), queryFor(operation, ids), bodyFor(operation, ids), extraHeaders)
    .map(([values, query, body, headers]) => {
      let path = operation.path;
      for (const [name, value] of values) path = path.replace(`{${name}}`, value);
      return {
        method: operation.method,
        url: query ? `${path}?${query}` : path,
        headers: { ...headers, ...body.headers },
        payload: operation.method === 'GET' || operation.method === 'HEAD' ? undefined : body.payload,
      };
    });
}
