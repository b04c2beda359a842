import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users, verifications } from '../../db/schema/index';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { countMails, latestMailTo, resetCodeOf, resetLinkIn } from '../../../test/outbox';
import { redactResetCode } from './request-log';

const PUBLIC_URL = 'https://{org}.practice.example';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => testApp.close());

async function clearLimits() {
  await testApp.context.database.db.execute(sql`delete from sign_in_failures`);
}

function requestReset(email: string, headers: Record<string, string> = {}) {
  return new Session(testApp.app).request({ method: 'POST', url: '/reset_password/send', payload: { email }, headers });
}

/** Asks for a reset of a demo address and answers the code from the e-mailed link. */
async function resetCodeFor(email: string): Promise<string> {
  const response = await requestReset(email);
  expect(response.statusCode).toBe(200);
  const mail = await latestMailTo(testApp.context, email);
  return resetCodeOf(resetLinkIn(mail.textBody ?? ''));
}

function choose(code: string, password: string) {
  return new Session(testApp.app).request({
    method: 'POST',
    url: `/reset_password/${encodeURIComponent(code)}`,
    payload: { password },
  });
}

async function isValid(code: string): Promise<boolean> {
  const response = await new Session(testApp.app).request({ url: `/reset_password/${encodeURIComponent(code)}` });
  expect(response.statusCode).toBe(200);
  return response.json().valid;
}

