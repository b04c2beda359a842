import fc from 'fast-check';
import { ID_MAX } from '@practice/shared';
import type { JsonSchema, Operation, Parameter } from './openapi-operations';
import { isIdName, percentEncoded, textOf, valueFor, type FuzzRequest } from './request-arbitrary';
import { admitsRepeatedText, refuses } from './schema-refusal';

/**
 * fast-check generators of requests that are certainly malformed (issue 19): a well-formed
 * request for one operation of the OpenAPI document with exactly one thing broken, where
 * the break is one the app must refuse whatever else its zod schemas say: a value the
 * field's schema cannot admit (schema-refusal.ts), a NUL anywhere (the NUL guard), JSON
 * that does not parse or poisons a prototype, a body over the limit, a content type no
 * route parses, an id that names no record. Every answer must be a 4xx.
 */

export const MALFORMED_KINDS = [
  'wrong-type',
  'missing-field',
  'extra-field',
  'huge-string',
  'huge-number',
  'invalid-date',
  'unicode-nul',
  'deep-nesting',
  'over-limit',
  'wrong-content-type',
  'broken-json',
  'bad-id',
] as const;

export type MalformedKind = (typeof MALFORMED_KINDS)[number];

/** A request the app must refuse, with what is broken in it (for the failure report). */
export type MalformedRequest = FuzzRequest & { kind: MalformedKind; broken: string };

type Path = (string | number)[];
type Body = { headers: Record<string, string>; payload: string | Buffer | undefined };

/** The well-formed parts of a request, before one of them is broken. */
type Parts = { pathValues: Map<string, string>; query: string[]; body: unknown };

type Break = { pathValues?: Map<string, string>; query?: string[]; body?: Body };
type Candidate = { kind: MalformedKind; broken: string; build: () => Break };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = { 'content-type': 'application/json' };
const NO_BODY: Body = { headers: {}, payload: undefined };

/** The app's body limit (app.ts); no route raises it for JSON. */
const BODY_LIMIT = 256 * 1024;
/** A query value is kept under Node's header limit, so that Fastify, not Node, answers. */
const QUERY_TEXT_MAX = 4_000;

// JSON.stringify cannot write 1e400 or 50,000 nested arrays: a marker names the literal,
// spliced into the text afterwards. `sample` is what the literal parses to, for judging.
const RAW = '\u0001raw:';
type RawLiteral = { marker: string; sample: unknown };

function literalText(spec: string): string {
  const [name = '', size = ''] = spec.split('=');
  const depth = Number(size);
  if (name === 'number') return size;
  if (name === 'deep-array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (name === 'deep-array-nul') return `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
  if (name === 'deep-object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  if (name === 'deep-object-nul') return `${'{"a":'.repeat(depth)}"\\u0000"${'}'.repeat(depth)}`;
  throw new Error(`Unknown raw literal ${spec}`);
}

function raw(spec: string, sample: unknown): RawLiteral {
  return { marker: `${RAW}${spec}\u0001`, sample };
}

function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/"\\u0001raw:(.*?)\\u0001"/g, (_, spec: string) =>
    literalText(spec),
  );
}

function jsonBody(value: unknown): Body {
  return { headers: JSON_TYPE, payload: jsonText(value) };
}

/** Sets an own property, `__proto__` included (an assignment would set the prototype instead). */
function own(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `value` with `next` at `path`, making the objects and arrays on the way. */
function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const copy: unknown[] = Array.isArray(value) ? [...value] : [];
    copy[head] = setAt(copy[head], rest, next);
    return copy;
  }
  const copy: Record<string, unknown> =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  own(copy, head!, setAt(copy[head!], rest, next));
  return copy;
}

function hasAt(value: unknown, path: Path): boolean {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, step)) return false;
    current = (current as Record<string | number, unknown>)[step];
  }
  return true;
}

/** A copy of `value` without the property at `path` (which is there). */
function withoutAt(value: unknown, path: Path): unknown {
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withoutAt(item, rest) : item));
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head as string];
  else own(copy, head as string, withoutAt(copy[head as string], rest));
  return copy;
}

