import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { INVALID_ACCESS_CODE, type PortalCheckout, type PortalInvoice } from '@practice/shared';
import { idempotencyKeys, invoices, paymentCheckouts, sandboxCheckouts, sandboxEvents } from '../../db/schema/index';
import { clientFigures, invoiceOf, issuedInvoice, ledgerRowsOf } from '../../../test/money-records';
import { mailsTo } from '../../../test/outbox';
import {
  PortalBrowser,
  checkoutRow,
  checkoutsOf,
  makeEventsDue,
  portalPaymentsOf,
  testDelivery,
} from '../../../test/portal';
import { undeclaredAnswersOf } from '../../../test/answer-record';
import { createTestApp, signedIn, TEST_SECRET, type Session, type TestApp } from '../../../test/test-app';
import { createClient, expectStatus, organizationIdOf, uniqueCode } from '../../../test/work-records';
import { BAD_IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_REQUIRED } from '../payments/idempotency';
import { PORTAL_ADDRESS_LIMIT, PORTAL_CODE_LIMIT, TOO_MANY_CODE_ATTEMPTS } from './portal-access';
import { alreadyPaidMessage } from '../payments/provider-payments.service';
import { NOTHING_TO_PAY, checkoutInProgress } from './portal-checkout.service';
import { CHECKOUT_HOLD_MINUTES } from './providers/provider';
import { BAD_SIGNATURE } from './portal.routes';
import { PORTAL_COOKIE, PORTAL_SESSION_EXPIRED, signPortalSession } from './portal-session';
import { CARD_DECLINED, NOT_A_TEST_CARD } from './providers/sandbox-page';
import { SANDBOX_WEBHOOK_PATH } from './providers/sandbox-delivery';
import { SANDBOX_SIGNATURE_HEADER, sandboxWebhookSecret, signSandboxEvent } from './providers/sandbox-signature';

type Issued = { id: number; number: string; access_code: string; client_id: number };

/**
 * The client portal end to end through HTTP (issue 14): codes and sessions, the sandbox's
 * hosted card page and its signed webhook, and a payment recorded exactly once per event.
 * On PostgreSQL the parallel requests run at once; on PGlite they queue.
 */