describe('POST /reset_password/send', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    await clearLimits();
    const known = await requestReset('staff@demo-cpa.example');
    const unknown = await requestReset('nobody@demo-cpa.example');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, message: 'Password reset email sent!' });
    expect(await countMails(testApp.context, 'staff@demo-cpa.example')).toBe(1);
    expect(await countMails(testApp.context, 'nobody@demo-cpa.example')).toBe(0);
  });

  it('builds the link from PUBLIC_URL and the user’s subdomain, never from the Host header', async () => {
    await clearLimits();
    await requestReset('manager@demo-cpa.example', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const mail = await latestMailTo(testApp.context, 'manager@demo-cpa.example');
    const link = resetLinkIn(mail.textBody ?? '');
    expect(link).toMatch(/^https:\/\/demo\.practice\.example\/reset_password\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
    expect(mail.htmlBody).toContain(`href="${link}"`);
    expect(mail.htmlBody).not.toContain('evil.example');
  });

  it('looks only in the organization the request comes from', async () => {
    await clearLimits();
    const before = await countMails(testApp.context, 'billing@demo-cpa.example');
    const response = await requestReset('billing@demo-cpa.example', { origin: 'https://northwind.practice.example' });
    expect(response.json()).toEqual({ success: true, message: 'Password reset email sent!' });
    expect(await countMails(testApp.context, 'billing@demo-cpa.example')).toBe(before);
  });

  it("checks the address with SPEC 5's messages", async () => {
    const missing = await new Session(testApp.app).request({
      method: 'POST',
      url: '/reset_password/send',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Email is required');
    const bad = await requestReset('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid email address');
  });

  it('limits requests per address (429 with Retry-After), known or unknown alike', async () => {
    await clearLimits();
    for (const email of ['readonly@demo-cpa.example', 'ghost@demo-cpa.example']) {
      for (let sent = 0; sent < 3; sent += 1) expect((await requestReset(email)).statusCode).toBe(200);
      const limited = await requestReset(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: 'Too many password reset requests. Please try again later.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await countMails(testApp.context, 'readonly@demo-cpa.example')).toBe(3);
  });

  it('limits requests per client address across e-mail addresses', async () => {
    await clearLimits();
    for (let sent = 0; sent < 20; sent += 1) {
      expect((await requestReset(`someone${sent}@example.com`)).statusCode).toBe(200);
    }
    expect((await requestReset('someone-else@example.com')).statusCode).toBe(429);
    await clearLimits();
  });

  it('counts requests sent at once before answering, so no more than 3 mails go out', async () => {
    await clearLimits();
    const before = await countMails(testApp.context, 'manager@demo-cpa.example');
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestReset('manager@demo-cpa.example')));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(5);
    expect((await countMails(testApp.context, 'manager@demo-cpa.example')) - before).toBe(3);
    await clearLimits();
  });
});

describe('/reset_password/{resetCode}', () => {
  it('stores the code only hashed', async () => {
    await clearLimits();
    const code = await resetCodeFor('nwadmin@northwind.example');
    const rows = await testApp.context.database.db
      .select({ secretHash: verifications.secretHash })
      .from(verifications)
      .where(eq(verifications.type, 'password-reset'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.secretHash).not.toContain(code);
      expect(row.secretHash).not.toContain(code.split('.')[1]);
    }
  });

  it('sets the password once, revokes every session, signs nobody in, and keeps 2FA', async () => {
    await clearLimits();
    const session = await signedIn(testApp.app, 'staff');
    const code = await resetCodeFor('staff@demo-cpa.example');
    expect(await isValid(code)).toBe(true);
    const reset = await choose(code, 'River-stone-42');
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
    expect((await session.request({ url: '/user' })).statusCode).toBe(401);
    expect(await isValid(code)).toBe(false);
    const again = await choose(code, 'Another-one-7');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'This password reset link is invalid or has expired' });
    expect((await new Session(testApp.app).signIn('staff')).statusCode).toBe(401);
    expect((await new Session(testApp.app).signIn('staff', 'River-stone-42')).json().username).toBe('staff');
    const [stored] = await testApp.context.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.username, 'staff'));
    expect(stored?.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('does not skip the second factor afterwards', async () => {
    await clearLimits();
    const code = await resetCodeFor('partner@demo-cpa.example');
    expect((await choose(code, 'Quiet-harbor-9')).statusCode).toBe(200);
    const signIn = await new Session(testApp.app).signIn('partner', 'Quiet-harbor-9');
    expect(signIn.json()).toMatchObject({ requires_2fa: true });
  });

  it('expires after one hour', async () => {
    await clearLimits();
    const code = await resetCodeFor('manager@demo-cpa.example');
    await testApp.context.database.db.execute(
      sql`update ${verifications} set expires_at = now() - interval '1 second' where type = 'password-reset'`,
    );
    expect(await isValid(code)).toBe(false);
    expect((await choose(code, 'Maple-leaf-31')).statusCode).toBe(400);
  });

  it('keeps only the newest link of a user', async () => {
    await clearLimits();
    const first = await resetCodeFor('admin@demo-cpa.example');
    const second = await resetCodeFor('admin@demo-cpa.example');
    expect(await isValid(first)).toBe(false);
    expect(await isValid(second)).toBe(true);
  });

  it('refuses short, long, common and username passwords, and the link stays usable', async () => {
    await clearLimits();
    const code = await resetCodeFor('billing@demo-cpa.example');
    const cases: [string, string][] = [
      ['abcd', 'Password must be at least 5 characters'],
      ['a'.repeat(16), 'Password must be at most 15 characters'],
      ['password1', 'This password is too common. Please choose a less guessable one.'],
      ['Qwerty123', 'This password is too common. Please choose a less guessable one.'],
      ['BILLING', 'Your password must not be your username.'],
    ];
    for (const [password, message] of cases) {
      const response = await choose(code, password);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect(await isValid(code)).toBe(true);
    expect((await choose(code, 'Copper-kettle-5')).statusCode).toBe(200);
  });

  it('refuses a made-up, malformed or re-addressed code', async () => {
    for (const made of ['nonsense', `1.${'A'.repeat(43)}`, `99999.${'B'.repeat(43)}`]) {
      expect(await isValid(made)).toBe(false);
      expect((await choose(made, 'Copper-kettle-5')).statusCode).toBe(400);
    }
    await clearLimits();
    const real = await resetCodeFor('nwstaff@northwind.example');
    const [organization, secret] = real.split('.');
    const moved = `${Number(organization) === 1 ? 2 : 1}.${secret}`;
    expect(await isValid(moved)).toBe(false);
  });
});

describe('logging', () => {
  it('masks the reset code in logged URLs', () => {
    expect(redactResetCode('/reset_password/3.abcdef')).toBe('/reset_password/[redacted]');
    expect(redactResetCode('/reset_password/send')).toBe('/reset_password/send');
    expect(redactResetCode('/login?action=request_2fa_code')).toBe('/login?action=request_2fa_code');
  });
});

it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
  expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
});
