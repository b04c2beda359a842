import type { FastifyBaseLogger } from 'fastify';

export type PollingWorker = {
  /** Runs rounds now, without waiting; a kick during a run asks for one more pass after it. */
  kick: () => void;
  /** Stops polling and waits for the run under way to end. */
  stop: () => Promise<void>;
};

/**
 * Drives a table-backed queue: a round every pollMs and whenever kicked, one run at a time in
 * this process. A round that handled a full batch may have left more behind, so another follows
 * at once. A failed run is logged and the next poll tries again.
 */
export function pollingWorker(options: {
  /** One round; answers how many items it handled. */
  deliverDue: () => Promise<number>;
  batchSize: number;
  pollMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** What the log says when a run fails. */
  failureMessage: string;
}): PollingWorker {
  const { deliverDue, batchSize, log, failureMessage } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while ((await deliverDue()) === batchSize && !stopped);
        } catch (error) {
          log.error({ err: error }, failureMessage);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  const timer = setInterval(kick, options.pollMs);
  timer.unref();

  return {
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
