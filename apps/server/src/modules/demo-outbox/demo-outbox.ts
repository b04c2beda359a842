import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import { withTenant } from '../../db/client';
import { mailOutbox, organizations } from '../../db/schema/index';
import { DEMO_FIRMS } from '../../db/seed/demo';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';

/** Enough for the codes and links of a demo session, few enough for one page. */
export const DEMO_OUTBOX_SIZE = 50;

const DEMO_SUBDOMAINS = new Set(DEMO_FIRMS.map((firm) => firm.subdomain));

/**
 * Whether the server keeps its mail (no SMTP_URL) and may show it: in development, or where
 * it seeds the demo firms. With SMTP_URL set the route does not exist at all.
 */
export function servesDemoOutbox(config: Config): boolean {
  return !config.smtpUrl && (config.appEnv === 'development' || config.seedDemo);
}

export type DemoOutboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  created_at: string;
};

/**
 * The firm's last messages with their text, codes and links included: someone trying the
 * product has no mailbox behind the demo addresses. Outside development only a demo firm
 * gets them, so a real firm on a server without SMTP never shows its people's codes.
 */
export async function readDemoOutbox(context: AppContext, actor: SessionUser): Promise<DemoOutboxMessage[]> {
  const organizationId = actor.organizationId;
  return withTenant(context.database.db, organizationId, async (tx) => {
    if (context.config.appEnv !== 'development') {
      const [firm] = await tx
        .select({ subdomain: organizations.subdomain })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (!firm || !DEMO_SUBDOMAINS.has(firm.subdomain)) throw notFound();
    }
    const rows = await tx
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, organizationId))
      .orderBy(desc(mailOutbox.id))
      .limit(DEMO_OUTBOX_SIZE);
    return rows.map(({ createdAt, text, ...row }) => ({
      ...row,
      text: text ?? '',
      created_at: createdAt.toISOString(),
    }));
  });
}
