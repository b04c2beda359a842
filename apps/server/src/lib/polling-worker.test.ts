import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollingWorker, type PollingWorker } from './polling-worker';

const HOUR = 3_600_000;
const workers: PollingWorker[] = [];

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  vi.useRealTimers();
});

/** A queue whose rounds answer the given counts in turn (then 0), each round held until released when gated. */
function queue(counts: number[], options: { gated?: boolean } = {}) {
  const releases: (() => void)[] = [];
  const deliverDue = vi.fn(async () => {
    if (options.gated) await new Promise<void>((resolve) => releases.push(resolve));
    const count = counts.shift() ?? 0;
    if (count < 0) throw new Error('database gone');
    return count;
  });
  const releaseNext = async () => {
    await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
    releases.shift()!();
  };
  return { deliverDue, releaseNext };
}

function start(deliverDue: () => Promise<number>, pollMs = HOUR) {
  const log = { error: vi.fn() };
  const worker = pollingWorker({ deliverDue, batchSize: 3, pollMs, log, failureMessage: 'round failed' });
  workers.push(worker);
  return { worker, log };
}

describe('pollingWorker', () => {
  it('runs rounds while they handle a full batch, and stops at the first short one', async () => {
    const { deliverDue } = queue([3, 3, 1, 3]);
    const { worker } = start(deliverDue);
    worker.kick();
    await vi.waitFor(() => expect(deliverDue).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deliverDue).toHaveBeenCalledTimes(3);
  });

  it('runs one pass at a time: kicks during a run ask for a single pass after it', async () => {
    const { deliverDue, releaseNext } = queue([0, 0, 0], { gated: true });
    const { worker } = start(deliverDue);
    worker.kick();
    worker.kick();
    worker.kick();
    await releaseNext();
    await releaseNext();
    await worker.stop();
    expect(deliverDue).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run and runs again at the next kick', async () => {
    const { deliverDue } = queue([-1, 2]);
    const { worker, log } = start(deliverDue);
    worker.kick();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'round failed'));
    worker.kick();
    await worker.stop();
    expect(deliverDue).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('polls every pollMs', async () => {
    vi.useFakeTimers();
    const { deliverDue } = queue([]);
    start(deliverDue, 1_000);
    expect(deliverDue).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(deliverDue).toHaveBeenCalledTimes(3);
  });

  it('waits for the run under way when stopped, and neither polls nor runs on a kick after', async () => {
    vi.useFakeTimers();
    const { deliverDue, releaseNext } = queue([3, 3], { gated: true });
    const { worker } = start(deliverDue, 1_000);
    worker.kick();
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await releaseNext();
    await stopping;
    expect(deliverDue).toHaveBeenCalledTimes(1);
    worker.kick();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(deliverDue).toHaveBeenCalledTimes(1);
  });
});
