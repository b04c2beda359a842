import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, createTestApp, signedIn, type TestApp } from '../../../test/test-app';
import { latestMailTo, mailsTo } from '../../../test/outbox';
import { KNOWN_DEVICE_COOKIE } from './known-device';
import { ACCOUNT_FAILURE_LIMIT, TOO_MANY_ATTEMPTS } from './sign-in-limits';
import { INVALID_UNLOCK_LINK } from './unlock-link';

const VICTIM = 'staff';
const VICTIM_EMAIL = 'staff@demo-cpa.example';
const UNLOCK_SUBJECT = 'Sign-in to your account was paused';

describe('a locked account and the devices its owner signed in from (ADR 0206)', () => {
  let testApp: TestApp;
  let laptopCookie: string;

  /** A browser that holds nothing but, when given, its known-device cookie. */
  function browser(knownDevice?: string): Session {
    const session = new Session(testApp.app);
    session.setCookie(KNOWN_DEVICE_COOKIE, knownDevice);
    return session;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    const laptop = await signedIn(testApp.app, VICTIM);
    laptopCookie = laptop.cookie(KNOWN_DEVICE_COOKIE)!;
    // Locked out: the attacker's ten wrong passwords, from a browser the account never used.
    const attacker = browser();
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT; attempt += 1) {
      expect((await attacker.signIn(VICTIM, 'wrongpass1')).statusCode).toBe(401);
    }
  });
  afterAll(() => testApp.close());

  it('marks the browser of a completed sign-in as known, httpOnly and long-lived', async () => {
    const response = await browser().signIn('billing');
    const cookie = response.cookies.find((candidate) => candidate.name === KNOWN_DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    expect(laptopCookie).toMatch(/^\d+\.\d+\.[\w-]{22}\.[\w-]{43}$/);
  });

  it('keeps unknown browsers out, the right password too, however the cookie is forged', async () => {
    const refused = await browser().signIn(VICTIM);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
    const tampered = `${laptopCookie.slice(0, -2)}${laptopCookie.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await browser(tampered).signIn(VICTIM)).statusCode).toBe(429);
    // Another user's known browser is not this user's.
    const billingCookie = (await browser().signIn('billing')).cookies.find(
      (candidate) => candidate.name === KNOWN_DEVICE_COOKIE,
    )!.value;
    expect((await browser(billingCookie).signIn(VICTIM)).statusCode).toBe(429);
  });

  it('lets the owner in from the browser he signed in from before', async () => {
    const laptop = browser(laptopCookie);
    const answer = await laptop.signIn(VICTIM);
    expect(answer.statusCode).toBe(200);
    expect(laptop.csrfAccess).toBeTruthy();
    expect(laptop.cookie(KNOWN_DEVICE_COOKIE)).toBe(laptopCookie);
    // The attack goes on: still locked for unknown browsers.
    expect((await browser().signIn(VICTIM)).statusCode).toBe(429);
  });

  it('e-mails the owner one unlock link per window, which works once', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await browser().signIn(VICTIM, 'wrongpass2');
    const sent = await latestMailTo(testApp.context, VICTIM_EMAIL);
    expect(sent.subject).toBe(UNLOCK_SUBJECT);
    const unlockMails = (await mailsTo(testApp.context, VICTIM_EMAIL)).filter(
      (mail) => mail.subject === UNLOCK_SUBJECT,
    );
    expect(unlockMails).toHaveLength(1);
    const link = /(https?:\/\/\S+\/unlock\/(\S+))/.exec(sent.textBody ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![2]!);

    const phone = browser();
    expect((await phone.signIn(VICTIM)).statusCode).toBe(429);
    const unlocked = await phone.request({ method: 'POST', url: '/login/unlock', payload: { token }, csrf: null });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ message: 'This browser can sign in now' });
    expect((await phone.signIn(VICTIM)).statusCode).toBe(200);

    const again = await browser().request({ method: 'POST', url: '/login/unlock', payload: { token }, csrf: null });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: INVALID_UNLOCK_LINK });
    for (const bad of ['', 'nope', '1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const refused = await browser().request({
        method: 'POST',
        url: '/login/unlock',
        payload: { token: bad },
        csrf: null,
      });
      expect(refused.statusCode, bad).toBe(400);
    }
  });

  it('gives a known browser its own limit: ten wrong passwords there lock that browser', async () => {
    const laptop = browser(laptopCookie);
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT; attempt += 1) {
      expect((await laptop.signIn(VICTIM, 'wrongpass3')).statusCode).toBe(401);
    }
    expect((await laptop.signIn(VICTIM)).statusCode).toBe(429);
  });
});
