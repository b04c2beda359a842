import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './support/axe';
import { apiUrl } from './support/demo';
import { expect, test } from './support/fixtures';
import { nextMailTo, mailTo } from './support/mail';
import { pdfText } from './support/pdf-text';
import {
  apiAs,
  createActivityType,
  createTimeEntry,
  daysBefore,
  firmToday,
  unique,
  uniqueCode,
} from './support/records';

test.use({ timezoneId: 'America/New_York' });

type Created = { id: number };

test.describe('billing from WIP', () => {
  test('a biller bills recorded time with a write-down and an invoice text, issues, downloads, e-mails and voids it', async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    const admin = await apiAs('admin');
    const clientName = unique('Harbor Bakery');
    const invoiceEmail = `${uniqueCode('ap').toLowerCase()}@harbor-bakery.example`;
    const client = (await admin.post('/clients', {
      client_id: uniqueCode('E2E'),
      legal_name: clientName,
      entity_type: 'c_corp',
      invoice_email: invoiceEmail,
    })) as Created;
    const activityName = unique('Bookkeeping');
    const activity = await createActivityType(admin, activityName, 15_000);
    const today = firmToday();
    // Record time: $300 + $150 = $450 of standard value, completed so that it is WIP.
    for (const [days, minutes, narrative] of [
      [2, 120, 'Bank reconciliation'],
      [1, 60, 'Payroll journal'],
    ] as const) {
      await createTimeEntry(admin, {
        client_id: client.id,
        activity_type_id: activity.id,
        entry_date: daysBefore(today, days),
        minutes,
        narrative,
        status: 'completed',
      } as Parameters<typeof createTimeEntry>[1]);
    }
    await admin.dispose();

    await login('billing');

    // An invoice text, with the placeholders filled and template syntax left as typed.
    const textName = unique('Monthly services');
    await page.goto('/invoice_texts/create');
    await expect(page).toHaveTitle('New invoice text');
    await page.getByLabel('Name').fill(textName);
    await page.getByLabel('Text').fill('Services for {client_name} for {period}. {{7*7}} ${7*7}');
    await expect(page.getByTestId('invoice-text-preview')).toHaveText(
      'Services for Example Client LLC for October 1, 2026 to October 31, 2026. {{7*7}} ${7*7}',
    );
    await expectNoAxeViolations(page, '/invoice_texts/create');
    await page.getByRole('button', { name: 'Save invoice text' }).click();
    await expect(page).toHaveURL(/\/invoice_texts\/manage$/);
    await expect(page.getByRole('cell', { name: textName })).toBeVisible();
    await expectNoAxeViolations(page, '/invoice_texts/manage');

    // WIP from the client page.
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('link', { name: 'Work in progress' }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/wip$`));
    await expect(page).toHaveTitle('Work in progress');
    await expect(page.getByRole('rowgroup').filter({ hasText: activityName })).toBeVisible();
    await page.getByRole('radio', { name: 'By staff' }).check();
    await expect(page).toHaveURL(/group=staff/);
    await page.getByRole('radio', { name: 'By activity' }).check();
    await page.getByRole('checkbox', { name: `Select all of ${activityName}` }).check();
    const form = page.getByRole('form', { name: 'Bill the selection' });
    await expect(form.getByText('$450.00').first()).toBeVisible();
    await expectNoAxeViolations(page, 'WIP');

    // $400 for $450: a write-down of $50, spread $266.67 and $133.33; a reason is required.
    await form.getByLabel('Bill amount for the selected time ($)').fill('400');
    await expect(page.getByRole('cell', { name: '$266.67' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '$133.33' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '[$33.33]' })).toBeVisible();
    await form.getByRole('button', { name: 'Bill selected' }).click();
    await expect(form.getByText('A reason is required for a write-down')).toBeVisible();
    await form.getByLabel('Reason code').selectOption({ index: 1 });
    await form.getByLabel('Reason for the write-up or write-down').fill('Agreed with the client in October');
    await form.getByLabel('Invoice text').selectOption({ label: textName });
    await form.getByRole('button', { name: 'Bill selected' }).click();

    // The draft as the client will see it.
    await expect(page).toHaveURL(/\/invoices\/preview\?id=\d+$/);
    await expect(page).toHaveTitle('Invoice preview');
    const document = page.getByRole('article', { name: 'Draft invoice' });
    await expect(document.getByRole('region', { name: 'Bill to' })).toContainText(clientName);
    await expect(document.getByText(/\{\{7\*7\}\} \$\{7\*7\}/)).toBeVisible();
    await expect(document.getByText(`Services for ${clientName} for`)).toBeVisible();
    await expect(document.getByRole('row', { name: /Total/ }).last()).toContainText('$400.00');

    // Edit and save the draft: the document shows the saved narrative.
    const narrative = page.getByRole('form', { name: 'Edit the draft' }).getByLabel('Narrative');
    await narrative.fill(`${await narrative.inputValue()} Thank you.`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(document.getByText(/\$\{7\*7\} Thank you\.$/)).toBeVisible();
    await expectNoAxeViolations(page, '/invoices/preview');
    await page.getByRole('button', { name: 'Issue invoice' }).click();
    const confirm = page.getByRole('dialog', { name: 'Issue this invoice?' });
    await expect(confirm).toContainText(clientName);
    await expect(confirm).toContainText('$400.00');
    // The confirmation names the number the invoice takes, and it takes that number.
    const issueButton = confirm.getByRole('button', { name: /^Issue as / });
    const promised = ((await issueButton.textContent()) ?? '').replace('Issue as ', '');
    await expect(confirm).toContainText(`It takes number ${promised}`);
    await issueButton.click();

    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^Invoice \S+$/);
    const number = ((await heading.textContent()) ?? '').replace('Invoice ', '');
    expect(number).toBe(promised);
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    const invoiceId = Number(/\/invoices\/(\d+)$/.exec(page.url())?.[1]);
    await expectNoAxeViolations(page, '/invoices/{id}');

    // The PDF, its text read back.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloading;
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(number);
    expect(text).toContain(clientName);
    expect(text).toContain('400.00');

    // E-mailed to the client's invoice e-mail, through the test's SMTP server.
    const before = mailTo(invoiceEmail).length;
    await page.getByRole('button', { name: 'E-mail to client' }).click();
    const emailDialog = page.getByRole('dialog', { name: new RegExp(`E-mail invoice ${number}`) });
    await expect(emailDialog.getByLabel('To')).toHaveValue(invoiceEmail);
    await emailDialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invoice e-mailed to ${invoiceEmail}.` })).toBeVisible();
    const mail = await nextMailTo(invoiceEmail, before);
    expect(mail.subject).toContain(number);
    expect(mail.text).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.text).toContain('/client-portal/');

    // Void with a reason: the items are back in WIP.
    await page.getByRole('button', { name: 'Void' }).click();
    const voidDialog = page.getByRole('dialog', { name: new RegExp(`Void invoice ${number}`) });
    await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
    await expect(voidDialog.getByText('Reason is required')).toBeVisible();
    await voidDialog.getByLabel('Reason').fill('Billed the wrong period');
    await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
    await expect(page.getByText('Void', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'its items are back in work in progress' })).toBeVisible();
    expect(invoiceId).toBeGreaterThan(0);

    await page.goto(`/clients/${client.id}/wip`);
    await expect(page.getByRole('cell', { name: 'Bank reconciliation' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Payroll journal' })).toBeVisible();
  });

  test('a user without can_create_invoices gets /access-denied and the server refuses the calls', async ({
    page,
    login,
  }) => {
    const admin = await apiAs('admin');
    const client = (await admin.post('/clients', {
      client_id: uniqueCode('E2E'),
      legal_name: unique('Denied Co'),
      entity_type: 'c_corp',
    })) as Created;
    await admin.dispose();

    await login('staff');
    await page.goto(`/clients/${client.id}/wip`);
    await expect(page).toHaveURL(/\/access-denied$/);
    await page.goto('/invoices/preview');
    await expect(page).toHaveURL(/\/access-denied$/);

    const wip = await page.request.get(apiUrl(`/clients/${client.id}/wip`));
    expect(wip.status()).toBe(403);
    const cookies = await page.context().cookies();
    const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
    const draft = await page.request.post(apiUrl('/invoices'), {
      data: {
        client_id: client.id,
        time_entry_ids: [],
        expense_ids: [],
        fixed_fees: [{ description: 'Fee', amount_cents: 100 }],
      },
      headers: { 'X-CSRF-TOKEN': csrf },
    });
    expect(draft.status()).toBe(403);
  });
});
