import { eq } from 'drizzle-orm';
import type { OrganizationSettingsInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { staleVersion } from '../records/field-errors';

export const LOGO_PATH = '/api/organization/logo';

export type OrganizationSettings = {
  name: string;
  subdomain: string;
  primary_color: string;
  secondary_color: string;
  /** Where the logo is served (with its version, so a new one is fetched anew), or null. */
  logo_url: string | null;
  logo_content_type: string | null;
  invoice_prefix: string;
  default_terms_days: number;
  remit_to: string;
  invoice_footer: string;
  time_zone: string;
  rounding_minutes: number;
  rounding_mode: string;
  version: number;
};

/** The logo's address for a firm; `v` changes with each upload so caches never show an old one. */
export function logoUrlOf(subdomain: string, logoFile: string | null): string | null {
  return logoFile ? `${LOGO_PATH}?org=${encodeURIComponent(subdomain)}&v=${logoFile.slice(0, 8)}` : null;
}

export async function loadSettings(tx: Tx, organizationId: number): Promise<OrganizationSettings> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw notFound('Organization not found');
  return {
    name: row.name,
    subdomain: row.subdomain,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    logo_url: logoUrlOf(row.subdomain, row.logoFile),
    logo_content_type: row.logoContentType,
    invoice_prefix: row.invoicePrefix,
    default_terms_days: row.defaultTermsDays,
    remit_to: row.remitTo,
    invoice_footer: row.invoiceFooter,
    time_zone: row.timeZone,
    rounding_minutes: row.timeRoundingMinutes,
    rounding_mode: row.timeRoundingMode,
    version: row.settingsVersion,
  };
}

export async function getSettings(db: Db, actor: SessionUser): Promise<OrganizationSettings> {
  return withTenant(db, actor.organizationId, (tx) => loadSettings(tx, actor.organizationId));
}

const withoutVersion = ({ version: _version, ...rest }: OrganizationSettings) => rest;

/** PUT /api/organization/settings: every setting at once, against the version the form loaded. */
export async function updateSettings(
  db: Db,
  actor: SessionUser,
  input: OrganizationSettingsInput,
): Promise<OrganizationSettings> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    const [current] = await tx
      .select({ version: organizations.settingsVersion })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    if (!current) throw notFound('Organization not found');
    if (current.version !== input.version) throw staleVersion('firm’s settings');
    const before = await loadSettings(tx, organizationId);
    await tx
      .update(organizations)
      .set({
        name: input.name,
        primaryColor: input.primary_color.toLowerCase(),
        secondaryColor: input.secondary_color.toLowerCase(),
        invoicePrefix: input.invoice_prefix,
        defaultTermsDays: input.default_terms_days,
        remitTo: input.remit_to,
        invoiceFooter: input.invoice_footer,
        timeZone: input.time_zone,
        timeRoundingMinutes: input.rounding_minutes,
        timeRoundingMode: input.rounding_mode,
        settingsVersion: current.version + 1,
      })
      .where(eq(organizations.id, organizationId));
    const after = await loadSettings(tx, organizationId);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'organization_settings',
      entityId: organizationId,
      before: withoutVersion(before),
      after: withoutVersion(after),
    });
    return after;
  });
}
