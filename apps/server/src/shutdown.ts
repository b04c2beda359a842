/**
 * What SIGTERM and SIGINT do: each closer in turn (the listeners first: Fastify refuses new
 * requests, lets those in flight finish and then runs its onClose hooks, which stop the mail
 * and payment workers; the database last), then exit 0. A second signal during the drain
 * neither starts a second one (the pools end once) nor cuts the first short. A drain that
 * fails, or outlasts `deadlineMs` (a request or an SMTP send that never ends), exits 1.
 */
export function drainOnSignals(options: {
  closers: (() => Promise<unknown>)[];
  log: (message: string) => void;
  exit: (code: number) => void;
  deadlineMs: number;
  signals?: NodeJS.Signals[];
}): () => Promise<void> {
  const { closers, log, exit, deadlineMs, signals = ['SIGTERM', 'SIGINT'] } = options;
  let draining: Promise<void> | null = null;
  const drain = () => {
    draining ??= (async () => {
      const deadline = setTimeout(() => {
        log(`shutdown: still draining after ${deadlineMs} ms, exiting anyway`);
        exit(1);
      }, deadlineMs);
      deadline.unref();
      try {
        for (const close of closers) await close();
        exit(0);
      } catch (error) {
        log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      } finally {
        clearTimeout(deadline);
      }
    })();
    return draining;
  };
  for (const signal of signals) process.on(signal, () => void drain());
  return drain;
}
