import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ID_MAX, isoDate, recordIdText, requiredText } from '@practice/shared';
import type { JsonSchema } from './openapi-operations';
import { admitsRepeatedText, refuses } from './schema-refusal';

/** The OpenAPI 3.0 schema of a zod schema, as the app's document writes it for input. */
const documented = (schema: z.ZodMiniType) =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** What the judge says for each value, checked against zod itself: a value judged refused must fail zod. */
function judged(schema: z.ZodMiniType, values: unknown[], where: 'body' | 'text') {
  const document = documented(schema);
  return values.map((value) => {
    const refused = refuses(document, value, where);
    if (refused) expect(schema.safeParse(value).success, `${JSON.stringify(value)} passed zod`).toBe(false);
    return refused;
  });
}

describe('refuses', () => {
  it('judges text by its length (after trimming), its date and its type', () => {
    const name = requiredText('Name', 5);
    expect(judged(name, ['abcdef', 'abc', '  abc  ', 5, null, ['a'], { a: 1 }], 'body')).toEqual([
      true,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    const date = isoDate('Date');
    expect(judged(date, ['2026-02-30', '2024-02-29', '2026-1-1', 'yesterday', '2026-01-01'], 'body')).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
  });

  it('judges ids written as text as zod coerces them, and leaves what coercion admits', () => {
    const id = recordIdText('Not found');
    expect(
      judged(id, ['abc', '0', '-1', '1.5', String(ID_MAX + 1), '１２', '1e400', '12', ' 12', '1e3', '0x10'], 'text'),
    ).toEqual([true, true, true, true, true, true, true, false, false, false, false]);
  });

  it('leaves null to a nullable field and every option of a union to the union', () => {
    const note = z.nullable(z.string().check(z.maxLength(3)));
    expect(judged(note, [null, 'abcd', 4], 'body')).toEqual([false, true, true]);
    const either = z.union([z.literal(''), z.email().check(z.maxLength(10))]);
    expect(judged(either, ['', 'a@b.com', 'x'.repeat(11), 7], 'body')).toEqual([false, false, true, true]);
    const kind = z.enum(['a', 'b']);
    expect(judged(kind, ['a', 'c', 'Ａ'], 'text')).toEqual([false, true, true]);
  });

  it('never judges a boolean or an array sent as text, nor a field the document leaves open', () => {
    expect(refuses(documented(z.coerce.boolean()), 'maybe', 'text')).toBe(false);
    expect(refuses(documented(z.array(z.string())), 'a', 'text')).toBe(false);
    expect(refuses({}, 'anything', 'body')).toBe(false);
  });
});

describe('admitsRepeatedText', () => {
  it('says a parameter of text, numbers or options refuses being sent twice', () => {
    expect(admitsRepeatedText(documented(z.string()))).toBe(false);
    expect(admitsRepeatedText(documented(z.enum(['a', 'b'])))).toBe(false);
    expect(admitsRepeatedText(documented(z.array(z.string())))).toBe(true);
    expect(admitsRepeatedText({})).toBe(true);
  });
});
