import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFigures } from '../../../test/money-records';
import { TEST_SECRET, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { ownerRows } from '../../../test/work-records';
import { sql } from 'drizzle-orm';
import { createTaxIdCipher } from '../../modules/clients/tax-id-cipher';
import type { AgingItem } from '../../modules/ledger/ledger-aging';
import { seedDemoActivity } from './demo-activity';
import { seedDemoBilling } from './demo-billing';
import { DEMO_CREDIT_CENTS, DEMO_REFUND_CENTS, seedDemoPayments, type SeededPayments } from './demo-payments';

describe('the demo firms’ payments on first start', () => {
  let testApp: TestApp;
  let seeded: SeededPayments[];
  const now = new Date();

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.context.database.db;
    await seedDemoActivity(db, { cipher: createTaxIdCipher(TEST_SECRET), now });
    await seedDemoBilling(db, { now, publicUrl: 'http://{org}.practice.test' });
    seeded = await seedDemoPayments(db, { now });
  }, 180_000);
  afterAll(() => testApp.close());

  it('pays part of the invoices so the aging shows every bucket and an unapplied credit', async () => {
    expect(seeded.map((firm) => firm.subdomain)).toEqual(['demo', 'northwind']);
    expect(seeded.every((firm) => firm.payments > 0)).toBe(true);
    const admin = await signedIn(testApp.app, 'admin');
    const aging = await admin.request({ url: '/ledger/aging' });
    expect(aging.statusCode).toBe(200);
    const { items, totals } = aging.json() as { items: AgingItem[]; totals: AgingItem };
    for (const bucket of [
      'current_cents',
      'days_1_30_cents',
      'days_31_60_cents',
      'days_61_90_cents',
      'days_over_90_cents',
    ] as const) {
      expect(totals[bucket], bucket).toBeGreaterThan(0);
    }
    const credited = items.find((item) => item.unapplied_cents === -DEMO_CREDIT_CENTS);
    expect(credited).toBeDefined();
    const refunds = await admin.request({ url: `/clients/${credited!.client_id}/refunds` });
    expect(refunds.json()).toMatchObject({
      unapplied_cents: DEMO_CREDIT_CENTS,
      items: [{ amount_cents: DEMO_REFUND_CENTS, reference: 'R-1' }],
    });
    const statuses = await ownerRows<{ status: string }>(testApp, sql`select distinct status from invoices`);
    expect(statuses.map((row) => row.status).sort()).toEqual(['paid', 'partial', 'pending']);
  });

  it('keeps every invariant for every demo client', async () => {
    const clients = await ownerRows<{ id: number }>(testApp, sql`select distinct client_id as id from invoices`);
    for (const { id } of clients) {
      const figures = await clientFigures(testApp, id);
      expect(figures.ledger).toBe(figures.fromDocuments);
      expect(figures.ledger).toBe(figures.openBalances - figures.unapplied);
    }
  });

  it('is not seeded twice', async () => {
    expect(await seedDemoPayments(testApp.context.database.db, { now })).toEqual([]);
  });
});
