import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import type { AppContext } from '../app-context';
import { openDatabase, withTenant, type Database } from '../db/client';
import { createTokenSigner } from '../modules/auth/tokens';
import { markupCents } from '../modules/expenses/expenses.service';
import { resolveRate } from '../modules/rates/rate-resolver';
import { amountCents } from '../modules/time-entries/time-math';
import { testDatabaseKind } from '../../test/database-template';
import { Session, TEST_SECRET, testConfig } from '../../test/test-app';
import { parseSeedLargeArguments, runSeedLarge } from './seed-large';
import { ADMIN_USERNAME, BENCH_PASSWORD, FIRM, ScaleError } from './seed-large/plan';
import { checkInvoices, checkPayments, invoiceProblemsOf, paymentProblemsOf } from './seed-large/verify';

describe('seed:large arguments', () => {
  it('fills PostgreSQL only: without DATABASE_URL it refuses before opening anything', () => {
    expect(() => parseSeedLargeArguments(['--scale', '0.01'], undefined)).toThrow(ScaleError);
    expect(() => parseSeedLargeArguments(['--scale', '0.01'], undefined)).toThrow(/DATABASE_URL/);
  });

  it('needs a scale above 0 and at most 1', () => {
    expect(parseSeedLargeArguments(['--scale', '0.5'], 'postgres://x')).toBe(0.5);
    expect(() => parseSeedLargeArguments([], 'postgres://x')).toThrow(/--scale is required/);
    expect(() => parseSeedLargeArguments(['--scale', '2'], 'postgres://x')).toThrow(/at most 1/);
  });

  it('answers 1 with the usage on the embedded database', async () => {
    const errors: string[] = [];
    const code = await runSeedLarge(
      ['--scale', '0.01'],
      { SECRET_KEY: TEST_SECRET },
      {
        out: () => undefined,
        err: (text) => errors.push(text),
      },
    );
    expect(code).toBe(1);
    expect(errors.join('\n')).toMatch(/fills PostgreSQL only[\s\S]*Usage:/);
  });
});

