import { eq } from 'drizzle-orm';
import { dateAfterToday, dateInZone } from '@practice/shared';
import type { Tx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/** The firm's date at `now` in its time zone (DESIGN.md: "today" is the organization's). */
export async function firmToday(tx: Tx, organizationId: number, now: Date): Promise<string> {
  const [row] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`organization ${organizationId} not found`);
  return dateInZone(now, row.timeZone);
}

/**
 * 422 for money dated after the firm's today (ADR 0200): a payment or invoice "tomorrow" shows
 * as collected or billed this period while the AR balance as of today leaves it out.
 */
export function refuseAfterToday(date: string, today: string, label: string, field: string): void {
  if (date <= today) return;
  const message = dateAfterToday(label, today);
  throw new AppError(422, message, { [field]: message });
}
