import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { organizations } from '../../db/schema/index';

export type BillingSettings = {
  name: string;
  subdomain: string;
  timeZone: string;
  primaryColor: string;
  invoicePrefix: string;
  defaultTermsDays: number;
  remitTo: string;
  invoiceFooter: string;
  logoFile: string | null;
  writeSpread: 'value' | 'hours';
  /** Today in the organization's time zone, YYYY-MM-DD. */
  today: string;
};

/** The organization's invoice settings and its today, in one read. */
export async function readBillingSettings(tx: Tx, organizationId: number): Promise<BillingSettings> {
  const [row] = await tx
    .select({
      name: organizations.name,
      subdomain: organizations.subdomain,
      timeZone: organizations.timeZone,
      primaryColor: organizations.primaryColor,
      invoicePrefix: organizations.invoicePrefix,
      defaultTermsDays: organizations.defaultTermsDays,
      remitTo: organizations.remitTo,
      invoiceFooter: organizations.invoiceFooter,
      logoFile: organizations.logoFile,
      writeSpread: organizations.writeSpread,
      today: sql<string>`to_char((now() at time zone ${organizations.timeZone})::date, 'YYYY-MM-DD')`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`organization ${organizationId} not found`);
  return row;
}

/** YYYY-MM-DD plus whole days, in calendar terms (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