// Filling a database of its own needs a PostgreSQL server: the server-pg project runs this part.
if (testDatabaseKind() === 'postgres') {
  describe('seed:large on PostgreSQL', () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `practice_seed_${randomBytes(4).toString('hex')}`;
    const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
    const output: string[] = [];
    let database: Database;
    let organizationId: number;

    async function adminQuery(text: string): Promise<void> {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(text).finally(() => client.end());
    }

    beforeAll(async () => {
      await adminQuery(`create database ${name} template ${inject('PRACTICE_TEST_TEMPLATE')}`);
      const code = await runSeedLarge(
        ['--scale', '0.001'],
        { DATABASE_URL: url, SECRET_KEY: TEST_SECRET },
        {
          out: (text) => output.push(text),
          err: (text) => output.push(text),
        },
      );
      expect(code, output.join('\n')).toBe(0);
      database = await openDatabase({ databaseUrl: url, poolSize: 4 });
      const [firm] = (
        (await database.db.execute(
          sql`select id from organizations where subdomain = ${FIRM.subdomain}`,
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      organizationId = firm!.id;
    }, 120_000);

    afterAll(async () => {
      await database?.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    });

    it('prints its plan and a time for each phase', () => {
      const text = output.join('\n');
      expect(text).toMatch(/Seeding "Large Firm LLP" at scale 0\.001/);
      expect(text).toMatch(/time entries and expenses\s+\d+\.\d s/);
      expect(text).toMatch(/Done in \d+\.\d s/);
    });

    it('captures on every sampled entry the rate and amount the time-entry service would', async () => {
      await withTenant(database.db, organizationId, async (tx) => {
        const sample = // Each source of the rate, and each side of the activity types' two dated rises.
          (
            (await tx.execute(sql`
            with rises as (
              select make_date(extract(year from max(entry_date))::int - 1, 1, 1) as first,
                make_date(extract(year from max(entry_date))::int, 1, 1) as second
              from time_entries
            )
            (select * from time_entries where rate_source = 'client' order by id limit 40)
            union all (select * from time_entries where rate_source = 'user' order by id limit 40)
            union all (select t.* from time_entries t, rises where t.entry_date < rises.first order by id desc limit 40)
            union all (select t.* from time_entries t, rises
              where t.entry_date >= rises.first and t.entry_date < rises.second order by id limit 40)
            union all (select t.* from time_entries t, rises where t.entry_date >= rises.second order by id limit 40)`)) as unknown as {
              rows: {
                user_id: number;
                client_id: number;
                activity_type_id: number;
                entry_date: string;
                minutes: number;
                rate_cents: number;
                rate_source: string;
                amount_cents: number;
              }[];
            }
          ).rows;
        expect(new Set(sample.map((entry) => entry.rate_source))).toEqual(new Set(['client', 'user', 'activity']));
        for (const entry of sample) {
          const rate = await resolveRate(tx, {
            organizationId,
            userId: entry.user_id,
            clientId: entry.client_id,
            activityTypeId: entry.activity_type_id,
            date: String(entry.entry_date),
          });
          expect({ rate: entry.rate_cents, source: entry.rate_source }).toEqual({
            rate: rate.rateCents,
            source: rate.source,
          });
          expect(entry.amount_cents).toBe(amountCents(entry.rate_cents, entry.minutes));
          expect(entry.minutes % 6).toBe(0);
        }
      });
    });

    it('marks up some expenses exactly as the expenses service does', async () => {
      const rows = (
        (await database.db.execute(sql`
          select amount_cents, markup_basis_points, total_cents from expenses
          where organization_id = ${organizationId} order by markup_basis_points desc, id limit 50`)) as unknown as {
          rows: { amount_cents: number; markup_basis_points: number; total_cents: number }[];
        }
      ).rows;
      expect(rows.some((row) => row.markup_basis_points > 0)).toBe(true);
      for (const row of rows) {
        expect(row.total_cents).toBe(row.amount_cents + markupCents(row.amount_cents, row.markup_basis_points));
      }
    });

    it('lets its users sign in with the bench password and reads back their data, tax IDs included', async () => {
      const config = testConfig({ databaseUrl: url, secretKey: TEST_SECRET });
      const context: AppContext = { config, database, tokens: createTokenSigner(TEST_SECRET), secureCookies: false };
      const app = await buildApp(context);
      try {
        const session = new Session(app);
        const signIn = await session.signIn(ADMIN_USERNAME, BENCH_PASSWORD);
        expect(signIn.statusCode, signIn.body).toBe(200);
        const list = await session.request({ url: '/clients?page=1' });
        expect(list.statusCode).toBe(200);
        const page = list.json<{ total: number; items: { id: number }[] }>();
        expect(page.total).toBe(50);
        const withTaxId = await withTenant(
          database.db,
          organizationId,
          async (tx) =>
            (
              (await tx.execute(
                sql`select id from clients where tax_id_ciphertext is not null order by id limit 1`,
              )) as unknown as { rows: { id: number }[] }
            ).rows[0]!.id,
        );
        const revealed = await session.request({ url: `/clients/${withTaxId}/tax-id` });
        expect(revealed.statusCode, revealed.body).toBe(200);
        expect(revealed.json<{ tax_id: string }>().tax_id).toMatch(/^\d{2,3}-\d{2,7}(-\d{4})?$/);
      } finally {
        await app.close();
      }
    });

    it('issues invoices that keep the invariants of ADR 0110, and leaves recent work in WIP', async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const check = await checkInvoices(client, organizationId);
        expect(invoiceProblemsOf(check)).toEqual([]);
        expect(check.invoices).toBeGreaterThan(100);
        expect(check.invoiceLines).toBeGreaterThan(check.invoices);
        const { rows } = await client.query<{ billed: string; wip: string; written: string; last_billed: string }>(
          `select count(*) filter (where status = 'billed') as billed,
             count(*) filter (where status = 'completed' and billable and invoice_id is null) as wip,
             (select count(*) from invoice_lines where organization_id = $1 and write_cents < 0) as written,
             max(entry_date) filter (where status = 'billed')::text as last_billed
           from time_entries where organization_id = $1`,
          [organizationId],
        );
        expect(Number(rows[0]!.billed)).toBeGreaterThan(0);
        expect(Number(rows[0]!.wip)).toBeGreaterThan(0);
        expect(Number(rows[0]!.written)).toBeGreaterThan(0);
        expect(output.join('\n')).toMatch(/invoice lines, invoices, ledger\s+\d+\.\d s\s+[\d,]+ invoices/);
      } finally {
        await client.end();
      }
    });

    it('pays most invoices, some late, in part or twice, and keeps every balance invariant', async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const check = await checkPayments(client, organizationId);
        expect(paymentProblemsOf(check)).toEqual([]);
        expect(check.payments).toBeGreaterThan(50);
        expect(check.applications).toBeGreaterThan(50);
        const { rows } = await client.query<Record<string, string>>(
          `select (select count(*) from invoices where organization_id = $1 and status = 'paid') as paid,
             (select count(*) from invoices where organization_id = $1 and status = 'partial') as partial,
             (select count(*) from invoices where organization_id = $1 and status = 'pending') as pending,
             (select count(*) from payments where organization_id = $1 and status = 'void') as voids,
             (select count(*) from payments where organization_id = $1 and status = 'active'
               and applied_cents < amount_cents) as credits,
             (select count(*) from payments p join invoices i on i.organization_id = p.organization_id
               join payment_applications a on a.organization_id = p.organization_id and a.payment_id = p.id
                 and a.invoice_id = i.id
               where p.organization_id = $1 and p.payment_date > i.due_date) as late,
             (select count(*) from payments where organization_id = $1 and payment_date > current_date) as future,
             (select is_called and last_value = (select max(id) from payments) from payments_id_seq) as sequence_at_max`,
          [organizationId],
        );
        const row = rows[0]!;
        expect(Number(row.paid)).toBeGreaterThan(Number(row.pending));
        for (const name of ['partial', 'pending', 'late']) expect(Number(row[name]), name).toBeGreaterThan(0);
        expect(Number(row.future)).toBe(0);
        expect(row.sequence_at_max).toBe(true);
        // Voids and credits are rare (about 1 % and 0.5 %): at this scale there may be none, but not too many.
        expect(Number(row.voids) + Number(row.credits)).toBeLessThan(check.payments / 20);
        expect(output.join('\n')).toMatch(/payments, applications, ledger\s+\d+\.\d s\s+[\d,]+ payments/);
      } finally {
        await client.end();
      }
    });

    it('answers the seeded invoices through the API, and the next issue takes the next number', async () => {
      const config = testConfig({ databaseUrl: url, secretKey: TEST_SECRET });
      const context: AppContext = { config, database, tokens: createTokenSigner(TEST_SECRET), secureCookies: false };
      const app = await buildApp(context);
      try {
        const session = new Session(app);
        expect((await session.signIn(ADMIN_USERNAME, BENCH_PASSWORD)).statusCode).toBe(200);
        // Most seeded invoices are paid: the whole list, newest first, ends at the last number.
        const list = await session.request({ url: '/invoices?page=1' });
        expect(list.statusCode, list.body).toBe(200);
        const page = list.json<{ total: number; items: { id: number; number: string; total_cents: number }[] }>();
        expect(page.total).toBeGreaterThan(100);
        const newest = page.items[0]!;
        expect(newest.number).toBe(`INV-${page.total}`);
        const detail = await session.request({ url: `/invoices/${newest.id}` });
        expect(detail.statusCode, detail.body).toBe(200);
        const pdf = await session.request({ url: `/invoices/${newest.id}/pdf` });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toMatch(/application\/pdf/);

        const wip = await withTenant(
          database.db,
          organizationId,
          async (tx) =>
            (
              (await tx.execute(sql`
                select client_id, id from time_entries
                where status = 'completed' and billable and invoice_id is null order by client_id, id limit 1`)) as unknown as {
                rows: { client_id: number; id: number }[];
              }
            ).rows[0]!,
        );
        const draft = await session.request({
          method: 'POST',
          url: '/invoices',
          payload: { client_id: wip.client_id, time_entry_ids: [wip.id] },
        });
        expect(draft.statusCode, draft.body).toBe(201);
        const issued = await session.request({
          method: 'POST',
          url: `/invoices/${draft.json<{ id: number }>().id}/issue`,
          payload: {},
        });
        expect(issued.statusCode, issued.body).toBe(200);
        expect(issued.json<{ number: string }>().number).toBe(`INV-${page.total + 1}`);
      } finally {
        await app.close();
      }
    });

    it('refuses a second run on the same database and writes nothing', async () => {
      const errors: string[] = [];
      const code = await runSeedLarge(
        ['--scale', '0.001'],
        { DATABASE_URL: url, SECRET_KEY: TEST_SECRET },
        {
          out: () => undefined,
          err: (text) => errors.push(text),
        },
      );
      expect(code).toBe(1);
      expect(errors.join('\n')).toMatch(/already holds a firm at subdomain "large"/);
      const [count] = (
        (await database.db.execute(
          sql`select count(*)::int as firms from organizations where subdomain = 'large'`,
        )) as unknown as {
          rows: { firms: number }[];
        }
      ).rows;
      expect(count!.firms).toBe(1);
    });
  });
}
