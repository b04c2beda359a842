import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { organizations, verifications } from '../../db/schema/index';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { Session, createTestApp, type TestApp } from '../../../test/test-app';
import { countMails, latestCodeTo, latestMailTo } from '../../../test/outbox';

const PARTNER_EMAIL = 'partner@demo-cpa.example';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** The password step for partner (2FA on), then a code e-mailed for that attempt. */
async function pendingWithCode(username = 'partner', email = PARTNER_EMAIL) {
  const session = new Session(testApp.app);
  const first = await session.signIn(username);
  expect(first.statusCode).toBe(200);
  const sent = await session.request({ url: `/login?action=request_2fa_code&username=${username}` });
  expect(sent.statusCode).toBe(200);
  return { session, code: await latestCodeTo(testApp.context, email) };
}

function submitCode(session: Session, code: string, headers: Record<string, string> = {}) {
  return session.request({ method: 'POST', url: '/login', payload: { '2fa_code': code }, csrf: null, headers });
}

function wrongCodeFor(code: string): string {
  return code === '00000000' ? '11111111' : '00000000';
}

describe('POST /login when a second factor is due', () => {
  it('answers {requires_2fa, success 2FA, has_biometric, has_email, message} without session cookies', async () => {
    const session = new Session(testApp.app);
    const response = await session.signIn('partner');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      requires_2fa: true,
      success: '2FA',
      has_biometric: false,
      has_email: true,
      message: 'Two-factor authentication required',
    });
    const names = response.cookies.map((cookie) => cookie.name);
    expect(names).toEqual(['pending_2fa']);
    const pending = response.cookies[0];
    expect(pending?.httpOnly).toBe(true);
    expect(pending?.sameSite).toBe('Lax');
    expect((await session.request({ url: '/user' })).statusCode).toBe(401);
  });

  it('asks for no second factor from a user without 2FA', async () => {
    const response = await new Session(testApp.app).signIn('manager');
    expect(response.json().username).toBe('manager');
  });

  it('asks every member when the organization requires 2FA', async () => {
    const { db } = testApp.context.database;
    await db.update(organizations).set({ require2fa: true }).where(eq(organizations.subdomain, 'northwind'));
    try {
      const response = await new Session(testApp.app).signIn('nwadmin');
      expect(response.json()).toMatchObject({ requires_2fa: true, has_email: true });
    } finally {
      await db.update(organizations).set({ require2fa: false }).where(eq(organizations.subdomain, 'northwind'));
    }
  });
});

