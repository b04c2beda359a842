import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxEvents } from '../../../db/schema/index';
import { pollingWorker } from '../../../lib/polling-worker';
import { SANDBOX_SIGNATURE_HEADER, signSandboxEvent } from './sandbox-signature';

export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox';
export const SANDBOX_MAX_ATTEMPTS = 12;
const BATCH_SIZE = 20;
/** While one process delivers an event, others leave it alone; a crashed one's claim runs out. */
const CLAIM_SECONDS = 60;
const POLL_MS = 5_000;

/** 5, 10, 20 ... seconds after each failed delivery, at most 30 minutes. */
export function sandboxRetrySeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 1800);
}

const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

/** Delivers one event's bytes to a webhook and answers its HTTP status. */
export type WebhookPoster = (body: string, signature: string) => Promise<number>;

/** Posts to this server's own webhook route, as the provider would over the network. */
export function injectPoster(app: FastifyInstance): WebhookPoster {
  return async (body, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    return response.statusCode;
  };
}

export type SandboxDelivery = { kick: () => void; deliverDue: () => Promise<number>; stop: () => Promise<void> };

/**
 * The sandbox provider's webhook queue (ADR 0145), shaped like the mail outbox (ADR 0032):
 * the table is the queue, claims use FOR UPDATE SKIP LOCKED with a lease, an event is signed
 * afresh at each attempt, and any answer but 2xx is retried with backoff until it succeeds or
 * SANDBOX_MAX_ATTEMPTS have failed. It is the provider's side, so it runs on the owner's handle.
 */
export function createSandboxDelivery(
  ownerDb: Db,
  secret: string,
  post: WebhookPoster,
  log: FastifyBaseLogger,
  options: { pollMs?: number } = {},
): SandboxDelivery {
  async function claim() {
    const due = ownerDb
      .select({ id: sandboxEvents.id })
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.status, 'pending'), lte(sandboxEvents.nextAttemptAt, sql`now()`)))
      .orderBy(sandboxEvents.nextAttemptAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return ownerDb
      .update(sandboxEvents)
      .set({ attempts: sql`${sandboxEvents.attempts} + 1`, nextAttemptAt: secondsFromNow(CLAIM_SECONDS) })
      .where(inArray(sandboxEvents.id, due))
      .returning();
  }

  async function deliver(row: typeof sandboxEvents.$inferSelect): Promise<void> {
    let failure: string | null = null;
    try {
      const status = await post(row.body, signSandboxEvent(secret, row.body));
      if (status < 200 || status > 299) failure = `webhook answered ${status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (failure === null) {
      await ownerDb
        .update(sandboxEvents)
        .set({ status: 'delivered', deliveredAt: new Date(), lastError: null })
        .where(eq(sandboxEvents.id, row.id));
      return;
    }
    const givingUp = row.attempts >= SANDBOX_MAX_ATTEMPTS;
    log.warn({ eventId: row.id, attempts: row.attempts, reason: failure }, 'sandbox webhook delivery failed');
    await ownerDb
      .update(sandboxEvents)
      .set({
        status: givingUp ? 'failed' : 'pending',
        lastError: failure.slice(0, 500),
        nextAttemptAt: secondsFromNow(sandboxRetrySeconds(row.attempts)),
      })
      .where(eq(sandboxEvents.id, row.id));
  }

  async function deliverDue(): Promise<number> {
    const rows = await claim();
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  const worker = pollingWorker({
    deliverDue,
    batchSize: BATCH_SIZE,
    pollMs: options.pollMs ?? POLL_MS,
    log,
    failureMessage: 'sandbox webhook round failed',
  });
  return { kick: worker.kick, deliverDue, stop: worker.stop };
}
