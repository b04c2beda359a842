import type { Download, Page } from '@playwright/test';
import { daysBefore, firmToday, type Api } from './records';

export type IssuedInvoice = { id: number; number: string };

/** An issued invoice of one fixed fee, issued `issuedDaysAgo` days before today, due `termsDays` later. */
export async function issuedInvoice(
  api: Api,
  clientId: number,
  cents: number,
  issuedDaysAgo: number,
  termsDays: number,
): Promise<IssuedInvoice> {
  const today = firmToday();
  const draft = (await api.post('/invoices', {
    client_id: clientId,
    issue_date: daysBefore(today, issuedDaysAgo),
    due_date: daysBefore(today, issuedDaysAgo - termsDays),
    fixed_fees: [{ description: 'Advisory', amount_cents: cents }],
  })) as { id: number };
  return (await api.post(`/invoices/${draft.id}/issue`)) as IssuedInvoice;
}

/** A table row that starts with the invoice's number (INV-5 is not INV-54). */
export const rowOf = (invoice: IssuedInvoice) => new RegExp(`^${invoice.number}\\b`);

/** The file a click downloads. */
export async function downloaded(page: Page, click: () => Promise<void>): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await click();
  return downloading;
}
