import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORY_LABELS, formatHours, formatMoney } from '@practice/shared';
import { createTestApp, type TestApp } from './test-app';

/**
 * The feed's sentences are written by the database (migration 0052) with the app's hours,
 * money and expense labels: these compare them with @practice/shared's, value by value.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function one<T>(statement: ReturnType<typeof sql>): Promise<T> {
  const result = (await testApp.context.database.db.execute(statement)) as unknown as { rows: { value: T }[] };
  return result.rows[0]!.value;
}

const MINUTES = [0, 1, 2, 3, 5, 6, 9, 15, 20, 21, 27, 33, 45, 59, 60, 90, 99, 117, 123_456, -9, -1, -5, -6];
const CENTS = [0, 1, 5, 99, 100, 12_345, 100_000, 123_456_789, 100_000_000, -1, -123_456];

describe('the activity feed’s text in SQL', () => {
  it('writes hours as formatHours does', async () => {
    const shown = await one<string[]>(
      sql`select array_agg(hours_text(m) order by i) as value from unnest(${`{${MINUTES.join(',')}}`}::numeric[]) with ordinality as t(m, i)`,
    );
    expect(shown).toEqual(MINUTES.map((minutes) => formatHours(minutes)));
  });

  it('writes money as formatMoney does with decimals', async () => {
    const shown = await one<string[]>(
      sql`select array_agg(money_text(c) order by i) as value from unnest(${`{${CENTS.join(',')}}`}::numeric[]) with ordinality as t(c, i)`,
    );
    expect(shown).toEqual(CENTS.map((cents) => formatMoney(cents, { decimals: true })));
  });

  it('labels every expense category as the app does, and an unknown one Expense', async () => {
    for (const [category, label] of [...Object.entries(EXPENSE_CATEGORY_LABELS), ['gadgets', 'Expense']]) {
      const snapshot = JSON.stringify({ amount_cents: 1250, category });
      const text = await one<string>(
        sql`select activity_description('expense', 'create', ${snapshot}::jsonb, 'Acme', 'AC1') as value`,
      );
      expect(text).toBe(`Added expense $12.50 (${label}) for Acme`);
    }
  });

  it('describes each kind of change, and survives a snapshot without its numbers', async () => {
    const describe = (entity: string, action: string, snapshot: object, client: string | null) =>
      one<string>(
        sql`select activity_description(${entity}, ${action}, ${JSON.stringify(snapshot)}::jsonb, ${client}, 'AC1') as value`,
      );
    expect(await describe('time_entry', 'update', { minutes: 9 }, 'Acme')).toBe('Updated 0.2 h for Acme');
    expect(await describe('time_entry', 'delete', { minutes: 'many' }, null)).toBe('Deleted 0.0 h');
    expect(await describe('client', 'create', { legal_name: 'Birch LLC', client_id: 'BIR1' }, null)).toBe(
      'Created client Birch LLC (BIR1)',
    );
    expect(await describe('client', 'update', {}, 'Acme')).toBe('Updated client Acme (AC1)');
    expect(await describe('activity_type', 'create', { name: 'Audit', code: 'AUD' }, null)).toBe(
      'Created activity type Audit (AUD)',
    );
    expect(await describe('invoice', 'issue', {}, null)).toBe('issue invoice  ()');
  });
});