describe('the e-mailed code', () => {
  it('e-mails 8 random digits, stores only a hash, and finishes the sign-in with user and cookies', async () => {
    const { session, code } = await pendingWithCode();
    expect(code).toMatch(/^\d{8}$/);
    const stored = await testApp.context.database.db
      .select({ secretHash: verifications.secretHash })
      .from(verifications)
      .where(eq(verifications.type, 'two-factor-code'));
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.secretHash).not.toContain(code);
    const done = await submitCode(session, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ username: 'partner', role_name: 'partner' });
    expect(done.cookies.find((cookie) => cookie.name === 'pending_2fa')?.value).toBe('');
    expect((await session.request({ url: '/user' })).json().username).toBe('partner');
  });

  it('sends text and HTML parts that say how long the code lasts', async () => {
    await pendingWithCode();
    const mail = await latestMailTo(testApp.context, PARTNER_EMAIL);
    expect(mail.subject).toBe('Your verification code');
    expect(mail.textBody).toContain('expires in 10 minutes');
    expect(mail.htmlBody).toMatch(/<p[^>]*>\s*\d{8}\s*<\/p>/);
  });

  it('draws a different code each time (CSPRNG)', async () => {
    const codes = new Set<string>();
    for (let round = 0; round < 3; round += 1) codes.add((await pendingWithCode()).code);
    expect(codes.size).toBe(3);
  });

  it('works once: the same code again gets 401 and no session', async () => {
    const { session, code } = await pendingWithCode();
    const pendingToken = session.cookie('pending_2fa');
    expect((await submitCode(session, code)).statusCode).toBe(200);
    const replay = new Session(testApp.app);
    replay.setCookie('pending_2fa', pendingToken);
    const again = await submitCode(replay, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'Session expired, please login again' });
    expect(replay.csrfAccess).toBeUndefined();
  });

  it('refuses a wrong code with SPEC 8 text', async () => {
    const { session, code } = await pendingWithCode();
    const wrong = await submitCode(session, wrongCodeFor(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid verification code' });
    expect(session.csrfAccess).toBeUndefined();
    expect((await submitCode(session, code)).statusCode).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const { session, code } = await pendingWithCode();
    await testApp.context.database.db.execute(
      sql`update ${verifications} set expires_at = created_at + interval '10 minutes' - interval '1 hour' where type = 'two-factor-code'`,
    );
    const late = await submitCode(session, code);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: 'Invalid verification code' });
  });

  it('is replaced by a newer code of the same attempt', async () => {
    const { session, code: first } = await pendingWithCode();
    await session.request({ url: '/login?action=request_2fa_code&username=partner' });
    const second = await latestCodeTo(testApp.context, PARTNER_EMAIL);
    if (first !== second) expect((await submitCode(session, first)).statusCode).toBe(401);
    expect((await submitCode(session, second)).statusCode).toBe(200);
  });

  it('is bound to its sign-in attempt: another attempt cannot use it', async () => {
    const { code } = await pendingWithCode();
    const other = new Session(testApp.app);
    await other.signIn('partner');
    const response = await submitCode(other, code);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid verification code' });
  });

  it('is void after 5 wrong tries, even the right code', async () => {
    const { session, code } = await pendingWithCode();
    for (let tries = 0; tries < 5; tries += 1) {
      expect((await submitCode(session, wrongCodeFor(code))).json()).toEqual({ error: 'Invalid verification code' });
    }
    const right = await submitCode(session, code);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ error: 'Session expired, please login again' });
    expect(session.csrfAccess).toBeUndefined();
  });

  it('is refused at another organization’s host', async () => {
    const { session, code } = await pendingWithCode();
    const response = await submitCode(session, code, { origin: 'http://northwind.practice.example' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Session expired, please login again' });
  });

  it("needs exactly 8 characters (SPEC 5's message)", async () => {
    const { session } = await pendingWithCode();
    for (const code of ['1234567', '123456789', '']) {
      const response = await submitCode(session, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Please enter a valid 8-digit authentication code');
    }
  });

  it('needs the pending attempt: no cookie or a forged one gets 401', async () => {
    const none = await submitCode(new Session(testApp.app), '12345678');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Session expired, please login again' });
    const forged = new Session(testApp.app);
    forged.setCookie('pending_2fa', `1.${'A'.repeat(43)}`);
    expect((await submitCode(forged, '12345678')).statusCode).toBe(401);
  });
});

describe('GET /login?action=request_2fa_code', () => {
  it('needs the pending attempt and its own username', async () => {
    const anonymous = await new Session(testApp.app).request({
      url: '/login?action=request_2fa_code&username=partner',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Session expired, please login again' });
    const session = new Session(testApp.app);
    await session.signIn('partner');
    const before = await countMails(testApp.context, 'admin@demo-cpa.example');
    const otherName = await session.request({ url: '/login?action=request_2fa_code&username=admin' });
    expect(otherName.statusCode).toBe(401);
    expect(await countMails(testApp.context, 'admin@demo-cpa.example')).toBe(before);
  });

  it('takes the username in any case and answers a message', async () => {
    const session = new Session(testApp.app);
    await session.signIn('partner');
    const response = await session.request({ url: '/login?action=request_2fa_code&username=PARTNER' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Verification code sent to your email' });
  });

  it('validates the query', async () => {
    const response = await new Session(testApp.app).request({ url: '/login?action=other&username=partner' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Unknown action');
  });

  it('sends at most 5 codes per attempt (429 with Retry-After)', async () => {
    const session = new Session(testApp.app);
    await session.signIn('partner');
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await session.request({ url: '/login?action=request_2fa_code&username=partner' })).statusCode).toBe(200);
    }
    const sixth = await session.request({ url: '/login?action=request_2fa_code&username=partner' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: 'Too many verification codes requested. Please sign in again.' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('development bypass header (SPEC 7)', () => {
  it('is ignored outside development', async () => {
    const response = await new Session(testApp.app).signIn('partner', undefined, { 'x-bypass-2fa': 'true' });
    expect(response.json().requires_2fa).toBe(true);
  });

  it('skips the second factor when APP_ENV is development', async () => {
    const development = await createTestApp({ appEnv: 'development' });
    try {
      const session = new Session(development.app);
      const bypassed = await session.signIn('partner', undefined, { 'x-bypass-2fa': 'true' });
      expect(bypassed.json().username).toBe('partner');
      expect((await session.request({ url: '/user' })).statusCode).toBe(200);
      const without = await new Session(development.app).signIn('partner');
      expect(without.json().requires_2fa).toBe(true);
    } finally {
      await development.close();
    }
  });
});

describe('brute force', () => {
  it('counts wrong codes against the account: after 10 the account gets 429, password or code', async () => {
    const { db } = testApp.context.database;
    await db.execute(sql`delete from sign_in_failures`);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { session, code } = await pendingWithCode();
      for (let tries = 0; tries < 5; tries += 1) {
        expect((await submitCode(session, wrongCodeFor(code))).statusCode).toBe(401);
      }
    }
    const limited = await new Session(testApp.app).signIn('partner');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many failed sign-in attempts. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await db.execute(sql`delete from sign_in_failures`);
  });

  it('forgives the account once the second factor passes, not at the password step', async () => {
    const { db } = testApp.context.database;
    await db.execute(sql`delete from sign_in_failures`);
    const { session, code } = await pendingWithCode();
    await submitCode(session, wrongCodeFor(code));
    const failures = () => db.execute(sql`select count(*)::int as n from sign_in_failures where key = 'user:partner'`);
    const rows = (result: unknown) => (result as { rows: { n: number }[] }).rows[0]?.n;
    await new Session(testApp.app).signIn('partner');
    expect(rows(await failures())).toBe(1);
    expect((await submitCode(session, code)).statusCode).toBe(200);
    expect(rows(await failures())).toBe(0);
  });
});

/** Tries counted before the code is checked, so tries sent at once (truly parallel on PostgreSQL) cannot overrun a limit. */
describe('code tries sent at once', () => {
  it('let at most 10 of 16 wrong codes for one account through', async () => {
    const { db } = testApp.context.database;
    await db.execute(sql`delete from sign_in_failures`);
    const attempts = [];
    for (let index = 0; index < 4; index += 1) attempts.push(await pendingWithCode());
    const answers = await Promise.all(
      attempts.flatMap(({ session, code }) => Array.from({ length: 4 }, () => submitCode(session, wrongCodeFor(code)))),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(10);
    for (const response of answers.filter((answer) => answer.statusCode !== 429)) {
      expect(response.json()).toEqual({ error: 'Invalid verification code' });
    }
    await db.execute(sql`delete from sign_in_failures`);
  });

  it('check at most 5 codes of one attempt, and the attempt is void after them', async () => {
    const { db } = testApp.context.database;
    await db.execute(sql`delete from sign_in_failures`);
    const { session, code } = await pendingWithCode();
    const answers = await Promise.all(Array.from({ length: 9 }, () => submitCode(session, wrongCodeFor(code))));
    const errors = answers.map((response) => response.json().error);
    expect(errors.filter((error) => error === 'Invalid verification code')).toHaveLength(5);
    expect(errors.filter((error) => error !== 'Invalid verification code')).toEqual(
      Array.from({ length: 4 }, () => 'Session expired, please login again'),
    );
    expect((await submitCode(session, code)).json()).toEqual({ error: 'Session expired, please login again' });
    await db.execute(sql`delete from sign_in_failures`);
  });

  it('mail at most 5 codes per attempt', async () => {
    const session = new Session(testApp.app);
    await session.signIn('partner');
    const before = await countMails(testApp.context, PARTNER_EMAIL);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => session.request({ url: '/login?action=request_2fa_code&username=partner' })),
    );
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(4);
    expect((await countMails(testApp.context, PARTNER_EMAIL)) - before).toBe(5);
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
