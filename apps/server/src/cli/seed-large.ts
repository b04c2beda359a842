import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { createTaxIdCipher } from '../modules/clients/tax-id-cipher';
import { dateInZone } from '../modules/time-entries/calendar';
import { formatCount } from './seed-large/phase-clock';
import {
  ADMIN_USERNAME,
  BENCH_PASSWORD,
  FIRM,
  parseScale,
  planFor,
  ScaleError,
  type SeedPlan,
} from './seed-large/plan';
import { FIRM_TIME_ZONE, SeedRefusal, seedLargeFirm } from './seed-large/seed-large-firm';

export const USAGE = [
  'Usage: DATABASE_URL=postgres://... npm run seed:large -- --scale N',
  '',
  `Fills a fresh PostgreSQL database with "${FIRM.name}" (subdomain ${FIRM.subdomain}). --scale 1 is the`,
  'full firm of issue 4: 2,000 staff, 50,000 clients, about 10 million time entries over 3 years;',
  '--scale 0.01 is a hundredth of the people and clients, each keeping a full 3 years of time.',
  `Every user's password is ${BENCH_PASSWORD}. Tax IDs are encrypted with SECRET_KEY (or DATA_DIR's key):`,
  'run the server with the same one.',
].join('\n');

export type SeedLargeIo = { out: (text: string) => void; err: (text: string) => void };

/** The command's arguments and environment, checked before anything is opened. */
export function parseSeedLargeArguments(argv: string[], databaseUrl: string | undefined): number {
  const { values } = parseArgs({ args: argv, options: { scale: { type: 'string' } }, strict: true });
  if (!databaseUrl) {
    throw new ScaleError(
      'seed:large fills PostgreSQL only: set DATABASE_URL (the embedded PGlite database serves one process ' +
        'and is not meant for millions of rows).',
    );
  }
  return parseScale(values.scale);
}

function describePlan(plan: SeedPlan): string {
  return [
    `Seeding "${FIRM.name}" at scale ${plan.scale}, ${plan.firstDay} to ${plan.lastDay} (${plan.workdays.length} working days):`,
    `  ${formatCount(plan.users)} users (${Object.entries(plan.roles)
      .map(([role, count]) => `${count} ${role}`)
      .join(', ')}), ${formatCount(plan.clients)} clients,`,
    `  about ${formatCount(plan.expectedTimeEntries)} time entries (${plan.entriesPerWorkday.toFixed(2)} per timekeeper ` +
      'and working day) and one expense per 20 entries.',
  ].join('\n');
}

export async function runSeedLarge(argv: string[], environment: NodeJS.ProcessEnv, io: SeedLargeIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const config = loadConfig(environment);
  let scale: number;
  try {
    scale = parseSeedLargeArguments(argv, config.databaseUrl);
  } catch (error) {
    if (!(error instanceof ScaleError) && !(error instanceof TypeError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 1;
  }
  const plan = planFor(scale, dateInZone(new Date(), FIRM_TIME_ZONE));
  io.out(describePlan(plan));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const summary = await seedLargeFirm(client, { plan, cipher: createTaxIdCipher(config.secretKey), log: io.out });
    io.out(
      [
        `Done in ${summary.seconds.toFixed(1)} s: ${formatCount(summary.users)} users, ${formatCount(summary.clients)} clients, ` +
          `${formatCount(summary.contacts)} contacts, ${formatCount(summary.timeEntries)} time entries, ` +
          `${formatCount(summary.expenses)} expenses, ${formatCount(summary.invoices)} issued invoices with ` +
          `${formatCount(summary.invoiceLines)} lines and ${formatCount(summary.ledgerRows)} ledger debits, ` +
          `${formatCount(summary.payments)} payments (${formatCount(summary.voidPayments)} void) ` +
          `(organization ${summary.organizationId}).`,
        `Sign in at subdomain ${FIRM.subdomain} as ${ADMIN_USERNAME} (or any of its users) with password ${BENCH_PASSWORD}.`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof SeedRefusal)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSeedLarge(process.argv.slice(2), process.env, {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
