import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanText = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5050),
  WEB_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  API_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_ENV: z.enum(['production', 'development', 'test']).default('production'),
  SMTP_URL: z.string().optional(),
  SECRET_KEY: z.string().optional(),
  SEED_DEMO: booleanText.default(true),
  WEB_DIST: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  webPort: number;
  apiUrl: string | undefined;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  appEnv: 'production' | 'development' | 'test';
  smtpUrl: string | undefined;
  secretKey: string;
  seedDemo: boolean;
  webDist: string | undefined;
  logLevel: string;
  /** The client portal's payment provider: Stripe when both its settings are given, else the sandbox (ADR 0144). */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
};

const WEAK_SECRETS = new Set(['', 'secret', 'changeme', 'change-me', 'default']);

/** A secret kept beside the data so that a restart keeps sessions and encrypted fields readable. */
function secretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function assertStrongSecret(secret: string, source: string): string {
  if (WEAK_SECRETS.has(secret) || secret.length < 32) {
    throw new Error(`${source} must be at least 32 characters and not a default value`);
  }
  return secret;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.parse(environment);
  const dataDir = path.resolve(parsed.DATA_DIR);
  // A secret file emptied or cut short by hand is as weak as a short SECRET_KEY.
  const secretKey =
    parsed.SECRET_KEY === undefined
      ? assertStrongSecret(secretFromDataDir(dataDir), path.join(dataDir, 'secret.key'))
      : assertStrongSecret(parsed.SECRET_KEY, 'SECRET_KEY');
  return {
    port: parsed.PORT,
    webPort: parsed.WEB_PORT,
    apiUrl: parsed.API_URL,
    publicUrl: parsed.PUBLIC_URL,
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    appEnv: parsed.APP_ENV,
    smtpUrl: parsed.SMTP_URL,
    secretKey,
    seedDemo: parsed.SEED_DEMO,
    webDist: parsed.WEB_DIST,
    logLevel: parsed.LOG_LEVEL,
    stripe:
      parsed.STRIPE_SECRET_KEY && parsed.STRIPE_WEBHOOK_SECRET
        ? { secretKey: parsed.STRIPE_SECRET_KEY, webhookSecret: parsed.STRIPE_WEBHOOK_SECRET }
        : undefined,
  };
}
