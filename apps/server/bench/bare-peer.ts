import cookie from '@fastify/cookie';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { openDatabase, withTenant } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { ACCESS_COOKIE } from '../src/modules/auth/cookies';
import { createTokenSigner } from '../src/modules/auth/tokens';

/**
 * The bare Fastify peer of GET /user (issue 19, ADR 0178): the work the call cannot do
 * without and nothing else. The access token from the cookie, verified by the product's
 * signer (jose, with its verified-token cache, ADR 0088), then one transaction that sets the
 * signed tenant and reads the user row (the product's withTenant on the app_user pool, ADR
 * 0064 and 0098). No logger, no plugin but the cookie parser, no revocation check, no role,
 * no bookmarks. The bench loads it beside the product: what it costs per request is what
 * this machine costs, so the product's figures read against it.
 * Started by bench/server-process.ts with the product's environment (DATABASE_URL, SECRET_KEY or DATA_DIR, PORT).
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl });
await database.prepareRoles();
const tokens = createTokenSigner(config.secretKey);

const app = Fastify();
await app.register(cookie);
app.get('/health', async () => ({ ok: true }));
app.get('/user', async (request, reply) => {
  const token = request.cookies[ACCESS_COOKIE];
  const verdict = token ? await tokens.verifyAccess(token) : null;
  if (!verdict?.ok) return reply.code(401).send({ error: 'Unauthorized' });
  const { organizationId, userId } = verdict.claims;
  const [user] = await withTenant(database.db, organizationId, (tx) =>
    tx
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
        organization_id: users.organizationId,
      })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.id, userId))),
  );
  if (!user) return reply.code(401).send({ error: 'Unauthorized' });
  return user;
});
await app.listen({ port: config.port, host: '127.0.0.1' });

async function shutdown(): Promise<void> {
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
