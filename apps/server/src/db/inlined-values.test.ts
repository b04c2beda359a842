import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/database-template';
import { inlined, type Database } from './client';

/** Strings that an escaping by quote doubling alone reads differently once backslashes escape. */
const TRICKY = ["it's", 'C:\\files\\', "\\'; select 1; --", "two '' quotes", 'a \\u0041 escape', 'new\\nline'];

let database: Database;
let dispose: () => Promise<void>;
let organizationId: number;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase(inject('PRACTICE_TEST_TEMPLATE')));
  const result = (await database.db.execute(sql`select min(id) as id from organizations`)) as unknown as {
    rows: { id: number }[];
  };
  organizationId = result.rows[0]!.id;
});
afterAll(() => dispose());

describe('values that readAsTenant inlines (ADR 0177)', () => {
  it('read back exactly as given', async () => {
    for (const value of TRICKY) {
      const [row] = await database.readAsTenant<{ value: string }>(organizationId, sql`select ${value} as value`);
      expect(row?.value).toBe(value);
    }
  });

  it.each(['on', 'off'])(
    'read back the same with standard_conforming_strings %s, which a pooler does not let the app pin',
    async (setting) => {
      const values = await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local standard_conforming_strings = ${setting}`));
        const read = [];
        for (const value of TRICKY) {
          const result = (await tx.execute(sql.raw(inlined(sql`select ${value} as value`)))) as unknown as {
            rows: { value: string }[];
          };
          read.push(result.rows[0]?.value);
        }
        return read;
      });
      expect(values).toEqual(TRICKY);
    },
  );
});
