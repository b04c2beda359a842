import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import type { AppContext } from './app-context';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { DEMO_FIRMS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoFirms } from './db/seed/demo';
import { seedDemoActivity } from './db/seed/demo-activity';
import { seedDemoAdmin } from './db/seed/demo-admin';
import { seedDemoBilling } from './db/seed/demo-billing';
import { seedDemoPayments } from './db/seed/demo-payments';
import { seedDemoSupport } from './db/seed/demo-support';
import { createTokenSigner } from './modules/auth/tokens';
import { createTaxIdCipher } from './modules/clients/tax-id-cipher';
import { servesDemoOutbox } from './modules/demo-outbox/demo-outbox';
import { drainOnSignals } from './shutdown';
import { buildWebServer } from './web-server';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(database);
const seeded = config.seedDemo && (await isDatabaseEmpty(database.db)) ? await seedDemoFirms(database.db) : [];
// The demo firms' clients and work, apart from the firms themselves: the server tests' template has the firms only.
const demoWork =
  seeded.length > 0
    ? await seedDemoActivity(database.db, { cipher: createTaxIdCipher(config.secretKey), now: new Date() })
    : [];
const demoBilling =
  demoWork.length > 0 ? await seedDemoBilling(database.db, { now: new Date(), publicUrl: config.publicUrl }) : [];
const demoPayments = demoBilling.length > 0 ? await seedDemoPayments(database.db, { now: new Date() }) : [];
const demoSupport = seeded.length > 0 ? await seedDemoSupport(database.db, { now: new Date() }) : [];

const context: AppContext = {
  config,
  database,
  tokens: createTokenSigner(config.secretKey),
  secureCookies: config.publicUrl.startsWith('https://'),
};
const demoAdmin = seeded.length > 0 ? await seedDemoAdmin(context, { now: new Date() }) : [];
const api = await buildApp(context);
await api.listen({ port: config.port, host: '0.0.0.0' });

const webUrl = `http://localhost:${config.webPort}`;
let web: Awaited<ReturnType<typeof buildWebServer>> | null = null;
if (config.webPort !== 0) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const distDir = config.webDist ?? path.resolve(here, '../../web/dist');
  const apiUrl = config.apiUrl ?? `http://localhost:${config.port}`;
  web = await buildWebServer({
    distDir,
    apiUrl: config.apiUrl,
    apiPort: config.port,
    apiOrigins: [new URL(apiUrl).origin],
    publicUrl: config.publicUrl,
  });
  await web.listen({ port: config.webPort, host: '0.0.0.0' });
}

const lines = [
  '',
  `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}` +
    (applied.length ? ` (applied ${applied.join(', ')})` : ''),
  `API:      http://localhost:${config.port}`,
  web ? `Web app:  ${webUrl}  <- open this` : 'Web app:  not served (WEB_PORT=0)',
];
if (seeded.length > 0 || config.seedDemo) {
  lines.push(
    '',
    'Demo sign-ins (for trying the product only; never use them for real data):',
    ...DEMO_FIRMS.map(
      (firm) => `  ${firm.name} (subdomain ${firm.subdomain}): ${firm.users.map((user) => user.username).join(', ')}`,
    ),
    `  password for every demo user: ${DEMO_PASSWORD}`,
    ...demoWork.map(
      (firm) =>
        `  seeded ${firm.subdomain}: ${firm.clients} clients, ${firm.timeEntries} time entries, ${firm.expenses} expenses`,
    ),
    ...demoBilling.map(
      (firm) => `  billed ${firm.subdomain}: ${firm.invoices} issued invoices, ${firm.invoiceTexts} invoice texts`,
    ),
    ...demoPayments.map((firm) => `  paid ${firm.subdomain}: ${firm.payments} payments`),
    ...demoSupport.map((firm) => `  support ${firm.subdomain}: ${firm.tickets} tickets`),
    ...demoAdmin.map(
      ({ subdomain, people }) =>
        `  admin ${subdomain}: brand colours` +
        (people
          ? `, role ${people.role}, ${people.invited} invited (no password yet), ${people.deactivated} deactivated, ` +
            `${people.trackerEvents} activity log events`
          : ''),
    ),
  );
}
if (servesDemoOutbox(config)) {
  lines.push(
    '',
    'Mail:     no SMTP_URL, so e-mails (2FA codes, reset links) stay in the outbox; sign in as a demo',
    `          firm's administrator (admin) and open Admin -> Demo outbox (${webUrl}/admin/outbox)`,
  );
}
console.log(lines.join('\n'));

drainOnSignals({
  closers: [async () => web?.close(), () => api.close(), () => database.close()],
  log: (message) => api.log.error(message),
  exit: (code) => process.exit(code),
  // Inside the 30 s an orchestrator usually waits between SIGTERM and SIGKILL.
  deadlineMs: 25_000,
});