type Field = { path: Path; schema: JsonSchema; required: boolean };

/** Every property the body schema names, nested ones and the first item of arrays included. */
function fieldsOf(schema: JsonSchema, path: Path = []): Field[] {
  if (path.length > 6 || schema.anyOf || schema.oneOf) return [];
  const fields: Field[] = [];
  for (const [key, inner] of Object.entries(schema.properties ?? {})) {
    const at = [...path, key];
    fields.push({ path: at, schema: inner, required: schema.required?.includes(key) ?? false }, ...fieldsOf(inner, at));
  }
  if (schema.items)
    fields.push({ path: [...path, 0], schema: schema.items, required: false }, ...fieldsOf(schema.items, [...path, 0]));
  return fields;
}

const named = (path: Path) => (path.length === 0 ? 'body' : path.join('.'));
const lastName = (path: Path) => String([...path].reverse().find((step) => typeof step === 'string') ?? '');

function hasFormat(schema: JsonSchema, format: string): boolean {
  return (
    schema.format === format || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((o) => hasFormat(o, format))
  );
}

function longestText(schema: JsonSchema): number | undefined {
  const lengths = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
    .map((option) => option.maxLength)
    .filter((length): length is number => length !== undefined);
  return lengths.length > 0 ? Math.max(...lengths) : undefined;
}

