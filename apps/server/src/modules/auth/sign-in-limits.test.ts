import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { signInFailures } from '../../db/schema/index';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { Session, createTestApp, type TestApp } from '../../../test/test-app';
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  FAILURE_WINDOW_SECONDS,
  TOO_MANY_ATTEMPTS,
} from './sign-in-limits';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** Each test signs in from its own address so that address counts don't leak between tests. */
function attempt(username: string, password: string, remoteAddress: string) {
  return new Session(testApp.app).request({
    method: 'POST',
    url: '/login',
    payload: { username, password },
    remoteAddress,
    csrf: null,
  });
}

async function fail(username: string, times: number, remoteAddress: string): Promise<void> {
  for (let index = 0; index < times; index += 1) {
    const response = await attempt(username, 'wrong-pass', remoteAddress);
    expect(response.statusCode).toBe(401);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function expectLimited(response: Awaited<ReturnType<typeof attempt>>): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(FAILURE_WINDOW_SECONDS);
}

describe('per-account limit', () => {
  it(`answers 429 with Retry-After after ${ACCOUNT_FAILURE_LIMIT} failures, from any address, any case`, async () => {
    await fail('staff', ACCOUNT_FAILURE_LIMIT, '10.0.1.1');
    expectLimited(await attempt('staff', DEMO_PASSWORD, '10.0.1.1'));
    expectLimited(await attempt('staff', DEMO_PASSWORD, '10.0.1.2'));
    expectLimited(await attempt('STAFF', DEMO_PASSWORD, '10.0.1.3'));
    expect((await attempt('partner', DEMO_PASSWORD, '10.0.1.1')).statusCode).toBe(200);
  });

  it("forgives the account's failures on success", async () => {
    await fail('billing', ACCOUNT_FAILURE_LIMIT - 1, '10.0.2.1');
    expect((await attempt('billing', DEMO_PASSWORD, '10.0.2.1')).statusCode).toBe(200);
    await fail('billing', ACCOUNT_FAILURE_LIMIT - 1, '10.0.2.1');
    expect((await attempt('billing', DEMO_PASSWORD, '10.0.2.1')).statusCode).toBe(200);
  });
});

describe('unknown user and wrong password', () => {
  it('get the same status and message', async () => {
    const unknown = await attempt('nobody-here', 'wrong-pass', '10.0.3.1');
    const wrong = await attempt('manager', 'wrong-pass', '10.0.3.1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'Invalid username or password' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('take a similar time: an unknown user costs one password check too', async () => {
    const address = '10.0.3.3';
    const elapsed = async (username: string) => {
      const started = performance.now();
      expect((await attempt(username, 'wrong-pass', address)).statusCode).toBe(401);
      return performance.now() - started;
    };
    await elapsed('first-unknown');
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, so a burst of other work on the machine slows both kinds alike.
    for (let index = 0; index < 7; index += 1) {
      unknown.push(await elapsed(`unknown-${index}`));
      wrong.push(await elapsed('admin'));
    }
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('an unknown user is limited like a real one, so the answer reveals nothing', async () => {
    await fail('ghost-user', ACCOUNT_FAILURE_LIMIT, '10.0.3.2');
    expectLimited(await attempt('ghost-user', 'wrong-pass', '10.0.3.2'));
  });
});

describe('per-address limit', () => {
  it(`answers 429 after ${ADDRESS_FAILURE_LIMIT} failures from one address across usernames`, async () => {
    const address = '10.0.4.1';
    for (let index = 0; index < ADDRESS_FAILURE_LIMIT; index += 1) {
      const response = await attempt(`spray-${String(index).padStart(3, '0')}`, 'wrong-pass', address);
      expect(response.statusCode).toBe(401);
    }
    expectLimited(await attempt('readonly', DEMO_PASSWORD, address));
    expect((await attempt('readonly', DEMO_PASSWORD, '10.0.4.2')).statusCode).toBe(200);
  });
});

/**
 * Each attempt is counted before its password check, so attempts sent together cannot all
 * read the count from before any of them failed (on PostgreSQL they run truly in parallel).
 */
describe('attempts sent at once', () => {
  it(`let at most ${ACCOUNT_FAILURE_LIMIT} of 16 wrong passwords for one account through`, async () => {
    await testApp.context.database.db.delete(signInFailures).where(eq(signInFailures.key, 'user:admin'));
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => attempt('admin', 'wrong-pass', `10.0.5.${index + 1}`)),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(statuses.filter((status) => status !== 429 && status !== 401)).toEqual([]);
    for (const response of answers.filter((answer) => answer.statusCode === 429)) expectLimited(response);
  });

  it(`let at most ${ADDRESS_FAILURE_LIMIT} failures from one address through across usernames`, async () => {
    const address = '10.0.6.1';
    for (let index = 0; index < ADDRESS_FAILURE_LIMIT - 2; index += 1) {
      expect((await attempt(`sprayed-${index}`, 'wrong-pass', address)).statusCode).toBe(401);
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => attempt(`parallel-${index}`, 'wrong-pass', address)),
    );
    expect(answers.filter((response) => response.statusCode !== 429)).toHaveLength(2);
  });

  it('do not count a right password against the address', async () => {
    const address = '10.0.7.1';
    await testApp.context.database.db
      .insert(signInFailures)
      .values(Array.from({ length: ADDRESS_FAILURE_LIMIT - 1 }, () => ({ key: `ip:${address}` })));
    for (const name of ['manager', 'billing', 'readonly']) {
      expect((await attempt(name, DEMO_PASSWORD, address)).statusCode).toBe(200);
    }
    expect((await attempt('manager', 'wrong-pass', address)).statusCode).toBe(401);
    expectLimited(await attempt('manager', DEMO_PASSWORD, address));
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
