import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { createTokenSigner } from '../modules/auth/tokens';

/**
 * Writes the app's OpenAPI document to the file named on the command line, for the linter
 * (npm run lint:openapi). Development registers every route there is; the database is an
 * empty in-memory one, as nothing is served.
 */
async function writeDocument(file: string): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'practice-openapi-'));
  const config = loadConfig({
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ pglite: await PGlite.create({ extensions: { pg_trgm } }) });
  try {
    await migrate(database);
    const app = await buildApp({ config, database, tokens: createTokenSigner(config.secretKey), secureCookies: false });
    try {
      await writeFile(file, JSON.stringify(app.swagger(), null, 2));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node --import tsx apps/server/src/cli/openapi-document.ts <output.json>');
  process.exit(1);
}
await writeDocument(file);
