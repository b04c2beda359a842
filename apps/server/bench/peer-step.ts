import type pg from 'pg';
import type { BenchUser, LoadResult } from './load';
import { measureScenario, type LoadTimes } from './measure';
import type { ScenarioOutcome } from './report';
import { USER_SCENARIO } from './scenarios';
import { startBarePeer } from './server-process';

export const BARE_PEER_NAME = 'bare peer: GET /user';

/**
 * GET /user on the bare Fastify peer (bench/bare-peer.ts), measured as the product's calls
 * are, with the same signed-in users (the peer verifies their tokens with the same secret).
 */
export async function benchBarePeer(
  databaseUrl: string,
  client: pg.ClientBase,
  users: BenchUser[],
  times: LoadTimes,
): Promise<{ outcome: ScenarioOutcome; results: LoadResult[] }> {
  const peer = await startBarePeer(databaseUrl);
  try {
    return await measureScenario(peer, client, { ...USER_SCENARIO, name: BARE_PEER_NAME }, users, times);
  } finally {
    await peer.stop();
  }
}
