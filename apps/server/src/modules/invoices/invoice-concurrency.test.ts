import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Session, type TestApp } from '../../../test/test-app';
import { createActivityType, createClient, createTimeEntry, expectStatus, ownerRows } from '../../../test/work-records';

/**
 * Races of billing (PRODUCT.md invariants). On PostgreSQL the requests really run at once
 * on separate pooled connections; on PGlite (one connection) they queue, and the same
 * answers must come out.
 */
describe('billing under concurrency', () => {
  let testApp: TestApp;
  let admin: Session;
  let billing: Session;
  let clientId: number;
  let activityId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedIn(testApp.app, 'admin');
    billing = await signedIn(testApp.app, 'billing');
    clientId = (await createClient(admin)).id;
    activityId = (await createActivityType(admin, { default_rate_cents: 10_000 })).id;
  });
  afterAll(() => testApp.close());

  it('gives 20 parallel issues 20 consecutive numbers, each with one ledger debit', async () => {
    const drafts: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const response = await admin.request({
        method: 'POST',
        url: '/invoices',
        payload: { client_id: clientId, fixed_fees: [{ description: `Fee ${index}`, amount_cents: 1000 + index }] },
      });
      expectStatus(response, 201);
      drafts.push(response.json().id);
    }
    const answers = await Promise.all(
      drafts.map((id, index) =>
        (index % 2 ? billing : admin).request({ method: 'POST', url: `/invoices/${id}/issue` }),
      ),
    );
    for (const answer of answers) expectStatus(answer, 200);
    const sequence = answers.map((answer) => Number((answer.json() as { number: string }).number.replace(/\D/g, '')));
    sequence.sort((a, b) => a - b);
    const first = sequence[0]!;
    expect(sequence).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
    const ledger = await ownerRows<{ n: number; debits: string }>(
      testApp,
      sql`select count(*)::int as n, sum(debit_cents)::text as debits from ar_ledger
          where kind = 'invoice' and invoice_id in (${sql.join(
            drafts.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(ledger[0]).toEqual({ n: 20, debits: String(20 * 1000 + 190) });
    // Issuing one of them again in parallel with itself still gives one number.
    const again = await Promise.all(
      [1, 2, 3].map(() => admin.request({ method: 'POST', url: `/invoices/${drafts[0]}/issue` })),
    );
    expect(again.map((answer) => answer.statusCode)).toEqual([409, 409, 409]);
  });

  it('never puts one item on two drafts when 20 billers race for overlapping entries', async () => {
    const entries: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      const entry = await createTimeEntry(admin, {
        client_id: clientId,
        activity_type_id: activityId,
        billable: true,
        status: 'completed',
        minutes: 30 + index,
      });
      entries.push(entry.id);
    }
    // Biller i asks for entries i and i+1 (mod 10): every request overlaps two others.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? billing : admin).request({
          method: 'POST',
          url: '/invoices',
          payload: { client_id: clientId, time_entry_ids: [entries[index % 10]!, entries[(index + 1) % 10]!] },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    const taken = await ownerRows<{ time_entry_id: number; n: number }>(
      testApp,
      sql`select time_entry_id, count(*)::int as n from invoice_lines
          where not released and time_entry_id in (${sql.join(
            entries.map((id) => sql`${id}`),
            sql`, `,
          )})
          group by time_entry_id`,
    );
    expect(taken.every((row) => row.n === 1)).toBe(true);
    const linked = await ownerRows<{ id: number; invoice_id: number | null }>(
      testApp,
      sql`select id, invoice_id from time_entries where id in (${sql.join(
        entries.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const lines = await ownerRows<{ time_entry_id: number; invoice_id: number }>(
      testApp,
      sql`select time_entry_id, invoice_id from invoice_lines where not released
          and time_entry_id in (${sql.join(
            entries.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    // Each entry's own link agrees with the one line that holds it.
    for (const entry of linked) {
      expect(entry.invoice_id).toBe(lines.find((line) => line.time_entry_id === entry.id)?.invoice_id ?? null);
    }
  });
});
