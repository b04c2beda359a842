import { randomInt } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RESERVED_SUBDOMAINS, usernameSchema } from '@practice/shared';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { users } from '../db/schema/index';
import { AppError, conflict } from '../lib/errors';
import { createOrganization, createUser } from '../modules/organizations/organization.service';

export const USAGE = [
  'Usage: npm run create-org -- --name "Firm name" --subdomain firm --admin-username firmadmin --admin-email admin@firm.example',
  '',
  'Creates an organization with its built-in roles and its first administrator, and prints',
  "the administrator's one-time password once. Uses DATABASE_URL, else the embedded database",
  'in DATA_DIR (stop the server first: the embedded database takes one process at a time).',
].join('\n');

const SUBDOMAIN_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A reserved label never names an organization (SPEC 9), and 'main' means none in development. */
const UNUSABLE_SUBDOMAINS = new Set<string>([...RESERVED_SUBDOMAINS, 'main']);

const inputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .min(1, 'Name is required')
    .max(200, 'Name must be at most 200 characters'),
  subdomain: z
    .string({ error: 'Subdomain is required' })
    .min(1, 'Subdomain is required')
    .regex(SUBDOMAIN_PATTERN, 'Subdomain must be 1 to 63 lower-case letters, digits or inner hyphens')
    .refine((subdomain) => !UNUSABLE_SUBDOMAINS.has(subdomain), 'Subdomain is reserved'),
  adminUsername: usernameSchema,
  adminEmail: z
    .string({ error: 'Email is required' })
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .regex(EMAIL_PATTERN, 'Invalid email address'),
});

export type CreateOrgInput = z.infer<typeof inputSchema>;

const OPTION_OF_FIELD: Record<keyof CreateOrgInput, string> = {
  name: '--name',
  subdomain: '--subdomain',
  adminUsername: '--admin-username',
  adminEmail: '--admin-email',
};

/** A mistake in the command line: printed with the usage, exit 1. */
export class UsageError extends Error {}

/** Reads and validates the arguments; every problem is named with its option. */
export function parseCreateOrgArguments(argv: string[]): CreateOrgInput {
  const { values } = parseArgs({
    args: argv,
    options: {
      name: { type: 'string' },
      subdomain: { type: 'string' },
      'admin-username': { type: 'string' },
      'admin-email': { type: 'string' },
    },
    strict: true,
  });
  const parsed = inputSchema.safeParse({
    name: values.name?.trim(),
    subdomain: values.subdomain?.trim(),
    adminUsername: values['admin-username']?.trim(),
    adminEmail: values['admin-email']?.trim(),
  });
  if (parsed.success) return parsed.data;
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const option = OPTION_OF_FIELD[issue.path[0] as keyof CreateOrgInput];
    if (!problems.has(option)) problems.set(option, `${option}: ${issue.message}`);
  }
  throw new UsageError([...problems.values()].join('\n'));
}

/** Unambiguous letters and digits (no 0/O, 1/l/I): the administrator types it once. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** SPEC 5's longest password: 15 characters of this alphabet carry about 87 bits. */
const PASSWORD_LENGTH = 15;

export function oneTimePassword(): string {
  let password = '';
  for (let index = 0; index < PASSWORD_LENGTH; index += 1) {
    password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  }
  return password;
}

export type CreatedFirm = { organizationId: number; userId: number; password: string };

/**
 * Creates the organization, its built-in roles and its administrator in one transaction,
 * so a taken username leaves no organization behind.
 */
export async function createFirm(db: Db, input: CreateOrgInput): Promise<CreatedFirm> {
  const password = oneTimePassword();
  return db.transaction(async (outer) => {
    const tx = outer as unknown as Db;
    // Usernames are global and row-level security hides other firms' users, so this check runs as the owner.
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.adminUsername.toLowerCase()));
    if (taken) throw conflict(`Username ${input.adminUsername} is taken`);
    const organizationId = await createOrganization(tx, { name: input.name, subdomain: input.subdomain });
    const userId = await createUser(tx, organizationId, {
      username: input.adminUsername,
      email: input.adminEmail,
      password,
      roleName: 'admin',
    });
    return { organizationId, userId, password };
  });
}

export type CreateOrgIo = { out: (text: string) => void; err: (text: string) => void };

/** The whole command on an open, migrated database; answers the exit code. */
export async function runCreateOrg(argv: string[], db: Db, publicUrl: string, io: CreateOrgIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  let input: CreateOrgInput;
  try {
    input = parseCreateOrgArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 1;
  }
  try {
    const created = await createFirm(db, input);
    io.out(
      [
        `Created organization "${input.name}" at subdomain ${input.subdomain} (id ${created.organizationId}).`,
        `Administrator: ${input.adminUsername} <${input.adminEmail}>`,
        `One-time password: ${created.password}`,
        'It is shown only this once and is not stored in clear: hand it over safely and change it after the first sign-in.',
        `Sign in at ${publicUrl.replace('{org}', input.subdomain)}`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.err(error.message);
    return 1;
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrate(database);
    return await runCreateOrg(process.argv.slice(2), database.db, config.publicUrl, {
      out: (text) => console.log(text),
      err: (text) => console.error(text),
    });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
