import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { hashPassword } from '../../modules/auth/passwords';
import type { TaxIdCipher } from '../../modules/clients/tax-id-cipher';
import { createOrganization } from '../../modules/organizations/organization.service';
import { buildBookmarks, buildPortfolios, buildRateOverrides } from './assignments';
import { dropSecondaryIndexes, recreateIndex } from './bulk-indexes';
import { buildClients } from './client-book';
import { insertActivityTypes, type RateChangeDays } from './insert-activity-types';
import { insertBookmarks, insertRateOverrides, insertTaxOnlySubsets } from './insert-client-settings';
import { insertClients, insertContacts } from './insert-clients';
import { insertUsers, takenUsernames } from './insert-people';
import { createInvoiceSlots, insertInvoices } from './insert-invoices';
import { insertPayments } from './insert-payments';
import { createWorkTables, insertWork, monthsOf } from './insert-work';
import { buildUsers } from './people';
import { formatCount, PhaseClock } from './phase-clock';
import { BENCH_PASSWORD, FIRM, TIMEKEEPER_ROLES, type SeedPlan } from './plan';
import { seededRandom } from './random';
import { checkInvoices, checkPayments, checkWork, invoiceProblemsOf, paymentProblemsOf, problemsOf } from './verify';

export const FIRM_TIME_ZONE = 'America/New_York';
/** Fixed seeds: the same scale on the same day builds the same firm. */
const SEED = 20_261_122;
const SQL_SEED = 0.2026;
/** The tables the bulk load fills; their secondary indexes are rebuilt after it. */
const BULK_TABLES = [
  'time_entries',
  'expenses',
  'invoices',
  'invoice_lines',
  'ar_ledger',
  'payments',
  'payment_applications',
];

const FILLED_TABLES = [
  'users',
  'activity_types',
  'activity_type_rates',
  'clients',
  'client_contacts',
  'client_bookmarks',
  'client_activity_types',
  'client_activity_rates',
  ...BULK_TABLES,
  'invoice_number_sequences',
];

/** A reason to stop before writing anything, told to the person running the command. */
export class SeedRefusal extends Error {}

export type SeedSummary = {
  organizationId: number;
  users: number;
  clients: number;
  contacts: number;
  timeEntries: number;
  expenses: number;
  invoices: number;
  invoiceLines: number;
  ledgerRows: number;
  payments: number;
  voidPayments: number;
  applications: number;
  paymentLedgerRows: number;
  seconds: number;
};

export type SeedOptions = { plan: SeedPlan; cipher: TaxIdCipher; log: (line: string) => void };

async function isSuperuser(client: pg.ClientBase): Promise<boolean> {
  const result = await client.query<{ rolsuper: boolean }>(
    'select rolsuper from pg_roles where rolname = current_user',
  );
  return result.rows[0]?.rolsuper === true;
}

/** The two dated rate rises fall on the first of January of the last two years of the history. */
function rateChangeDays(plan: SeedPlan): RateChangeDays {
  const lastYear = Number(plan.lastDay.slice(0, 4));
  return { first: `${lastYear - 1}-01-01`, second: `${lastYear}-01-01` };
}

/**
 * Fills a PostgreSQL database with the large firm in one transaction: a failure at any
 * phase leaves the database as it was. Refuses when the subdomain or a username is taken.
 */
