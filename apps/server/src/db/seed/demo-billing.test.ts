import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET, createTestApp, type TestApp } from '../../../test/test-app';
import { organizationIdOf, ownerRows } from '../../../test/work-records';
import { createTaxIdCipher } from '../../modules/clients/tax-id-cipher';
import { seedDemoActivity } from './demo-activity';
import {
  DEMO_INVOICE_TEXTS,
  FIXED_FEE_CLIENTS,
  FIXED_FEE_MONTHS,
  seedDemoBilling,
  type SeededBilling,
} from './demo-billing';

describe('the demo firms’ invoices on first start', () => {
  let testApp: TestApp;
  let seeded: SeededBilling[];
  const now = new Date();

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.context.database.db;
    await seedDemoActivity(db, { cipher: createTaxIdCipher(TEST_SECRET), now });
    seeded = await seedDemoBilling(db, { now, publicUrl: 'http://{org}.practice.test' });
  }, 120_000);
  afterAll(() => testApp.close());

  it('gives each demo firm its invoice texts and months of issued invoices', async () => {
    expect(seeded.map((firm) => firm.subdomain)).toEqual(['demo', 'northwind']);
    for (const firm of seeded) {
      expect(firm.invoiceTexts).toBe(DEMO_INVOICE_TEXTS.length);
      expect(firm.invoices).toBeGreaterThan(FIXED_FEE_MONTHS * Math.min(FIXED_FEE_CLIENTS, 8) - 1);
      const organizationId = await organizationIdOf(testApp, firm.subdomain);
      const [span] = await ownerRows<{ months: number; unnumbered: number; gaps: number }>(
        testApp,
        sql`select count(distinct to_char(issue_date, 'YYYY-MM'))::int as months,
                   count(*) filter (where number is null)::int as unnumbered,
                   (max(number_seq) - min(number_seq) + 1 - count(*))::int as gaps
            from invoices where organization_id = ${organizationId}`,
      );
      expect(span!.months).toBeGreaterThanOrEqual(FIXED_FEE_MONTHS);
      expect(span!.unnumbered).toBe(0);
      expect(span!.gaps).toBe(0);
    }
  });

  it('keeps the ledger in step with the invoices, per client, to the cent', async () => {
    const mismatches = await ownerRows(
      testApp,
      sql`select i.organization_id, i.client_id, sum(i.total_cents) as invoiced, l.balance
          from invoices i
          join (select organization_id, client_id, sum(debit_cents - credit_cents) as balance
                from ar_ledger group by 1, 2) l using (organization_id, client_id)
          where i.status <> 'void' group by 1, 2, l.balance having sum(i.total_cents) <> l.balance`,
    );
    expect(mismatches).toEqual([]);
    const billedOff = await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from time_entries t
          where t.status = 'billed' and not exists (
            select 1 from invoice_lines l where l.organization_id = t.organization_id and l.time_entry_id = t.id and not l.released)`,
    );
    expect(billedOff[0]!.n).toBe(0);
  });

  it('leaves the last two weeks of work in WIP and does nothing the second time', async () => {
    const [recent] = await ownerRows<{ n: number }>(
      testApp,
      sql`select count(*)::int as n from time_entries where status = 'completed' and billable and invoice_id is null`,
    );
    expect(recent!.n).toBeGreaterThan(0);
    expect(await seedDemoBilling(testApp.context.database.db, { now, publicUrl: 'http://x' })).toEqual([]);
  });
});
