import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request, type Page } from '@playwright/test';
import { PERMISSIONS_ACCOUNTS } from './support/accounts';
import { DEMO_PASSWORD, DEMO_USERS, apiUrl } from './support/demo';
import { expect, test } from './support/fixtures';
import { mailTo, nextMailTo } from './support/mail';
import { issuedInvoice } from './support/receivables';
import { apiAs, createClient, csrfOf, unique } from './support/records';
import { expectDashboard, submitPassword } from './support/sign-in';

const TOO_MANY = 'Too many failed sign-in attempts. Please try again later.';

/** Signs a page in through the API as a user of the E2E Permissions firm and opens the dashboard. */
async function signInByApi(page: Page, username: string, firstName: string, api = apiUrl('')): Promise<void> {
  const answer = await page.request.post(`${api}/login`, { data: { username, password: DEMO_PASSWORD } });
  expect(answer.ok(), `POST /login as ${username} answered ${answer.status()}`).toBe(true);
  await page.goto('/');
  await expectDashboard(page, firstName);
}

test.describe('sending to a client needs a flag that changes things', () => {
  test('read-only sees no E-mail button on an invoice, and the call answers 403', async ({ page, login }) => {
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Reader Sees'));
    const invoice = await issuedInvoice(admin, client.id, 12_500, 0, 30);
    await admin.dispose();
    await login('readonly');
    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'E-mail to client' })).toHaveCount(0);
    const sent = await page.request.post(apiUrl(`/invoices/${invoice.id}/email`), {
      data: {},
      headers: { 'X-CSRF-TOKEN': await csrfOf(page) },
    });
    expect(sent.status()).toBe(403);
    expect(await sent.json()).toEqual({ error: 'Permission required: can_edit_invoices' });
  });
});

test.describe('an administrator turns off a lost mailbox two-factor sign-in', () => {
  test('the button turns it off, the person is told and signs in with the password alone', async ({ page }) => {
    const { admin, mailbox } = PERMISSIONS_ACCOUNTS;
    const before = await page.request.post(apiUrl('/login'), {
      data: { username: mailbox.username, password: DEMO_PASSWORD },
    });
    expect((await before.json()).requires_2fa).toBe(true);
    await page.context().clearCookies();

    await signInByApi(page, admin.username, admin.firstName);
    const people = (await (await page.request.get(apiUrl(`/users?q=${mailbox.username}`))).json()) as {
      items: { id: number }[];
    };
    await page.goto(`/users/${people.items[0]!.id}`);
    await expect(page.getByRole('heading', { name: mailbox.fullName })).toBeVisible();
    await expect(page.getByText('E-mail codes on')).toBeVisible();
    const mails = mailTo(mailbox.email).length;
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Turn off two-factor' }).click();
    await expect(page.getByRole('status')).toHaveText(`Two-factor sign-in turned off; ${mailbox.email} was told.`);
    await expect(page.getByRole('button', { name: 'Turn off two-factor' })).toHaveCount(0);
    const told = await nextMailTo(mailbox.email, mails);
    expect(told.subject).toBe('Two-factor sign-in was turned off for your account');

    await page.context().clearCookies();
    const dialog = await submitPassword(page, mailbox.username, DEMO_PASSWORD);
    await expect(dialog).toHaveCount(0, { timeout: 15_000 });
    await expectDashboard(page, mailbox.firstName);
  });
});

