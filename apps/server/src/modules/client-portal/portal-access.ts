import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { accessCodeDigest } from '../invoices/access-code';
import { claimAttempt, releaseAttempt } from '../auth/sign-in-limits';

import { INVALID_ACCESS_CODE } from '@practice/shared';
export const TOO_MANY_CODE_ATTEMPTS = 'Too many attempts. Please try again later.';
/** Per address: a family or an office behind one address may open a few invoices and mistype. */
export const PORTAL_ADDRESS_LIMIT = 20;
/** Per code typed: one code tried from many addresses is a guess, not a client. */
export const PORTAL_CODE_LIMIT = 10;

/** What a person types: spaces, dashes and lower case are forgiven; the letters are the code's alphabet. */
export function normalizeAccessCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The invoice an access code opens: counted against the caller's address and the code before
 * the lookup (ADR 0091), found by the code's SHA-256 digest through the one function that may
 * cross the tenant wall (migration 0036). The index is searched with the digest, never the
 * code, so the lookup's timing tells nothing about the codes stored (no string comparison of
 * the code itself is made). A draft or void invoice opens nothing. A code that opens an invoice
 * gives its hits back.
 */
export async function invoiceForCode(
  ownerDb: Db,
  typed: string,
  address: string,
): Promise<{ organizationId: number; invoiceId: number }> {
  const code = normalizeAccessCode(typed);
  const digest = accessCodeDigest(code);
  const claim = await claimAttempt(
    ownerDb,
    [
      { key: `portal-ip:${address}`, limit: PORTAL_ADDRESS_LIMIT },
      { key: `portal-code:${digest.toString('hex')}`, limit: PORTAL_CODE_LIMIT },
    ],
    TOO_MANY_CODE_ATTEMPTS,
  );
  if (!/^[A-Z2-9]{12}$/.test(code)) throw notFound(INVALID_ACCESS_CODE);
  const result = await ownerDb.execute(sql`select organization_id, invoice_id from portal_invoice_by_code(${digest})`);
  const [row] = (result as unknown as { rows: { organization_id: number; invoice_id: number }[] }).rows;
  if (!row) throw notFound(INVALID_ACCESS_CODE);
  await releaseAttempt(ownerDb, claim);
  return { organizationId: row.organization_id, invoiceId: row.invoice_id };
}
