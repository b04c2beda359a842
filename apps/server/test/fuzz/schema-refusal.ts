import type { JsonSchema } from './openapi-operations';

/**
 * Whether the app's validator must refuse a value, judged from the OpenAPI schema of its
 * field. The document is written from the zod schemas, which may be stricter (refinements)
 * but also coerce (query and path text, a few body fields); every doubt answers "not
 * certain", so a value judged refused is malformed whatever the zod schema does beyond it.
 *
 * `where` says how the value arrives: `body` (JSON, typed) or `text` (a query or path
 * segment, which zod may coerce).
 */
export type Arrival = 'body' | 'text';

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD text naming a day of the calendar (zod's `iso.date` accepts no other). */
function isCalendarDate(text: string): boolean {
  const match = DATE_SHAPE.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function admitsNull(schema: JsonSchema): boolean {
  return schema.nullable === true || schema.type === 'null' || (schema.enum?.includes(null) ?? false);
}

function patternRefuses(pattern: string, text: string): boolean {
  try {
    // Flags only widen what matches: zod's own flags do not reach the document.
    return !new RegExp(pattern, 'ims').test(text);
  } catch {
    return false;
  }
}

function textRefused(schema: JsonSchema, text: string): boolean {
  // zod trims some fields before it counts: a length judged on the trimmed text is certain.
  if (schema.maxLength !== undefined && text.trim().length > schema.maxLength) return true;
  if (schema.minLength !== undefined && text.length < schema.minLength) return true;
  if (schema.format === 'date' && !isCalendarDate(text)) return true;
  return schema.pattern !== undefined && patternRefuses(schema.pattern, text);
}

function numberRefused(schema: JsonSchema, value: number): boolean {
  if (!Number.isFinite(value)) return true;
  if (schema.type === 'integer' && !Number.isSafeInteger(value)) return true;
  // A fractional step (0.01) is judged in floating point, which cannot say for certain.
  const step = schema.multipleOf;
  if (step !== undefined && Number.isInteger(step) && value % step !== 0) return true;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) return true;
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) return true;
  if (minimum !== undefined && (exclusiveMinimum === true ? value <= minimum : value < minimum)) return true;
  return maximum !== undefined && (exclusiveMaximum === true ? value >= maximum : value > maximum);
}

function refusedByType(schema: JsonSchema, value: unknown, where: Arrival): boolean {
  switch (schema.type) {
    case 'string':
      return typeof value !== 'string' || textRefused(schema, value);
    case 'integer':
    case 'number':
      // A coerced field reads Number(value): a value judged through it is refused either way.
      return numberRefused(schema, Number(value));
    case 'boolean':
      // Text may be coerced to a boolean in ways the document does not say.
      return where === 'body' && typeof value !== 'boolean' && typeof value !== 'number';
    case 'null':
      return true;
    case 'array':
      if (where === 'text') return false;
      if (!Array.isArray(value)) return true;
      return schema.maxItems !== undefined && value.length > schema.maxItems;
    case 'object':
      return where === 'body' && (typeof value !== 'object' || value === null || Array.isArray(value));
    default:
      if (schema.properties) return refusedByType({ ...schema, type: 'object' }, value, where);
      return false;
  }
}

/** True when no value `schema` admits equals `value`, so the validator must refuse it. */
export function refuses(schema: JsonSchema, value: unknown, where: Arrival): boolean {
  if (value === null && admitsNull(schema)) return false;
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return options.every((option) => refuses(option, value, where));
  if (schema.enum) return !schema.enum.some((option) => option === value || String(option) === value);
  if ('const' in schema) return schema.const !== value && String(schema.const) !== value;
  return refusedByType(schema, value, where);
}

/** Whether a query parameter sent twice (an array of texts) may pass: texts, numbers and enums refuse an array. */
export function admitsRepeatedText(schema: JsonSchema): boolean {
  const options = schema.anyOf ?? schema.oneOf ?? [schema];
  return !options.every((option) => {
    if (option.anyOf ?? option.oneOf) return !admitsRepeatedText(option);
    return option.enum !== undefined || ['string', 'integer', 'number'].includes(option.type ?? '');
  });
}