export async function seedLargeFirm(client: pg.Client | pg.PoolClient, options: SeedOptions): Promise<SeedSummary> {
  const { plan, cipher, log } = options;
  const clock = new PhaseClock(log);
  const existing = await client.query('select id from organizations where subdomain = $1', [FIRM.subdomain]);
  if (existing.rowCount) {
    throw new SeedRefusal(
      `This database already holds a firm at subdomain "${FIRM.subdomain}". seed:large fills a fresh database ` +
        '(its rows are never deleted: the audit log is append-only). Create a new database and run it again, e.g. ' +
        'dropdb practice_bench && createdb practice_bench.',
    );
  }
  const random = seededRandom(SEED);
  const people = buildUsers(plan, random);
  const taken = await takenUsernames(client, people);
  if (taken.length > 0) {
    throw new SeedRefusal(`Usernames are global and these are taken already: ${taken.slice(0, 5).join(', ')}`);
  }
  const passwordHash = await clock.run('hash the bench password', () => hashPassword(BENCH_PASSWORD));
  const bypassTriggers = await isSuperuser(client);
  const rateChanges = rateChangeDays(plan);
  const createdAt = `${plan.firstDay}T09:00:00Z`;
  const db = drizzle(client, { schema }) as unknown as Db;

  const summary = await db.transaction(async (tx) => {
    const organizationId = await clock.run('organization and roles', () =>
      createOrganization(tx as unknown as Db, { name: FIRM.name, subdomain: FIRM.subdomain, timeZone: FIRM_TIME_ZONE }),
    );
    // createOrganization switched this transaction to app_user; the bulk load runs as the owner.
    await client.query('reset role');
    await client.query("set local work_mem = '256MB'");
    await client.query("set local maintenance_work_mem = '1GB'");
    // The SQL side draws from random() too: seeded, the same scale on the same day gives the same rows.
    await client.query('select setseed($1)', [SQL_SEED]);
    // Foreign-key triggers off: every row is checked by checkWork before commit instead.
    if (bypassTriggers) await client.query('set local session_replication_role = replica');
    await client.query("update organizations set time_rounding_minutes = 6, time_rounding_mode = 'up' where id = $1", [
      organizationId,
    ]);

    const users = await clock.run(
      'users',
      () => insertUsers(client, organizationId, people, passwordHash, createdAt),
      (rows) => `${formatCount(rows.length)} users`,
    );
    const activityIds = await clock.run(
      'activity types and dated rates',
      () => insertActivityTypes(client, organizationId, rateChanges, createdAt),
      (ids) => `${ids.size} activity types`,
    );
    const idsOf = (role: string) => users.filter((user) => user.roleName === role).map((user) => user.id);
    const book = buildClients(plan, random, idsOf('partner'), idsOf('manager'));
    const clients = await clock.run(
      'clients',
      () => insertClients(client, organizationId, book, cipher),
      (rows) => `${formatCount(rows.length)} clients`,
    );
    const contacts = await clock.run(
      'contacts',
      () => insertContacts(client, organizationId, book, clients),
      (count) => `${formatCount(count)} contacts`,
    );
    const timekeepers = users.filter((user) => TIMEKEEPER_ROLES.includes(user.roleName));
    const portfolios = buildPortfolios(timekeepers, clients, random);
    await clock.run(
      'client activity subsets and rates',
      async () => ({
        subsets: await insertTaxOnlySubsets(client, organizationId, clients),
        overrides: await insertRateOverrides(client, organizationId, buildRateOverrides(clients, plan, random)),
        bookmarks: await insertBookmarks(client, organizationId, buildBookmarks(portfolios, clients, plan, random)),
      }),
      (counts) =>
        `${formatCount(counts.subsets)} disabled pairs, ${formatCount(counts.overrides)} rate overrides, ` +
        `${formatCount(counts.bookmarks)} bookmarks`,
    );

    const dropped = await clock.run(
      'drop secondary indexes',
      () => dropSecondaryIndexes(client, BULK_TABLES),
      (indexes) => indexes.map((index) => index.name).join(', '),
    );
    const context = { organizationId, timeZone: FIRM_TIME_ZONE, plan, rateChanges };
    await createWorkTables(client, context, users, clients, portfolios, activityIds);
    await createInvoiceSlots(
      client,
      context,
      monthsOf(plan.workdays).map((month) => month.from.slice(0, 7)),
    );
    const work = await clock.run(
      'time entries and expenses',
      () =>
        insertWork(client, context, (done, total, counts) => {
          if (done % 6 === 0 || done === total) {
            log(
              `    month ${done}/${total}: ${formatCount(counts.timeEntries)} entries, ${formatCount(counts.expenses)} expenses`,
            );
          }
        }),
      (counts) => `${formatCount(counts.timeEntries)} entries, ${formatCount(counts.expenses)} expenses`,
    );
    const billing = await clock.run(
      'invoice lines, invoices, ledger',
      () => insertInvoices(client, context),
      (counts) =>
        `${formatCount(counts.invoices)} invoices, ${formatCount(counts.invoiceLines)} lines, ` +
        `${formatCount(counts.ledgerRows)} ledger debits`,
    );
    const paid = await clock.run(
      'payments, applications, ledger',
      () => insertPayments(client, context),
      (counts) =>
        `${formatCount(counts.payments)} payments (${formatCount(counts.voidPayments)} void), ` +
        `${formatCount(counts.applications)} applications, ${formatCount(counts.paymentLedgerRows)} ledger rows`,
    );
    for (const index of dropped) await clock.run(`index ${index.name}`, () => recreateIndex(client, index));

    const check = await clock.run('check rows and amounts', async () => {
      await client.query(`analyze ${BULK_TABLES.join(', ')}`);
      return checkWork(client, organizationId);
    });
    const invoiceCheck = await clock.run('check invoices, lines, ledger', async () => {
      await client.query('analyze invoices, invoice_lines, ar_ledger');
      return checkInvoices(client, organizationId);
    });
    const paymentCheck = await clock.run('check payments and balances', async () => {
      await client.query('analyze payments, payment_applications');
      return checkPayments(client, organizationId);
    });
    const problems = [...problemsOf(check), ...invoiceProblemsOf(invoiceCheck), ...paymentProblemsOf(paymentCheck)];
    if (problems.length > 0) throw new Error(`The generated rows are inconsistent: ${problems.join('; ')}`);
    return {
      organizationId,
      users: users.length,
      clients: clients.length,
      contacts,
      timeEntries: work.timeEntries,
      expenses: work.expenses,
      ...billing,
      ...paid,
    };
  });

  await clock.run('vacuum and analyze', async () => {
    for (const table of FILLED_TABLES) {
      await client.query(`vacuum (analyze) ${table}`);
    }
  });
  return { ...summary, seconds: clock.totalSeconds() };
}