describe('client portal (API.md "Client portal")', () => {
  let testApp: TestApp;
  let admin: Session;
  let foreign: Session;
  let demoId: number;
  let addressCounter = 10;
  const nextAddress = () => `203.0.113.${addressCounter++}`;

  async function invoiceFor(session: Session, amountCents: number, email?: string): Promise<Issued> {
    const client = await createClient(session, email ? { invoice_email: email } : {});
    const issued = await issuedInvoice(session, client.id, amountCents);
    return { ...(issued as unknown as Issued), client_id: client.id };
  }

  async function openedBrowser(code: string): Promise<PortalBrowser> {
    const browser = new PortalBrowser(testApp, nextAddress());
    expectStatus(await browser.open(code), 200);
    return browser;
  }

  async function startPayment(browser: PortalBrowser, amountCents: number, key = uniqueCode('key')) {
    return browser.request({
      method: 'POST',
      url: '/client-portal/payment',
      payload: { amount_cents: amountCents },
      headers: { 'idempotency-key': key },
    });
  }

  /** The client on the sandbox's page: answers the page's redirect or its own status. */
  async function submitCard(checkout: PortalCheckout, card: string) {
    return testApp.app.inject({
      method: 'POST',
      url: checkout.url!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card_number: card, expiry: '12/39', cvc: '123', name: 'Pat Client' }).toString(),
    });
  }

  /** Pays through the sandbox and lets its queue deliver the event. */
  async function payByCard(browser: PortalBrowser, amountCents: number, card = '4242 4242 4242 4242') {
    const started = await startPayment(browser, amountCents);
    expectStatus(started, 201);
    const checkout: PortalCheckout = started.json();
    const submitted = await submitCard(checkout, card);
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toBe(
      `http://localhost:3000/client-portal/payment?checkout=${checkout.checkout_id}`,
    );
    return settled(browser, checkout.checkout_id);
  }

  /** The portal's receipt page waits the same way: the app's own sandbox queue delivers the event. */
  async function settled(browser: PortalBrowser, checkoutId: string): Promise<PortalCheckout> {
    return vi.waitFor(
      async () => {
        const after = await browser.request({ url: `/client-portal/payment/${checkoutId}` });
        expectStatus(after, 200);
        const body: PortalCheckout = after.json();
        if (body.status === 'open') throw new Error('not settled yet');
        return body;
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  /** The event the sandbox sends when its card step settles a checkout (sandbox-page.ts), built by the test. */
  async function sandboxEvent(checkout: PortalCheckout, type = 'checkout.succeeded'): Promise<string> {
    const row = await checkoutRow(testApp, checkout.checkout_id);
    return JSON.stringify({
      id: `evt_${randomUUID()}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        checkout_id: `sbx_${checkout.checkout_id}`,
        amount_cents: checkout.amount_cents,
        failure_message: type === 'checkout.succeeded' ? null : CARD_DECLINED,
        metadata: { organization_id: String(row!.organizationId), checkout_id: checkout.checkout_id },
      },
    });
  }

  function deliver(body: string, signature = signSandboxEvent(sandboxWebhookSecret(TEST_SECRET), body)) {
    return testApp.app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: body,
    });
  }

  /** How many Idempotency-Key rows the firm has, read as the table owner. */
  async function idempotencyKeysOf(organizationId: number): Promise<number> {
    const [row] = await testApp.context.database.db
      .select({ count: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.organizationId, organizationId));
    return row!.count;
  }

  async function expectInvariants(clientId: number) {
    const figures = await clientFigures(testApp, clientId);
    expect(figures.ledger).toBe(figures.fromDocuments);
    expect(figures.ledger).toBe(figures.openBalances - figures.unapplied);
    expect(figures.invoiceAppliedMismatches + figures.paymentAppliedMismatches + figures.overApplied).toBe(0);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'error', dataDir: await mkdtemp(path.join(tmpdir(), 'portal-logo-')) });
    admin = await signedIn(testApp.app, 'admin');
    foreign = await signedIn(testApp.app, 'nwadmin');
    demoId = await organizationIdOf(testApp, 'demo');
  });
  afterAll(() => testApp.close());

  describe('access codes and the portal session', () => {
    it('opens the invoice of a code, typed in any case and with spaces, and reads that invoice only', async () => {
      const invoice = await invoiceFor(admin, 12_345);
      const browser = new PortalBrowser(testApp, nextAddress());
      const typed = `${invoice.access_code.slice(0, 4).toLowerCase()} ${invoice.access_code.slice(4)}`;
      const opened = await browser.open(typed);
      expectStatus(opened, 200);
      const cookie = opened.cookies.find((candidate) => candidate.name === PORTAL_COOKIE) as
        { httpOnly?: boolean; sameSite?: string; path?: string; maxAge?: number } | undefined;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/client-portal', maxAge: 1800 });
      const body: PortalInvoice = opened.json();
      expect(body.invoice).toMatchObject({ id: invoice.id, number: invoice.number, balance_cents: 12_345 });
      expect(body.payable).toBe(true);
      // Demo CPA has no logo yet: the page asks for none.
      expect(body.firm.logo_url).toBeNull();
      // Nothing of the firm's inside: no rates, write-ups, staff, access code.
      expect(JSON.stringify(body)).not.toMatch(/write_cents|standard_cents|access_code|rate_cents/);
      const read = await browser.request({ url: '/client-portal/invoice' });
      expectStatus(read, 200);
      expect(read.json().invoice.id).toBe(invoice.id);
      const pdf = await browser.request({ url: '/client-portal/invoice/pdf' });
      expectStatus(pdf, 200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain('attachment');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('gives each invoice a code of its own, 12 symbols, kept with the SHA-256 digest it is found by', async () => {
      const issued: Issued[] = [];
      for (let index = 0; index < 6; index += 1) issued.push(await invoiceFor(admin, 1000));
      const codes = issued.map((invoice) => invoice.access_code);
      for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(new Set(codes).size).toBe(codes.length);
      // Invoices issued one after another share no run of their codes: nothing counts up.
      for (let index = 1; index < codes.length; index += 1) {
        const same = [...codes[index]!].filter((symbol, at) => symbol === codes[index - 1]![at]).length;
        expect(same, `${codes[index - 1]} then ${codes[index]}`).toBeLessThan(6);
      }
      const stored = await testApp.context.database.db
        .select({ id: invoices.id, digest: invoices.accessCodeDigest })
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, demoId),
            inArray(
              invoices.id,
              issued.map((invoice) => invoice.id),
            ),
          ),
        );
      for (const invoice of issued) {
        const digest = stored.find((row) => row.id === invoice.id)!.digest;
        expect(Buffer.from(digest!).equals(createHash('sha256').update(invoice.access_code).digest())).toBe(true);
      }
    });

    it("shows the firm's logo at an address that names the firm, as the portal page fetches it", async () => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const boundary = 'portal-logo';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
      const uploaded = await admin.request({
        method: 'POST',
        url: '/api/organization/logo',
        payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expectStatus(uploaded, 200);
      try {
        const invoice = await invoiceFor(admin, 1_000);
        const body: PortalInvoice = (await new PortalBrowser(testApp, nextAddress()).open(invoice.access_code)).json();
        expect(body.firm.logo_url).toBe(uploaded.json().logo_url);
        expect(body.firm.logo_url).toMatch(/^\/api\/organization\/logo\?org=demo&v=/);
        // The portal page's host may name no firm, and it sends no cookie for the image.
        const logo = await testApp.app.inject({ url: body.firm.logo_url! });
        expectStatus(logo, 200);
        expect(logo.headers['content-type']).toBe('image/png');
        expect(logo.rawPayload.equals(png)).toBe(true);
      } finally {
        expectStatus(await admin.request({ method: 'DELETE', url: '/api/organization/logo' }), 200);
      }
    });

    it('answers 404 Invalid access code for an unknown code, a malformed one and a void invoice', async () => {
      const browser = new PortalBrowser(testApp, nextAddress());
      for (const code of ['ABCDEFGHJKLM', 'short', 'O0O0O0O0O0O0']) {
        const response = await browser.open(code);
        expectStatus(response, 404);
        expect(response.json().error).toBe(INVALID_ACCESS_CODE);
        expect(browser.session).toBeUndefined();
      }
      const invoice = await invoiceFor(admin, 5000);
      const holder = await openedBrowser(invoice.access_code);
      const voided = await admin.request({
        method: 'POST',
        url: `/invoices/${invoice.id}/void`,
        payload: { reason: 'Issued by mistake' },
      });
      expectStatus(voided, 200);
      const again = await browser.open(invoice.access_code);
      expectStatus(again, 404);
      expect(again.json().error).toBe(INVALID_ACCESS_CODE);
      // A session opened before the void reads nothing any more.
      expectStatus(await holder.request({ url: '/client-portal/invoice' }), 404);
      expectStatus(await holder.request({ url: '/client-portal/invoice/pdf' }), 404);
    });

    it("opens another firm's invoice only at no firm's address or its own: at this firm's address it is invalid", async () => {
      const theirs = await invoiceFor(foreign, 7000);
      const atOurs = await new PortalBrowser(testApp, nextAddress()).open(theirs.access_code, {
        host: 'demo.practice.test',
      });
      expectStatus(atOurs, 404);
      expect(atOurs.json().error).toBe(INVALID_ACCESS_CODE);
      const atUnknown = await new PortalBrowser(testApp, nextAddress()).open(theirs.access_code, {
        host: 'nosuchfirm.practice.test',
      });
      expectStatus(atUnknown, 404);
      const atTheirs = await new PortalBrowser(testApp, nextAddress()).open(theirs.access_code, {
        host: 'northwind.practice.test',
      });
      expectStatus(atTheirs, 200);
      expect(atTheirs.json().invoice.id).toBe(theirs.id);
    });

    it('refuses a missing, altered or expired session (401) and a write without its CSRF value (403)', async () => {
      const invoice = await invoiceFor(admin, 4000);
      const other = await invoiceFor(admin, 9000);
      const browser = await openedBrowser(invoice.access_code);
      const none = await new PortalBrowser(testApp).request({ url: '/client-portal/invoice' });
      expectStatus(none, 401);
      expect(none.json().error).toBe(PORTAL_SESSION_EXPIRED);
      // The session names its invoice inside a signed value: pointing it at another invoice breaks it.
      const [payload, signature] = browser.session!.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, i: other.id })).toString('base64url');
      browser.cookies.set(PORTAL_COOKIE, `${forged}.${signature}`);
      expectStatus(await browser.request({ url: '/client-portal/invoice' }), 401);
      const expired = signPortalSession(TEST_SECRET, {
        organizationId: claims.o,
        invoiceId: invoice.id,
        csrf: claims.c,
        expiresAt: Date.now() - 1000,
      });
      browser.cookies.set(PORTAL_COOKIE, expired);
      const late = await browser.request({ url: '/client-portal/invoice' });
      expectStatus(late, 401);
      expect(late.json().error).toBe(PORTAL_SESSION_EXPIRED);
      const fresh = await openedBrowser(invoice.access_code);
      const withoutCsrf = await fresh.request({
        method: 'POST',
        url: '/client-portal/payment',
        payload: { amount_cents: 100 },
        headers: { 'idempotency-key': uniqueCode('csrf') },
        csrf: false,
      });
      expectStatus(withoutCsrf, 403);
    });

    it('limits attempts per address: the limit of wrong codes, then 429 with Retry-After, even for a right code', async () => {
      const invoice = await invoiceFor(admin, 3000);
      const browser = new PortalBrowser(testApp, nextAddress());
      const wrong = await Promise.all(
        Array.from({ length: PORTAL_ADDRESS_LIMIT + 3 }, (_, index) =>
          browser.open(`WRONG${String(index).padStart(7, 'A')}`.replace(/[^A-Z2-9]/g, 'B')),
        ),
      );
      const statuses = wrong.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([...Array(PORTAL_ADDRESS_LIMIT).fill(404), ...Array(3).fill(429)]);
      const refused = await browser.open(invoice.access_code);
      expectStatus(refused, 429);
      expect(refused.json().error).toBe(TOO_MANY_CODE_ATTEMPTS);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back.
      expectStatus(await new PortalBrowser(testApp, nextAddress()).open(invoice.access_code), 200);
    });

    it('limits attempts per code: one code tried from many addresses is refused after the limit', async () => {
      const guess = 'ZZZZ2222ZZZZ';
      const answers = [];
      for (let index = 0; index < PORTAL_CODE_LIMIT + 2; index += 1) {
        answers.push((await new PortalBrowser(testApp, nextAddress()).open(guess)).statusCode);
      }
      expect(answers).toEqual([...Array(PORTAL_CODE_LIMIT).fill(404), 429, 429]);
    });

    it('gives a right code its attempt back: a client may reopen his link many times', async () => {
      const invoice = await invoiceFor(admin, 3000);
      const browser = new PortalBrowser(testApp, nextAddress());
      for (let index = 0; index < PORTAL_ADDRESS_LIMIT + 2; index += 1)
        expectStatus(await browser.open(invoice.access_code), 200);
    });
  });

  describe('paying through the sandbox provider', () => {
    it('pays part, then the rest: each payment applied, ledgered and receipted once; the invoice ends paid', async () => {
      const email = `${uniqueCode('ap').toLowerCase()}@client.example`;
      const invoice = await invoiceFor(admin, 50_000, email);
      const browser = await openedBrowser(invoice.access_code);
      const first = await payByCard(browser, 20_000);
      expect(first).toMatchObject({ status: 'succeeded', amount_cents: 20_000, balance_cents: 30_000, url: null });
      expect(first.payment).toMatchObject({ amount_cents: 20_000 });
      expect(await invoiceOf(admin, invoice.id)).toMatchObject({ status: 'partial', balance_cents: 30_000 });
      const rest = await payByCard(browser, 30_000);
      expect(rest).toMatchObject({ status: 'succeeded', balance_cents: 0 });
      expect(await invoiceOf(admin, invoice.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
      const recorded = await portalPaymentsOf(testApp, invoice.client_id);
      expect(recorded.map((row) => [row.amountCents, row.method, row.provider, row.appliedCents])).toEqual([
        [20_000, 'card', 'sandbox', 20_000],
        [30_000, 'card', 'sandbox', 30_000],
      ]);
      const ledger = await ledgerRowsOf(testApp, invoice.client_id);
      expect(ledger.map((row) => [row.kind, row.debit_cents, row.credit_cents])).toEqual([
        ['invoice', 50_000, 0],
        ['payment', 0, 20_000],
        ['payment', 0, 30_000],
      ]);
      const receipts = await mailsTo(testApp.context, email);
      expect(receipts.map((mail) => mail.subject)).toEqual([
        `Payment received for invoice ${invoice.number} from Demo CPA`,
        `Payment received for invoice ${invoice.number} from Demo CPA`,
      ]);
      expect(receipts[1]!.textBody).toContain('We received your payment of $200.00');
      const view = await browser.request({ url: '/client-portal/invoice' });
      expect(view.json()).toMatchObject({ payable: false, invoice: { status: 'paid' } });
      expect(view.json().payments).toHaveLength(2);
      const more = await startPayment(browser, 100);
      expectStatus(more, 409);
      expect(more.json().error).toBe(NOTHING_TO_PAY);
      await expectInvariants(invoice.client_id);
    });

    it('a declined card records nothing and says why; an unknown card is refused on the hosted page', async () => {
      const invoice = await invoiceFor(admin, 8000);
      const browser = await openedBrowser(invoice.access_code);
      const started = await startPayment(browser, 8000);
      const checkout: PortalCheckout = started.json();
      const page = await testApp.app.inject({ url: checkout.url! });
      expectStatus(page, 200);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).toContain('$80.00');
      const unknownCard = await submitCard(checkout, '4111 1111 1111 1111');
      expectStatus(unknownCard, 422);
      expect(unknownCard.body).toContain(NOT_A_TEST_CARD);
      const declined = await payByCardOn(checkout, '4000 0000 0000 0002');
      expect(declined).toMatchObject({ status: 'failed', failure_message: CARD_DECLINED, payment: null });
      expect(await portalPaymentsOf(testApp, invoice.client_id)).toEqual([]);
      expect(await invoiceOf(admin, invoice.id)).toMatchObject({ status: 'pending', balance_cents: 8000 });
      expect((await ledgerRowsOf(testApp, invoice.client_id)).map((row) => row.kind)).toEqual(['invoice']);

      async function payByCardOn(open: PortalCheckout, card: string) {
        expect((await submitCard(open, card)).statusCode).toBe(303);
        return settled(browser, open.checkout_id);
      }
    });

    it('refuses more than the balance (422) and answers a double Pay with one checkout (Idempotency-Key)', async () => {
      const invoice = await invoiceFor(admin, 6000);
      const browser = await openedBrowser(invoice.access_code);
      const above = await startPayment(browser, 6001);
      expectStatus(above, 422);
      expect(above.json().error).toBe('The amount must be at most the balance of $60.00');
      const key = uniqueCode('double');
      const clicks = await Promise.all(Array.from({ length: 5 }, () => startPayment(browser, 6000, key)));
      for (const click of clicks) expectStatus(click, 201);
      const ids = new Set(clicks.map((click) => click.json().checkout_id));
      expect(ids.size).toBe(1);
      expect(new Set(clicks.map((click) => click.json().url)).size).toBe(1);
      const reused = await startPayment(browser, 5000, key);
      expectStatus(reused, 409);
    });

    it('refuses a bad amount with 400 naming it, and above the balance with 422, writing no checkout', async () => {
      const invoice = await invoiceFor(admin, 5000);
      const browser = await openedBrowser(invoice.access_code);
      const bad: [unknown, string][] = [
        [undefined, 'Amount is required'],
        [0, 'Amount must be more than 0'],
        [-100, 'Amount must be more than 0'],
        [12.5, 'Amount must be whole cents'],
        ['100', 'Amount must be whole cents'],
        [null, 'Amount must be whole cents'],
        [1_000_000_001, 'Amount must be at most $10,000,000'],
      ];
      for (const [amount, message] of bad) {
        const response = await browser.request({
          method: 'POST',
          url: '/client-portal/payment',
          payload: amount === undefined ? {} : { amount_cents: amount },
          headers: { 'idempotency-key': uniqueCode('bad') },
        });
        expectStatus(response, 400);
        expect(response.json().details, `amount ${String(amount)}`).toEqual({ amount_cents: message });
      }
      const above = await startPayment(browser, 5001);
      expectStatus(above, 422);
      expect(above.json().details).toEqual({ amount_cents: 'The amount must be at most the balance of $50.00' });
      expect(await checkoutsOf(testApp, demoId, invoice.id)).toEqual([]);
      const noCode = await new PortalBrowser(testApp, nextAddress()).request({
        method: 'POST',
        url: '/client-portal/session',
        payload: {},
      });
      expectStatus(noCode, 400);
      expect(noCode.json().details).toEqual({ access_code: 'Access code is required' });
    });

    it('requires an Idempotency-Key: none, empty or malformed is 400 naming it, writing no checkout nor key', async () => {
      const invoice = await invoiceFor(admin, 4000);
      const browser = await openedBrowser(invoice.access_code);
      const keysBefore = await idempotencyKeysOf(demoId);
      const refused: [Record<string, string>, string][] = [
        [{}, IDEMPOTENCY_KEY_REQUIRED],
        [{ 'idempotency-key': '' }, BAD_IDEMPOTENCY_KEY],
        [{ 'idempotency-key': 'has space' }, BAD_IDEMPOTENCY_KEY],
        [{ 'idempotency-key': 'k'.repeat(256) }, BAD_IDEMPOTENCY_KEY],
      ];
      for (const [headers, message] of refused) {
        const response = await browser.request({
          method: 'POST',
          url: '/client-portal/payment',
          payload: { amount_cents: 4000 },
          headers,
        });
        expectStatus(response, 400);
        expect(response.json(), JSON.stringify(headers)).toEqual({
          error: message,
          details: { 'idempotency-key': message },
        });
      }
      expect(await checkoutsOf(testApp, demoId, invoice.id)).toEqual([]);
      expect(await idempotencyKeysOf(demoId)).toBe(keysBefore);
      // The same session and body with a key: the refusals were about the key alone.
      expectStatus(await startPayment(browser, 4000), 201);
      expect(await checkoutsOf(testApp, demoId, invoice.id)).toHaveLength(1);
    });

    it("reads its own invoice's checkouts only: another invoice's checkout is 404", async () => {
      const mine = await invoiceFor(admin, 2000);
      const theirs = await invoiceFor(admin, 2000);
      const myBrowser = await openedBrowser(mine.access_code);
      const theirBrowser = await openedBrowser(theirs.access_code);
      const theirCheckout: PortalCheckout = (await startPayment(theirBrowser, 1000)).json();
      expectStatus(await myBrowser.request({ url: `/client-portal/payment/${theirCheckout.checkout_id}` }), 404);
      expectStatus(await myBrowser.request({ url: '/client-portal/payment/not-a-checkout' }), 404);
    });
  });

  describe('POST /api/payments/webhooks/sandbox', () => {
    async function succeededEvent(amountCents = 1500) {
      const email = `${uniqueCode('hook').toLowerCase()}@client.example`;
      const invoice = await invoiceFor(admin, 4500, email);
      const browser = await openedBrowser(invoice.access_code);
      const checkout: PortalCheckout = (await startPayment(browser, amountCents)).json();
      return { invoice, email, checkout, browser, body: await sandboxEvent(checkout) };
    }

    /** One payment, one ledger credit and one receipt, whatever was delivered. */
    async function expectRecordedOnce(invoice: Issued, email: string) {
      expect(await portalPaymentsOf(testApp, invoice.client_id)).toHaveLength(1);
      const ledger = await ledgerRowsOf(testApp, invoice.client_id);
      expect(ledger.map((row) => row.kind)).toEqual(['invoice', 'payment']);
      expect(await mailsTo(testApp.context, email)).toHaveLength(1);
      await expectInvariants(invoice.client_id);
    }

    it('refuses forged, altered, unsigned and stale events with 400 and records nothing', async () => {
      const { invoice, body } = await succeededEvent();
      const secret = sandboxWebhookSecret(TEST_SECRET);
      const forged = await deliver(body, signSandboxEvent('not-the-secret', body));
      const altered = await deliver(
        body.replace('"amount_cents":1500', '"amount_cents":1'),
        signSandboxEvent(secret, body),
      );
      const unsigned = await deliver(body, '');
      const stale = await deliver(body, signSandboxEvent(secret, body, Math.floor(Date.now() / 1000) - 600));
      for (const response of [forged, altered, unsigned, stale]) {
        expectStatus(response, 400);
        expect(response.json().error).toBe(BAD_SIGNATURE);
      }
      expect(await portalPaymentsOf(testApp, invoice.client_id)).toEqual([]);
      expectStatus(
        await testApp.app.inject({ method: 'POST', url: '/api/payments/webhooks/paypal', payload: {} }),
        404,
      );
    });

    it('records a replayed event once, and a later contrary event of the same checkout changes nothing', async () => {
      const { invoice, email, checkout, body } = await succeededEvent();
      for (let round = 0; round < 3; round += 1) expectStatus(await deliver(body), 200);
      const declined = JSON.parse(body);
      declined.id = 'evt_contrary';
      declined.type = 'checkout.declined';
      expectStatus(await deliver(JSON.stringify(declined)), 200);
      const recorded = await portalPaymentsOf(testApp, invoice.client_id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.providerEventId).toBe(JSON.parse(body).id);
      expect((await checkoutRow(testApp, checkout.checkout_id))!.status).toBe('succeeded');
      await expectRecordedOnce(invoice, email);
    });

    it('records events delivered out of order, each once', async () => {
      const first = await succeededEvent(1000);
      const second = await succeededEvent(2000);
      expectStatus(await deliver(second.body), 200);
      expectStatus(await deliver(first.body), 200);
      expectStatus(await deliver(second.body), 200);
      expect((await portalPaymentsOf(testApp, first.invoice.client_id)).map((row) => row.amountCents)).toEqual([1000]);
      expect((await portalPaymentsOf(testApp, second.invoice.client_id)).map((row) => row.amountCents)).toEqual([2000]);
    });

    it('records one payment for 10 concurrent deliveries of one event', async () => {
      const { invoice, email, body } = await succeededEvent(1500);
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
      for (const answer of answers) expectStatus(answer, 200);
      expect(answers.filter((answer) => answer.json().result === 'recorded')).toHaveLength(1);
      expect(await invoiceOf(admin, invoice.id)).toMatchObject({ status: 'partial', balance_cents: 3000 });
      await expectRecordedOnce(invoice, email);
    });

    it("records nothing for a signed event naming another firm than its checkout's", async () => {
      const { invoice, email, checkout, body } = await succeededEvent();
      const elsewhere = JSON.parse(body);
      elsewhere.data.metadata.organization_id = String(await organizationIdOf(testApp, 'northwind'));
      const answer = await deliver(JSON.stringify(elsewhere));
      expectStatus(answer, 200);
      expect(answer.json().result).toBe('unknown-checkout');
      expect(await portalPaymentsOf(testApp, invoice.client_id)).toEqual([]);
      expect(await mailsTo(testApp.context, email)).toEqual([]);
      expect((await checkoutRow(testApp, checkout.checkout_id))!.status).toBe('open');
      // The genuine event of that checkout still records it.
      expect((await deliver(body)).json().result).toBe('recorded');
      await expectRecordedOnce(invoice, email);
    });

    it('while a checkout of the whole balance is open, a second one (another tab, a reload) is 409', async () => {
      const invoice = await invoiceFor(admin, 9000);
      const browser = await openedBrowser(invoice.access_code);
      const tab = await openedBrowser(invoice.access_code);
      expectStatus(await startPayment(browser, 6000), 201);
      // A reload makes a new Idempotency-Key: only what the open checkout leaves may be paid.
      const whole = await startPayment(tab, 9000);
      expectStatus(whole, 409);
      expect(whole.json()).toEqual({
        error: checkoutInProgress(3000),
        details: { amount_cents: checkoutInProgress(3000) },
      });
      expectStatus(await startPayment(tab, 3000), 201);
      const none = await startPayment(browser, 1);
      expectStatus(none, 409);
      expect(none.json().error).toBe(checkoutInProgress(0));
      expect(await checkoutsOf(testApp, demoId, invoice.id)).toHaveLength(2);
    });

    it('two checkouts of the whole balance started at once: one succeeds, one is 409', async () => {
      const invoice = await invoiceFor(admin, 9000);
      const browsers = await Promise.all([openedBrowser(invoice.access_code), openedBrowser(invoice.access_code)]);
      const answers = await Promise.all(browsers.map((browser) => startPayment(browser, 9000)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await checkoutsOf(testApp, demoId, invoice.id)).toHaveLength(1);
    });

    it('a checkout whose hold ran out may be overtaken; paid after the invoice was, its card is refunded, nothing recorded', async () => {
      const invoice = await invoiceFor(admin, 9000);
      const browser = await openedBrowser(invoice.access_code);
      const first: PortalCheckout = (await startPayment(browser, 9000)).json();
      await testApp.context.database.db
        .update(paymentCheckouts)
        .set({ createdAt: sql`now() - make_interval(mins => ${CHECKOUT_HOLD_MINUTES + 1})` })
        .where(eq(paymentCheckouts.id, first.checkout_id));
      const second: PortalCheckout = (await startPayment(browser, 9000)).json();
      expect(second.status).toBe('open');
      expect((await deliver(await sandboxEvent(second))).json().result).toBe('recorded');
      expect((await deliver(await sandboxEvent(first))).json().result).toBe('refunded');
      const late = await browser.request({ url: `/client-portal/payment/${first.checkout_id}` });
      expect(late.json()).toMatchObject({
        status: 'failed',
        payment: null,
        failure_message: alreadyPaidMessage(invoice.number, 9000),
      });
      const [sandbox] = await testApp.context.database.db
        .select({ metadata: sandboxCheckouts.metadata })
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, `sbx_${first.checkout_id}`));
      expect(sandbox!.metadata).toMatchObject({ refunded_cents: '9000' });
      expect((await portalPaymentsOf(testApp, invoice.client_id)).map((row) => row.amountCents)).toEqual([9000]);
      expect((await clientFigures(testApp, invoice.client_id)).unapplied).toBe(0);
      await expectInvariants(invoice.client_id);
    });

    it('a checkout paid while a staff payment races it records what the invoice takes and refunds the rest', async () => {
      const invoice = await invoiceFor(admin, 9000);
      const browser = await openedBrowser(invoice.access_code);
      const checkout: PortalCheckout = (await startPayment(browser, 9000)).json();
      const [portal, staff] = await Promise.all([
        deliver(await sandboxEvent(checkout)),
        admin.request({
          method: 'POST',
          url: '/payments',
          payload: {
            client_id: invoice.client_id,
            payment_date: '2026-10-01',
            method: 'check',
            amount_cents: 3000,
            applications: [{ invoice_id: invoice.id, amount_cents: 3000 }],
          },
        }),
      ]);
      expect(portal.json().result).toBe('recorded');
      // The staff payment applies only if it came before the balance was gone.
      expect([201, 422]).toContain(staff.statusCode);
      const staffCents = staff.statusCode === 201 ? 3000 : 0;
      expect(await invoiceOf(admin, invoice.id)).toMatchObject({
        status: 'paid',
        applied_cents: 9000,
        balance_cents: 0,
      });
      const recorded = await portalPaymentsOf(testApp, invoice.client_id);
      expect(recorded.map((row) => [row.amountCents, row.appliedCents])).toEqual([
        [9000 - staffCents, 9000 - staffCents],
      ]);
      expect((await clientFigures(testApp, invoice.client_id)).unapplied).toBe(0);
      await expectInvariants(invoice.client_id);
    });

    it('redelivers an event whose first delivery failed, until the webhook takes it', async () => {
      const { invoice, checkout, body } = await succeededEvent(1500);
      await testApp.context.database.db
        .insert(sandboxEvents)
        .values({ id: JSON.parse(body).id, checkoutId: `sbx_${checkout.checkout_id}`, body });
      let calls = 0;
      const real = testDelivery(testApp);
      const flaky = testDelivery(testApp, async () => {
        calls += 1;
        return 503;
      });
      await flaky.deliverDue();
      await flaky.stop();
      expect(calls).toBe(1);
      const [pending] = await testApp.context.database.db
        .select()
        .from(sandboxEvents)
        .where(eq(sandboxEvents.checkoutId, `sbx_${checkout.checkout_id}`));
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: 'webhook answered 503' });
      expect(await portalPaymentsOf(testApp, invoice.client_id)).toEqual([]);
      await makeEventsDue(testApp);
      await real.deliverDue();
      await real.stop();
      const [delivered] = await testApp.context.database.db
        .select()
        .from(sandboxEvents)
        .where(eq(sandboxEvents.checkoutId, `sbx_${checkout.checkout_id}`));
      expect(delivered).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(await portalPaymentsOf(testApp, invoice.client_id)).toHaveLength(1);
    });
  });
  it('declares in the OpenAPI document every status these calls were answered with (docs/decisions/0220)', async () => {
    expect(await undeclaredAnswersOf(testApp.app)).toEqual([]);
  });
});
