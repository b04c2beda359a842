import { request, test as base, type Page } from '@playwright/test';
import {
  publicPaths,
  shellPaths,
  type PublicPathId,
  type ShellPathId,
  type StaticShellPathId,
} from '../apps/web/src/config/paths';
import { expectNoAxeViolations } from './support/axe';
import { apiUrl, DEMO_USERS } from './support/demo';
import { expect, login } from './support/fixtures';
import { nextMailTo, mailTo, resetPathIn } from './support/mail';
import {
  apiAs,
  createActivityType,
  createClient,
  createTimeEntry,
  firmToday,
  unique,
  type Api,
} from './support/records';

/**
 * Issue 15: 0 axe violations on every SPEC 2 page, as it is, with the accessibility modal open
 * and with high contrast on (then also at WCAG AAA contrast). The routes come from the app's
 * own table (config/paths.ts), so a new page is walked without a change here; a new route with
 * an id in its path fails to compile until SHELL_IDS (or the public test's params) says which
 * record it shows.
 */

/** One of each record a page with an id shows, made through the API in the demo firm. */
type Records = {
  clientId: number;
  timeEntryId: number;
  draftInvoiceId: number;
  issuedInvoiceId: number;
  portalCode: string;
  paymentId: number;
  invoiceTextId: number;
  ticketId: number;
  userId: number;
};

async function makeRecords(admin: Api): Promise<Records> {
  const client = await createClient(admin, unique('Axe Walk'));
  const activity = await createActivityType(admin, unique('Axe review'), 15_000);
  const entry = await createTimeEntry(admin, {
    client_id: client.id,
    activity_type_id: activity.id,
    entry_date: firmToday(),
    minutes: 90,
    narrative: 'Reviewed the trial balance',
  });
  const fee = { fixed_fees: [{ description: 'Advisory', amount_cents: 25_000 }] };
  const draft = (await admin.post('/invoices', { client_id: client.id, ...fee })) as { id: number };
  const toIssue = (await admin.post('/invoices', { client_id: client.id, ...fee })) as { id: number };
  const issued = (await admin.post(`/invoices/${toIssue.id}/issue`)) as { id: number; access_code: string };
  const payment = (await admin.post('/payments', {
    client_id: client.id,
    payment_date: firmToday(),
    amount_cents: 5_000,
    method: 'check',
  })) as { id: number };
  const text = (await admin.post('/invoice-texts', {
    name: unique('Axe text'),
    body: 'Professional services for {period}.',
  })) as { id: number };
  const ticket = (await admin.post('/support-tickets', {
    subject: unique('Axe ticket'),
    category: 'question',
    description: 'Where do I find the firm export?',
  })) as { id: number };
  const staff = ((await admin.get('/users/options?q=Sam')) as { items: { id: number }[] }).items[0];
  if (!staff) throw new Error('the demo firm has no Sam Staff');
  return {
    clientId: client.id,
    timeEntryId: entry.id,
    draftInvoiceId: draft.id,
    issuedInvoiceId: issued.id,
    portalCode: issued.access_code,
    paymentId: payment.id,
    invoiceTextId: text.id,
    ticketId: ticket.id,
    userId: staff.id,
  };
}

/** The ids of the routes whose path has a parameter (`:id`), by the app's own path types. */
type ParamShellPathId = Exclude<ShellPathId, StaticShellPathId>;
type ParamPublicPathId = {
  [K in PublicPathId]: Parameters<(typeof publicPaths)[K]['getHref']> extends [] ? never : K;
}[PublicPathId];

/** The record each page with an id opens. */
const SHELL_IDS: Record<ParamShellPathId, (records: Records) => string | number> = {
  clientDetail: (records) => records.clientId,
  clientEdit: (records) => records.clientId,
  clientWip: (records) => records.clientId,
  clientDrafts: (records) => records.clientId,
  clientActivityTypes: (records) => records.clientId,
  clientPayments: (records) => records.clientId,
  timeEntryEdit: (records) => records.timeEntryId,
  userEdit: (records) => records.userId,
  userDetail: (records) => records.userId,
  supportTicketDetail: (records) => records.ticketId,
  invoiceDetail: (records) => records.issuedInvoiceId,
  invoiceEdit: (records) => records.draftInvoiceId,
  invoiceTextEdit: (records) => records.invoiceTextId,
  billingRefresh: () => 'refresh',
  paymentEdit: (records) => records.paymentId,
};