function boundsOf(schema: JsonSchema): number[] {
  return [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((option) => [
    ...(option.maximum !== undefined ? [option.maximum + 1] : []),
    ...(option.minimum !== undefined ? [option.minimum - 1] : []),
  ]);
}

const NUL_TEXTS = ['\u0000', 'a\u0000b', 'Zoë\u0000', '😀\u0000', '\u202eevil\u0000'];
const LOOKALIKES = ['１２', '٣', '２０２６-01-01', 'Ａ', '\ud800', 'ｔｒｕｅ', 'e\u0301'];
const BAD_DATES = [
  '2026-02-30',
  '2025-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2026-1-1',
  '2026/01/01',
  '01/02/2026',
  'yesterday',
  '2026-01-01T00:00:00Z',
  '+2026-01-01',
];
const WRONG_TYPED: unknown[] = [
  'wrong type',
  12_345,
  1.5,
  true,
  false,
  null,
  { wrong: 'type' },
  ['wrong', 'type'],
  [],
  'not-an-option',
];
const BAD_BODY_IDS: unknown[] = [0, -1, 1.5, ID_MAX + 1, 3_000_000_000, Number.MAX_SAFE_INTEGER + 2];
const HUGE_NUMBERS = [
  raw('number=1e400', Infinity),
  raw('number=-1e400', -Infinity),
  raw('number=123456789012345678901234567890', 1.2345678901234568e29),
];
/** Made once: every field of every sample is offered them. */
const HUGE_TEXTS = ['x'.repeat(100_000), 'Ω'.repeat(100_000)];
const DEEP_FIELD_VALUES = [raw('deep-array=1000', [[]]), raw('deep-object=1000', { a: {} })];

/** The breaks of one body field: values its schema cannot admit, by kind. */
function fieldValues(field: Field): [MalformedKind, unknown, unknown][] {
  const { schema } = field;
  const values: [MalformedKind, unknown, unknown][] = [];
  const plain = (kind: MalformedKind, list: unknown[]) =>
    values.push(...list.map((v): [MalformedKind, unknown, unknown] => [kind, v, v]));
  plain('wrong-type', WRONG_TYPED);
  const longest = longestText(schema);
  const justPast = longest !== undefined && longest < 50_000 ? ['x'.repeat(longest + 1), 'Ω'.repeat(longest + 1)] : [];
  plain('huge-string', [...justPast, ...HUGE_TEXTS]);
  plain('huge-number', [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2_147_483_648, ...boundsOf(schema)]);
  values.push(
    ...HUGE_NUMBERS.map((literal): [MalformedKind, unknown, unknown] => [
      'huge-number',
      literal.marker,
      literal.sample,
    ]),
  );
  if (hasFormat(schema, 'date')) plain('invalid-date', BAD_DATES);
  plain('unicode-nul', LOOKALIKES);
  values.push(
    ...DEEP_FIELD_VALUES.map((literal): [MalformedKind, unknown, unknown] => [
      'deep-nesting',
      literal.marker,
      literal.sample,
    ]),
  );
  if (isIdName(lastName(field.path))) plain('bad-id', BAD_BODY_IDS);
  // A NUL is refused in any field, before validation.
  const refused = values.filter(([, , sample]) => refuses(schema, sample, 'body'));
  return [...refused, ...NUL_TEXTS.map((text): [MalformedKind, unknown, unknown] => ['unicode-nul', text, text])];
}

function describeValue(value: unknown): string {
  if (typeof value === 'string' && value.startsWith(RAW)) return value.slice(RAW.length, -1);
  if (typeof value === 'string' && value.length > 40)
    return `${JSON.stringify(value.slice(0, 40))}... (${value.length} characters)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}... (${text.length} characters)` : text;
}

function bodyFieldCandidates(schema: JsonSchema, body: unknown): Candidate[] {
  const candidates: Candidate[] = [];
  const fields = fieldsOf(schema);
  for (const field of fields) {
    for (const [kind, value] of fieldValues(field)) {
      candidates.push({
        kind,
        broken: `${named(field.path)} = ${describeValue(value)}`,
        build: () => ({ body: jsonBody(setAt(body, field.path, value)) }),
      });
    }
    if (field.required && hasAt(body, field.path)) {
      candidates.push({
        kind: 'missing-field',
        broken: `${named(field.path)} left out`,
        build: () => ({ body: jsonBody(withoutAt(body, field.path)) }),
      });
    }
  }
  const objects = [{ path: [] as Path, schema }, ...fields.filter((field) => field.schema.properties)];
  for (const object of objects) {
    const extras: [string, unknown][] = [
      ['__proto__', { is_admin: true }],
      ['constructor', { prototype: { is_admin: true } }],
      ['note\u0000', 'x'],
    ];
    if (object.schema.additionalProperties === false) extras.push(['unexpected_field', 'x']);
    for (const [key, value] of extras) {
      candidates.push({
        kind: 'extra-field',
        broken: `${named([...object.path, key])} added`,
        build: () => ({ body: jsonBody(setAt(body, [...object.path, key], value)) }),
      });
    }
  }
  if (refuses(schema, null, 'body')) {
    candidates.push({ kind: 'missing-field', broken: 'body null', build: () => ({ body: jsonBody(null) }) });
  }
  return candidates;
}

const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1}x',
  '[1,',
  '"open',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  'undefined',
  '{"a":01}',
];
const OTHER_TYPES: [string, string | Buffer][] = [
  ['application/xml', '<a>1</a>'],
  ['application/octet-stream', Buffer.from([0, 1, 2, 255])],
  ['text/csv', 'a,b\n1,2'],
  ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['application/x-yaml', 'a: 1'],
  ['json', '{}'],
  ['application', '{}'],
];
const INVALID_UTF8_WITH_NUL = Buffer.concat([
  Buffer.from('{"note":"'),
  Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
  Buffer.from('\\u0000"}'),
]);

