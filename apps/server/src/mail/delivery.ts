import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { pollingWorker } from '../lib/polling-worker';
import type { MailTransport } from './transport';

export const MAX_ATTEMPTS = 10;
const BATCH_SIZE = 20;
/** While one process sends a message, others leave it alone; a crashed sender's claim runs out. */
const CLAIM_SECONDS = 5 * 60;
const DEFAULT_POLL_MS = 10_000;
const KEEP_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** 1, 2, 4 ... minutes after each failure, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Times of the queue come from the database clock, the one every server process shares. */
function secondsFromNow(seconds: number) {
  return sql<Date>`now() + make_interval(secs => ${seconds})`;
}

export type MailDelivery = {
  /** Delivers what is due soon, without waiting: called after a transaction that queued mail commits. */
  kick: () => void;
  /** One delivery round; answers how many messages it handled. */
  deliverDue: () => Promise<number>;
  stop: () => Promise<void>;
};

/**
 * The outbox worker. The table is the queue, so mail survives restarts and several server
 * processes share the work (FOR UPDATE SKIP LOCKED). It reads every organization's mail, so
 * it runs as the table owner, outside row-level security, and touches nothing else.
 */
export function createMailDelivery(
  database: Database,
  transport: MailTransport,
  log: FastifyBaseLogger,
  options: { pollMs?: number } = {},
): MailDelivery {
  const { db } = database;
  let lastPurge = 0;

  async function claim(): Promise<OutboxRow[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: secondsFromNow(CLAIM_SECONDS) })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function settle(row: OutboxRow): Promise<void> {
    const key = and(eq(mailOutbox.organizationId, row.organizationId), eq(mailOutbox.id, row.id));
    try {
      await transport.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody ?? '',
        html: row.htmlBody ?? '',
        attachments: (row.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.content_type,
          content: Buffer.from(file.content_base64, 'base64'),
        })),
      });
      const sent =
        transport.kind === 'smtp'
          ? { status: 'sent' as const, textBody: null, htmlBody: null, attachments: null }
          : { status: 'logged' as const };
      await db
        .update(mailOutbox)
        .set({ ...sent, sentAt: new Date(), lastError: null })
        .where(key);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const givingUp = row.attempts >= MAX_ATTEMPTS;
      log.error(
        { mailId: row.id, organizationId: row.organizationId, attempts: row.attempts, reason },
        givingUp ? 'mail delivery failed for good' : 'mail delivery failed, will retry',
      );
      await db
        .update(mailOutbox)
        .set({
          status: givingUp ? 'failed' : 'pending',
          lastError: reason.slice(0, 500),
          nextAttemptAt: secondsFromNow(retryDelaySeconds(row.attempts)),
        })
        .where(key);
    }
  }

  async function purgeOld(): Promise<void> {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await db
      .delete(mailOutbox)
      .where(and(ne(mailOutbox.status, 'pending'), lt(mailOutbox.createdAt, secondsFromNow(-KEEP_DAYS * 86_400))));
  }

  async function deliverDue(): Promise<number> {
    const rows = await claim();
    for (const row of rows) await settle(row);
    await purgeOld();
    return rows.length;
  }

  const worker = pollingWorker({
    deliverDue,
    batchSize: BATCH_SIZE,
    pollMs: options.pollMs ?? DEFAULT_POLL_MS,
    log,
    failureMessage: 'mail delivery round failed',
  });

  return {
    kick: worker.kick,
    deliverDue,
    stop: async () => {
      await worker.stop();
      transport.close();
    },
  };
}
