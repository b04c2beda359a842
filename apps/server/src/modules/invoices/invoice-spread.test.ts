import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createActivityType, createClient, createTimeEntry, expectStatus } from '../../../test/work-records';

type Item = { standard_cents: number; amount_cents: number; write_cents: number };

/**
 * The spread as POST /invoices stores it (PRODUCT.md): for random entries and bill amounts,
 * the billed amounts sum to the bill exactly, each write is billed - standard, and only the
 * largest item differs from its floor share.
 */
describe('POST /invoices spreads any bill amount cents-exact (fast-check)', () => {
  let testApp: TestApp;
  let admin: Session;
  let clientId: number;
  const rates: number[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedIn(testApp.app, 'admin');
    clientId = (await createClient(admin)).id;
    for (const rate of [9_999, 17_500, 33_333]) {
      rates.push((await createActivityType(admin, { default_rate_cents: rate })).id);
    }
  });
  afterAll(() => testApp.close());

  it('holds for random entries and bills', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ minutes: fc.integer({ min: 1, max: 600 }), activity: fc.integer({ min: 0, max: 2 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 300 }),
        async (work, percent) => {
          const ids: number[] = [];
          let standard = 0;
          for (const item of work) {
            const entry = await createTimeEntry(admin, {
              client_id: clientId,
              activity_type_id: rates[item.activity],
              minutes: item.minutes,
              billable: true,
              status: 'completed',
            });
            ids.push(entry.id);
            standard += entry.amount_cents;
          }
          const bill = Math.floor((standard * percent) / 100);
          const created = await admin.request({
            method: 'POST',
            url: '/invoices',
            payload: { client_id: clientId, time_entry_ids: ids, bill_cents: bill, write_reason: 'Agreed fee' },
          });
          expectStatus(created, 201);
          const items = created.json().items as Item[];
          expect(items.reduce((sum, item) => sum + item.amount_cents, 0)).toBe(bill);
          for (const item of items) expect(item.write_cents).toBe(item.amount_cents - item.standard_cents);
          const largest = items.reduce(
            (max, item, index) => (item.standard_cents > items[max]!.standard_cents ? index : max),
            0,
          );
          items.forEach((item, index) => {
            const floor = standard === 0 ? 0 : Math.floor((bill * item.standard_cents) / standard);
            if (index !== largest && standard > 0) expect(item.amount_cents).toBe(floor);
          });
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
