import { expect as pollExpect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiUrl, DEMO_USERS } from './support/demo';
import { expect, login, test } from './support/fixtures';
import { mailTo, type ReceivedMail } from './support/mail';
import { apiAs, createClient, csrfOf, unique } from './support/records';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(64, 7),
]);

/** Waits for the message to `address` whose subject starts with `subject` (other specs mail the same people). */
async function mailWithSubject(address: string, subject: string): Promise<ReceivedMail> {
  await pollExpect
    .poll(() => mailTo(address).some((mail) => mail.subject === subject), {
      message: `"${subject}" to ${address}`,
      timeout: 15_000,
    })
    .toBe(true);
  return mailTo(address).find((mail) => mail.subject === subject)!;
}

const supportItem = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Support/ });

test.describe('support tickets', () => {
  test('a staff member opens a ticket with a file, the administrator answers and resolves it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const subject = `Logo missing on invoice PDF ${Date.now()}`;
    await login(page, 'staff');
    await supportItem(page).click();
    await expect(page.getByRole('heading', { name: 'Support tickets', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New ticket' }).click();

    // The form refuses what the server would refuse, field by field.
    await page.getByRole('button', { name: 'Open ticket' }).click();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Category must be question, problem, billing or feature request')).toBeVisible();
    await expect(page.getByText('Description is required')).toBeVisible();

    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Category').selectOption('problem');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('Description').fill('The logo is blank on the PDF since Monday.');
    await page
      .getByLabel('Attachments (optional)')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Open ticket' }).click();

    await expect(page.getByRole('status')).toContainText('opened. You will get an e-mail when someone answers.');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
    const ticketUrl = page.url();
    const ticketId = Number(/\/support-tickets\/(\d+)$/.exec(ticketUrl)?.[1]);
    expect(ticketId).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'screenshot.png' })).toBeVisible();
    const opened = await mailWithSubject(DEMO_USERS.admin.email, `New support ticket: #${ticketId} ${subject}`);
    expect(opened.text).toContain('The logo is blank on the PDF since Monday.');

    // The administrator, in his own browser, finds it among the firm's tickets and answers.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await login(admin, 'admin');
    await admin.goto('/support-tickets/manage');
    await admin.getByRole('link', { name: `#${ticketId} ${subject}` }).click();
    await expect(admin.getByRole('heading', { level: 1 })).toContainText(subject);
    const download = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'screenshot.png' }).click();
    expect((await download).suggestedFilename()).toBe('screenshot.png');
    await admin.getByLabel('Your reply').fill('Upload the logo again under Admin; it works now.');
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await expect(admin.getByText('Upload the logo again under Admin; it works now.')).toBeVisible();
    await admin.getByLabel('Status').selectOption('resolved');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText('Ticket updated.')).toBeVisible();
    await adminContext.close();

    const reply = await mailWithSubject(DEMO_USERS.staff.email, `New reply: #${ticketId} ${subject}`);
    expect(reply.text).toContain('Upload the logo again under Admin; it works now.');
    const resolved = await mailWithSubject(DEMO_USERS.staff.email, `Ticket status changed: #${ticketId} ${subject}`);
    expect(resolved.text).toContain('The status is now Resolved.');

    // The author sees the unread reply on the Support item until he opens the ticket.
    await page.goto('/');
    await expect(supportItem(page).locator('.nav-count')).toHaveText('1');
    await page.goto('/support-tickets/manage');
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText('Resolved');
    await page.getByRole('link', { name: `#${ticketId} ${subject}` }).click();
    await expect(page.getByText('Upload the logo again under Admin; it works now.')).toBeVisible();
    await expect(supportItem(page).locator('.nav-count')).toHaveCount(0);

    // Another staff member of the firm cannot open it.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await login(other, 'manager');
    await other.goto(new URL(ticketUrl).pathname);
    await expect(other.getByRole('alert')).toContainText('Ticket not found');
    await expect(other.getByText(subject)).toHaveCount(0);
    await otherContext.close();
  });

  test('refuses a file that is not what its name says and a blank reply; only administrators handle a ticket', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const subject = unique('Attachment refused');
    const disguised = {
      name: 'invoice.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    };
    const refusedType = 'An attachment must be a PDF or a PNG, JPEG, WebP or HEIC image';
    await login(page, 'staff');
    await page.goto('/support-tickets/create');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Category').selectOption('question');
    await page.getByLabel('Description').fill('The attached page is not an image.');
    await page.getByLabel('Attachments (optional)').setInputFiles(disguised);
    await page.getByRole('button', { name: 'Open ticket' }).click();

    // The ticket is opened; the server judges the file by its content and keeps nothing of it.
    await expect(page.getByRole('status')).toContainText(
      `but these files were not attached: invoice.png: ${refusedType}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
    const ticketId = Number(/\/support-tickets\/(\d+)$/.exec(page.url())?.[1]);
    const files = page.getByRole('region', { name: 'Attachments' });
    await expect(files.getByText('No files.')).toBeVisible();
    await files.getByLabel('Add a file').setInputFiles(disguised);
    await expect(files.getByRole('alert')).toHaveText(refusedType);
    await expect(files.getByText('No files.')).toBeVisible();

    await page.getByLabel('Your reply').fill('   ');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByText('No replies yet.')).toBeVisible();

    // Status, priority and assignee are the administrators': no controls here, and the server says 403.
    await expect(page.getByRole('heading', { name: 'Handle this ticket' })).toHaveCount(0);
    const headers = { 'X-CSRF-TOKEN': await csrfOf(page) };
    const patched = await page.request.patch(apiUrl(`/support-tickets/${ticketId}`), {
      data: { status: 'closed' },
      headers,
    });
    expect(patched.status()).toBe(403);
    expect(await patched.json()).toEqual({ error: 'Permission required: can_view_admin_page' });
    expect((await page.request.get(apiUrl('/support-tickets/assignees'))).status()).toBe(403);

    // The administrator assigns it from the firm's administrators and sees the ticket unchanged otherwise.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await login(admin, 'admin');
    await admin.goto(`/support-tickets/${ticketId}`);
    const assignee = admin.getByLabel('Assigned to');
    await expect(assignee.locator('option')).toHaveText(['Nobody', `${DEMO_USERS.admin.fullName} (me)`]);
    await assignee.selectOption({ label: `${DEMO_USERS.admin.fullName} (me)` });
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText('Ticket updated.')).toBeVisible();
    const facts = admin.getByRole('region', { name: 'Details' });
    await expect(facts.getByText(DEMO_USERS.admin.fullName, { exact: true })).toBeVisible();
    await expect(facts.getByText('Open', { exact: true })).toBeVisible();
    await adminContext.close();
  });

  test('the login footer leads to support, privacy and terms while signed out', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { name: 'Contact support', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@practice.example' })).toHaveAttribute(
      'href',
      'mailto:support@practice.example',
    );
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(page.getByText(/Tax IDs are encrypted/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();
    // The client portal's own cookie is named with its lifetime, next to the sign-in ones.
    const cookies = page.getByRole('list', { name: 'Cookies' });
    await expect(cookies.getByRole('listitem').filter({ hasText: 'portal_session' })).toContainText('30 minutes');
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the privacy policy', () => {
  test('names every cookie a signed-in person and a portal client are given', async ({ page }) => {
    // A portal session (an issued invoice's access code) and a staff session, in one browser.
    const admin = await apiAs('admin');
    const client = await createClient(admin, unique('Privacy cookies'));
    const draft = (await admin.post('/invoices', {
      client_id: client.id,
      fixed_fees: [{ description: 'Cookie census', amount_cents: 1_000 }],
    })) as { id: number };
    const invoice = (await admin.post(`/invoices/${draft.id}/issue`)) as { access_code: string };
    await admin.dispose();
    await page.goto(`/client-portal/${invoice.access_code}`);
    await expect(page).toHaveURL(/\/client-portal\/invoice$/);
    await login(page, 'staff');
    const given = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(given).toEqual(expect.arrayContaining(['portal_session', 'access_token_cookie', 'csrf_access_token']));

    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Cookies and browser storage' })).toBeVisible();
    const named = await page.getByRole('list', { name: 'Cookies' }).locator('code').allTextContents();
    expect(named).toEqual(expect.arrayContaining(given));
  });
});

test.describe('the user guide', () => {
  test('opens at the section of a deep link, and its contents scroll to each section', async ({ page }) => {
    await login(page, 'staff');
    await page.goto('/guide#billing');
    const billing = page.locator('section#billing');
    await expect(billing.getByRole('heading', { name: /Billing/ })).toBeInViewport();
    await expect(billing).toContainText('Billing is Admin only.');
    await expect(page.locator('section#getting-started')).not.toBeInViewport();

    for (const [title, id] of [
      ['Settings', 'settings'],
      ['Getting started', 'getting-started'],
      ['Reports', 'reports'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`/guide#${id}$`));
      await expect(page.locator(`section#${id}`).getByRole('heading', { level: 2 })).toBeInViewport();
    }
    for (const id of ['user-management', 'client-management']) {
      await expect(page.locator(`section#${id}`)).toContainText('Admin only.');
    }
  });
});

test.describe('accessibility of the support, guide and information pages', () => {
  test('axe finds nothing signed out and signed in', async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of ['/support', '/privacy', '/terms']) {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    }
    await login(page, 'admin');
    await page.goto('/support-tickets/create');
    await page.getByLabel('Subject').fill('Axe check');
    await page.getByLabel('Category').selectOption('question');
    await page.getByLabel('Description').fill('Checking the ticket pages.');
    await page.getByRole('button', { name: 'Open ticket' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Axe check');
    await expectNoAxeViolations(page, 'ticket detail');
    for (const path of ['/support-tickets/manage', '/support-tickets/create', '/guide']) {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    }
  });
});
