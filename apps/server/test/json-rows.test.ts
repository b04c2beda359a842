import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client';
import { rowFromJson } from '../src/db/json-rows';
import { invoiceLines, invoices } from '../src/db/schema/index';
import { issuedInvoice } from './money-records';
import { createTestApp, signedIn, type TestApp } from './test-app';
import { createClient, organizationIdOf } from './work-records';

/**
 * The issue reads its invoice and lines as JSON from one SQL function (ADR 0195): decoded by
 * rowFromJson they must be the rows drizzle's own select gives, every column and type.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('rowFromJson', () => {
  it('decodes to_json of an issued invoice and of its lines as select() does', async () => {
    const admin = await signedIn(testApp.app, 'admin');
    const client = await createClient(admin, { legal_name: 'Jsonrow Partners LLC' });
    const issued = await issuedInvoice(admin, client.id, 43_210);
    const organizationId = await organizationIdOf(testApp, 'demo');
    await withTenant(testApp.context.database.db, organizationId, async (tx) => {
      const where = and(eq(invoices.organizationId, organizationId), eq(invoices.id, issued.id));
      const [selected] = await tx.select().from(invoices).where(where);
      const json = (await tx.execute(
        sql`select to_json(i) as row from invoices i where i.organization_id = ${organizationId} and i.id = ${issued.id}`,
      )) as unknown as { rows: { row: Record<string, unknown> }[] };
      const decoded = rowFromJson(invoices, json.rows[0]!.row);
      expect(selected!.accessCodeDigest).toBeTruthy();
      expect(selected!.issuedAt).toBeInstanceOf(Date);
      expect({ ...decoded, accessCodeDigest: Buffer.from(decoded.accessCodeDigest!) }).toEqual({
        ...selected,
        accessCodeDigest: Buffer.from(selected!.accessCodeDigest!),
      });

      const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, issued.id));
      const linesJson = (await tx.execute(
        sql`select to_json(l) as row from invoice_lines l where l.invoice_id = ${issued.id} order by l.id`,
      )) as unknown as { rows: { row: Record<string, unknown> }[] };
      expect(lines.length).toBeGreaterThan(0);
      expect(linesJson.rows.map(({ row }) => rowFromJson(invoiceLines, row))).toEqual(
        [...lines].sort((a, b) => a.id - b.id),
      );
    });
  });
});