test.describe('a locked account and the browser its owner signed in from', () => {
  // The lock outlives a failed run: a retry would start locked out and prove nothing.
  test.describe.configure({ retries: 0 });
  test('the known browser gets in during the lockout, an unknown one does not, the unlock link lets it in once', async ({
    page,
    browser,
  }) => {
    // Eleven password checks, three browsers and a mail, on a busy two-core machine.
    test.setTimeout(150_000);
    const { device } = PERMISSIONS_ACCOUNTS;
    // His own browser: signed in once, through the form, then signed out.
    let form = await submitPassword(page, device.username, DEMO_PASSWORD);
    await expect(form).toHaveCount(0, { timeout: 15_000 });
    await expectDashboard(page, device.firstName);
    // Signed out, as after the session ends: only the known-device cookie stays.
    await page.context().clearCookies({ name: /^(?!known_device$)/ });

    // The attacker, from a browser of his own, until the account is locked.
    const mails = mailTo(device.email).length;
    const attacker = await request.newContext();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await attacker.post(apiUrl('/login'), {
        data: { username: device.username, password: 'guess' + attempt },
      });
      expect(wrong.status()).toBe(401);
    }
    expect(
      (await attacker.post(apiUrl('/login'), { data: { username: device.username, password: 'guess' } })).status(),
    ).toBe(429);
    await attacker.dispose();

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    form = await submitPassword(other, device.username, DEMO_PASSWORD);
    await expect(form.getByRole('alert')).toHaveText(TOO_MANY);

    form = await submitPassword(page, device.username, DEMO_PASSWORD);
    await expect(form).toHaveCount(0, { timeout: 15_000 });
    await expectDashboard(page, device.firstName);

    // The e-mailed link, opened in the other browser, lets it in too; a second use is refused.
    const unlock = await nextMailTo(device.email, mails);
    expect(unlock.subject).toBe('Sign-in to your account was paused');
    const link = /https?:\/\/\S+?(\/unlock\/[A-Za-z0-9._%-]+)/.exec(unlock.text)![1]!;
    await other.goto(link);
    await other.getByRole('button', { name: 'Sign in from this browser' }).click();
    await expect(other.getByRole('status')).toHaveText(
      'This browser can sign in now. Sign in with your username and password.',
    );
    form = await submitPassword(other, device.username, DEMO_PASSWORD);
    await expect(form).toHaveCount(0, { timeout: 15_000 });
    await expectDashboard(other, device.firstName);

    const third = await browser.newContext();
    const again = await third.newPage();
    await again.goto(link);
    await again.getByRole('button', { name: 'Sign in from this browser' }).click();
    await expect(again.getByRole('alert')).toHaveText('This unlock link is invalid, used or expired');
    await third.close();
    await elsewhere.close();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function answering(url: string, server: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 240; tries += 1) {
    if (server.exitCode !== null) throw new Error(`the demo server exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} never answered`);
}

/**
 * What `npm start` is without SMTP_URL: a server of its own (the suite's has an SMTP server),
 * with the demo firms, where the partner's code can only be read in the app (ADR 0205).
 */
test.describe('the demo outbox of a server without SMTP_URL', () => {
  test.describe.configure({ timeout: 180_000 });
  let server: ChildProcess | undefined;
  let dataDir = '';
  let web = '';
  let api = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'practice-e2e-outbox-'));
    const apiPort = await freePort();
    let webPort = await freePort();
    while (webPort === apiPort) webPort = await freePort();
    web = `http://localhost:${webPort}`;
    api = `http://localhost:${apiPort}`;
    const { DATABASE_URL: _database, API_URL: _api, SMTP_URL: _smtp, ...inherited } = process.env;
    const env = {
      ...inherited,
      DATA_DIR: path.join(dataDir, 'data'),
      SEED_DEMO: 'true',
      APP_ENV: 'production',
      PORT: String(apiPort),
      WEB_PORT: String(webPort),
      PUBLIC_URL: web,
      LOG_LEVEL: 'warn',
    };
    // The demo firms alone (as the suite's server), so the start skips the long demo history.
    await new Promise<void>((resolve, reject) => {
      const seed = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/seed-e2e.ts'], {
        env,
        stdio: 'ignore',
      });
      seed.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
    });
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { env, stdio: 'ignore' });
    await answering(`${api}/health`, server);
    await answering(`${web}/runtime-config.js`, server);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      await new Promise((resolve) => {
        server!.once('exit', resolve);
        server!.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the administrator reads the partner's code on the outbox page and the partner signs in with it", async ({
    page,
    browser,
  }) => {
    const answer = await page.request.post(`${api}/login`, { data: { username: 'admin', password: DEMO_PASSWORD } });
    expect(answer.ok()).toBe(true);
    await page.goto(`${web}/admin`);
    await page.getByRole('link', { name: 'Demo outbox' }).click();
    await expect(page.getByRole('heading', { name: 'Demo outbox', level: 1 })).toBeVisible();

    const partnerContext = await browser.newContext({ baseURL: web });
    const partner = await partnerContext.newPage();
    const dialog = await submitPassword(partner, 'partner', DEMO_PASSWORD);
    await expect(dialog).toHaveAccessibleName('Two-Factor Verification');
    await expect(dialog.getByRole('status')).toHaveText('Verification code sent to your email');

    const newest = page.getByRole('list', { name: 'Kept e-mails, newest first' }).getByRole('listitem').first();
    await expect(newest).toContainText(`To ${DEMO_USERS.partner.email}`);
    await expect(newest).toContainText('Your verification code');
    const code = /is: (\d{8})/.exec((await newest.textContent()) ?? '')![1]!;

    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(partner, DEMO_USERS.partner.firstName);
    await partnerContext.close();
  });
});