/** Bodies wrong as a whole, for any method that carries one. */
function wholeBodyCandidates(schema: JsonSchema | undefined): Candidate[] {
  const candidates: Candidate[] = [];
  const add = (kind: MalformedKind, broken: string, body: Body) =>
    candidates.push({ kind, broken, build: () => ({ body }) });
  for (const text of BROKEN_JSON)
    add('broken-json', `body ${JSON.stringify(text)}`, { headers: JSON_TYPE, payload: text });
  for (const [type, payload] of OTHER_TYPES) {
    add('wrong-content-type', `content-type ${type}`, { headers: { 'content-type': type }, payload });
  }
  // Fastify parses text/plain into a string, which an object body refuses.
  if (schema && refuses(schema, 'hello', 'body')) {
    add('wrong-content-type', 'content-type text/plain', {
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
  }
  for (const size of [BODY_LIMIT + 1024, 4 * BODY_LIMIT]) {
    candidates.push({
      kind: 'over-limit',
      broken: `body of ${size} bytes`,
      build: () => ({ body: { headers: JSON_TYPE, payload: `{"padding":"${'y'.repeat(size)}"}` } }),
    });
  }
  const deep = [
    raw('deep-array-nul=50000', null),
    raw('deep-object-nul=20000', null),
    ...(schema && refuses(schema, [[]], 'body') ? [raw('deep-array=50000', null)] : []),
  ];
  for (const literal of deep) add('deep-nesting', describeValue(literal.marker), jsonBody(literal.marker));
  add('unicode-nul', 'invalid UTF-8 and a NUL', { headers: JSON_TYPE, payload: INVALID_UTF8_WITH_NUL });
  for (const text of NUL_TEXTS) add('unicode-nul', `note = ${JSON.stringify(text)}`, jsonBody({ note: text }));
  add('extra-field', '__proto__ added', { headers: JSON_TYPE, payload: '{"__proto__":{"is_admin":true}}' });
  add('extra-field', 'constructor.prototype added', {
    headers: JSON_TYPE,
    payload: '{"constructor":{"prototype":{"is_admin":true}}}',
  });
  return candidates;
}

const BAD_TEXT_IDS = [
  'abc',
  '0',
  '-1',
  '1.5',
  '3000000000',
  '2147483648',
  'NaN',
  'Infinity',
  '1e400',
  'null',
  '１２',
  '٣',
];
const WRONG_TEXTS = ['not-a-value', 'NaN', '1.5', '[1]', '{}', 'ｔｒｕｅ'];
const HUGE_TEXT_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '2147483648'];

/** The breaks of one query parameter or path segment: texts its schema cannot admit, by kind. */
function textValues(parameter: Parameter): [MalformedKind, string][] {
  const { schema, name } = parameter;
  const values: [MalformedKind, string][] = [];
  const add = (kind: MalformedKind, texts: string[]) =>
    values.push(...texts.map((text): [MalformedKind, string] => [kind, text]));
  add('wrong-type', WRONG_TEXTS);
  const longest = longestText(schema);
  if (longest !== undefined && longest < QUERY_TEXT_MAX) add('huge-string', ['x'.repeat(longest + 1)]);
  add('huge-number', [...HUGE_TEXT_NUMBERS, ...boundsOf(schema).map(String)]);
  if (hasFormat(schema, 'date')) add('invalid-date', BAD_DATES);
  add('unicode-nul', LOOKALIKES);
  if (isIdName(name)) add('bad-id', BAD_TEXT_IDS);
  return [
    ...values.filter(([, text]) => refuses(schema, text, 'text')),
    ...NUL_TEXTS.map((text): [MalformedKind, string] => ['unicode-nul', text]),
  ];
}

function withQuery(query: string[], name: string, texts: string[]): string[] {
  const key = percentEncoded(name);
  return [...query.filter((part) => !part.startsWith(`${key}=`)), ...texts.map((text) => `${key}=${text}`)];
}

function queryCandidates(operation: Operation, query: string[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const parameter of operation.queryParameters) {
    for (const [kind, text] of textValues(parameter)) {
      candidates.push({
        kind,
        broken: `query ${parameter.name} = ${describeValue(text)}`,
        build: () => ({ query: withQuery(query, parameter.name, [percentEncoded(text)]) }),
      });
    }
    if (!admitsRepeatedText(parameter.schema)) {
      candidates.push({
        kind: 'wrong-type',
        broken: `query ${parameter.name} twice`,
        build: () => ({ query: withQuery(query, parameter.name, ['1', '1']) }),
      });
    }
  }
  // A NUL is refused in any parameter, a name the route does not know included.
  for (const text of NUL_TEXTS) {
    candidates.push({
      kind: 'unicode-nul',
      broken: `query note = ${JSON.stringify(text)}`,
      build: () => ({ query: withQuery(query, 'note', [percentEncoded(text)]) }),
    });
  }
  return candidates;
}

/** Segments sent as they are: broken percent-encoding, a NUL. */
const RAW_SEGMENTS = ['%zz', '%', '%00', '1%00', '%C0%AF'];

function pathCandidates(operation: Operation, pathValues: Map<string, string>): Candidate[] {
  const candidates: Candidate[] = [];
  const withValue = (name: string, value: string) => new Map([...pathValues, [name, value]]);
  for (const parameter of operation.pathParameters) {
    for (const [kind, text] of textValues(parameter)) {
      candidates.push({
        kind,
        broken: `path ${parameter.name} = ${describeValue(text)}`,
        build: () => ({ pathValues: withValue(parameter.name, percentEncoded(text)) }),
      });
    }
    const isId = isIdName(parameter.name);
    // ID_MAX is a well-formed id that names no record.
    for (const segment of isId ? [...RAW_SEGMENTS, String(ID_MAX)] : RAW_SEGMENTS) {
      candidates.push({
        kind: isId ? 'bad-id' : 'wrong-type',
        broken: `path ${parameter.name} = ${segment}`,
        build: () => ({ pathValues: withValue(parameter.name, segment) }),
      });
    }
  }
  return candidates;
}

/** Well-formed path values (ids of records that exist), required query parameters and a body. */
function validParts(operation: Operation, ids: readonly number[]): fc.Arbitrary<Parts> {
  const segments = operation.pathParameters.map((parameter) =>
    (isIdName(parameter.name) && ids.length > 0
      ? fc.constantFrom(...ids).map(String)
      : valueFor(parameter.schema, parameter.name, ids).map(textOf)
    ).map((value) => [parameter.name, value] as const),
  );
  const required = operation.queryParameters
    .filter((parameter) => parameter.required)
    .map((parameter) =>
      valueFor(parameter.schema, parameter.name, ids).map(
        (value) => `${percentEncoded(parameter.name)}=${textOf(value)}`,
      ),
    );
  const body = operation.body ? valueFor(operation.body, '', ids) : fc.constant(undefined);
  return fc
    .tuple(fc.tuple(...segments), fc.tuple(...required), body)
    .map(([values, query, value]) => ({ pathValues: new Map(values), query: [...query], body: value }));
}

function requestOf(operation: Operation, parts: Parts, candidate: Candidate): MalformedRequest {
  const broken = candidate.build();
  let path = operation.path;
  for (const [name, value] of broken.pathValues ?? parts.pathValues) path = path.replace(`{${name}}`, value);
  const query = broken.query ?? parts.query;
  const sendsBody = BODY_METHODS.has(operation.method);
  const body = broken.body ?? (parts.body === undefined ? NO_BODY : jsonBody(parts.body));
  return {
    method: operation.method,
    url: query.length > 0 ? `${path}?${query.join('&')}` : path,
    headers: sendsBody ? body.headers : {},
    payload: sendsBody ? body.payload : undefined,
    kind: candidate.kind,
    broken: candidate.broken,
  };
}

/** One certainly malformed request for `operation`: the kind of break first, then one of its kind. */
export function malformedRequestFor(operation: Operation, ids: readonly number[]): fc.Arbitrary<MalformedRequest> {
  const sendsBody = BODY_METHODS.has(operation.method);
  return validParts(operation, ids).chain((parts) => {
    const candidates = [
      ...pathCandidates(operation, parts.pathValues),
      ...queryCandidates(operation, parts.query),
      ...(sendsBody ? wholeBodyCandidates(operation.body) : []),
      ...(sendsBody && operation.body ? bodyFieldCandidates(operation.body, parts.body) : []),
    ];
    const kinds = MALFORMED_KINDS.filter((kind) => candidates.some((candidate) => candidate.kind === kind));
    // Indexes, not constantFrom: a body offers hundreds of candidates, and constantFrom maps each.
    const pick = <T>(list: readonly T[]) => fc.nat({ max: list.length - 1 }).map((index) => list[index]!);
    return pick(kinds)
      .chain((kind) => pick(candidates.filter((candidate) => candidate.kind === kind)))
      .map((candidate) => requestOf(operation, parts, candidate));
  });
}