/** A route's path with its one parameter filled in, as the app's getHref does. */
function hrefOf(path: string, id?: string | number): string {
  if (!path.includes(':')) return path;
  if (id === undefined) throw new Error(`${path} needs an id`);
  return path.replace(/:[A-Za-z]+/, encodeURIComponent(String(id)));
}

/** A signed-in page shared by a worker's tests: one sign-in and one set of records, not one per page. */
type Walker = { page: Page; records: Records; cspViolations: string[] };

const test = base.extend<object, { walker: Walker }>({
  walker: [
    async ({ browser }, use, workerInfo) => {
      const admin = await apiAs('admin');
      const records = await makeRecords(admin);
      await admin.dispose();
      const { baseURL, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      const cspViolations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          cspViolations.push(message.text());
        }
      });
      await login(page, 'admin');
      await use({ page, records, cspViolations });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

const accessibilityDialog = (page: Page) => page.getByRole('dialog', { name: 'Accessibility' });

test.describe('axe on every page of the shell', () => {
  for (const id of Object.keys(shellPaths) as ShellPathId[]) {
    test(`${shellPaths[id].path}: as it is, with the accessibility modal, with high contrast`, async ({ walker }) => {
      const { page, records, cspViolations } = walker;
      const recordId = id in SHELL_IDS ? SHELL_IDS[id as ParamShellPathId](records) : undefined;
      const href = hrefOf(shellPaths[id].path, recordId);
      await page.goto(href);
      // The administrator may open every page: landing elsewhere (access denied) would check the wrong page.
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expectNoAxeViolations(page, href, { soft: true });

      await page.keyboard.press('Alt+a');
      await expect(accessibilityDialog(page)).toBeVisible();
      await expectNoAxeViolations(page, `${href} with the accessibility modal`, { soft: true });
      await page.keyboard.press('Escape');
      await expect(accessibilityDialog(page)).toBeHidden();

      await page.keyboard.press('Alt+h');
      await expect(page.locator('body')).toHaveClass(/accessibility-high-contrast/);
      await expectNoAxeViolations(page, `${href} with high contrast`, { enhancedContrast: true, soft: true });
      // The next page of this worker starts without it.
      await page.keyboard.press('Alt+h');
      await expect(page.locator('body')).not.toHaveClass(/accessibility-high-contrast/);
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    });
  }
});

/** A valid reset link, as the e-mail gives it (asked for a demo user who never uses it). */
async function resetCode(): Promise<string> {
  const { email } = DEMO_USERS.readonly;
  const before = mailTo(email).length;
  const context = await request.newContext();
  const answer = await context.post(apiUrl('/reset_password/send'), { data: { email } });
  expect(answer.ok(), `POST /reset_password/send answered ${answer.status()}`).toBe(true);
  await context.dispose();
  const link = resetPathIn(await nextMailTo(email, before));
  return link.slice(link.lastIndexOf('/') + 1);
}

test('axe on every public page, signed out', async ({ browser, walker }) => {
  test.setTimeout(120_000);
  const params: Record<ParamPublicPathId, string> = {
    clientPortal: walker.records.portalCode,
    resetPassword: await resetCode(),
    // The page asks before it spends the link, so any token shows it.
    signInUnlock: '1.axe-walks-the-page-without-spending-a-link',
  };
  // The portal's code link signs the client in and shows the invoice (the pages after it need that session).
  const landing: Partial<Record<PublicPathId, string>> = { clientPortal: publicPaths.clientPortalInvoice.path };
  // A context of its own (axe needs one made by newContext), signed out.
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const id of Object.keys(publicPaths) as PublicPathId[]) {
    const href = hrefOf(publicPaths[id].path, id in params ? params[id as ParamPublicPathId] : undefined);
    await page.goto(href);
    await expect(page).toHaveURL(new RegExp(`${landing[id] ?? href}$`));
    // The sign-in page's hero reveals its features one by one: checked once they all show.
    if (id === 'login') await expect(page.locator('.hero-feature:not(.is-visible)')).toHaveCount(0);
    await expectNoAxeViolations(page, href, { soft: true });
  }
  await context.close();
});
