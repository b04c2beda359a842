import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from './answer-serializer';

const serializerOf = (schema: z.ZodType) =>
  answerSerializerCompiler({ schema, method: 'GET', url: '/probe', httpStatus: '200' });

describe('the answer serialiser', () => {
  const view = z.object({
    id: z.int(),
    name: z.string(),
    closed_at: z.date().nullable(),
    tags: z.array(z.string()),
    note: z.string().optional(),
  });

  it('writes only the fields the schema names', () => {
    const write = serializerOf(view);
    const written = write({ id: 7, name: 'Acme', closed_at: null, tags: ['a'], password_hash: 'x', tax_id: '123' });
    expect(JSON.parse(written)).toEqual({ id: 7, name: 'Acme', closed_at: null, tags: ['a'] });
  });

  it('writes dates as ISO strings, and an optional field when it is there', () => {
    const write = serializerOf(view);
    const closedAt = new Date('2026-11-25T05:00:00.000Z');
    expect(JSON.parse(write({ id: 1, name: 'B', closed_at: closedAt, tags: [], note: 'n' }))).toEqual({
      id: 1,
      name: 'B',
      closed_at: '2026-11-25T05:00:00.000Z',
      tags: [],
      note: 'n',
    });
  });

  it('refuses an answer without a required field', () => {
    const write = serializerOf(view);
    expect(() => write({ id: 1, closed_at: null, tags: [] })).toThrow(/name/);
  });

  it('passes the fields of an open object through', () => {
    const write = serializerOf(z.looseObject({ kind: z.string() }));
    expect(JSON.parse(write({ kind: 'k', anything: { nested: [1, 2] } }))).toEqual({
      kind: 'k',
      anything: { nested: [1, 2] },
    });
  });
});
