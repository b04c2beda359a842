import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ClientActivityTypesInput } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { activityTypes, clientActivityTypes } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { requireClient } from '../clients/client-lookup';
import { notFoundField } from '../records/field-errors';
import { clientOverrideChanges, rateInForce, recordClientOverride, type RateChange } from '../rates/rate-history';
import { dateInZone } from '../time-entries/calendar';
import { loadTimeSettings } from '../time-entries/organization-settings';
import { activityRateOn } from './activity-type-view';

/** An organization lists its service codes on one screen; more than this is not a practice's list. */
const ACTIVITY_TYPES_PER_CLIENT_MAX = 500;

export type ClientActivityTypeView = {
  activity_type_id: number;
  name: string;
  code: string;
  billable: boolean;
  active: boolean;
  enabled: boolean;
  /** The activity's own rate today. */
  default_rate_cents: number | null;
  /** The client's override today, null when none. */
  override_rate_cents: number | null;
  /** What an entry dated today would be charged before the user's rate: override, else the activity's rate. */
  rate_cents: number | null;
  override_changes: RateChange[];
};

export type ClientActivityTypesView = { client_id: number; as_of: string; items: ClientActivityTypeView[] };

async function loadView(
  tx: Tx,
  organizationId: number,
  clientId: number,
  date: string,
): Promise<ClientActivityTypesView> {
  const rows = await tx
    .select({
      id: activityTypes.id,
      name: activityTypes.name,
      code: activityTypes.code,
      billable: activityTypes.billable,
      active: activityTypes.active,
      enabled: clientActivityTypes.enabled,
      rate: activityRateOn(date),
    })
    .from(activityTypes)
    .leftJoin(
      clientActivityTypes,
      and(
        eq(clientActivityTypes.organizationId, activityTypes.organizationId),
        eq(clientActivityTypes.activityTypeId, activityTypes.id),
        eq(clientActivityTypes.clientId, clientId),
      ),
    )
    .where(eq(activityTypes.organizationId, organizationId))
    .orderBy(asc(activityTypes.name), asc(activityTypes.id))
    .limit(ACTIVITY_TYPES_PER_CLIENT_MAX);
  const overrides = await clientOverrideChanges(
    tx,
    organizationId,
    clientId,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => {
    const changes = overrides.get(row.id) ?? [];
    const override = rateInForce(changes, date, null);
    return {
      activity_type_id: row.id,
      name: row.name,
      code: row.code,
      billable: row.billable,
      active: row.active,
      enabled: row.enabled ?? true,
      default_rate_cents: row.rate,
      override_rate_cents: override,
      rate_cents: override ?? row.rate,
      override_changes: changes,
    };
  });
  return { client_id: clientId, as_of: date, items };
}

async function today(tx: Tx, organizationId: number, now: Date): Promise<string> {
  return dateInZone(now, (await loadTimeSettings(tx, organizationId)).timeZone);
}

export async function getClientActivityTypes(
  db: Db,
  actor: SessionUser,
  clientId: number,
  now: Date,
): Promise<ClientActivityTypesView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await requireClient(tx, organizationId, clientId, { field: 'id' });
    return loadView(tx, organizationId, clientId, await today(tx, organizationId, now));
  });
}

/**
 * Sets, per listed activity type, whether the client may be charged for it and its rate
 * override. An override different from the one in force on `effective_from` (default
 * today) is recorded as a dated change from that day. An activity type of another
 * organization answers 404 and nothing is written.
 */
export async function setClientActivityTypes(
  db: Db,
  actor: SessionUser,
  clientId: number,
  input: ClientActivityTypesInput,
  now: Date,
): Promise<ClientActivityTypesView> {
  const organizationId = actor.organizationId;
  return withTenant(db, organizationId, async (tx) => {
    await requireClient(tx, organizationId, clientId, { field: 'id' });
    const ids = input.items.map((item) => item.activity_type_id);
    const known =
      ids.length === 0
        ? []
        : await tx
            .select({ id: activityTypes.id })
            .from(activityTypes)
            .where(and(eq(activityTypes.organizationId, organizationId), inArray(activityTypes.id, ids)));
    const knownIds = new Set(known.map((row) => row.id));
    const missing = input.items.findIndex((item) => !knownIds.has(item.activity_type_id));
    if (missing >= 0) throw notFoundField(`items.${missing}.activity_type_id`, 'Activity type not found');

    const date = await today(tx, organizationId, now);
    const effectiveFrom = input.effective_from ?? date;
    const before = await loadView(tx, organizationId, clientId, date);
    const overrides = await clientOverrideChanges(tx, organizationId, clientId, ids);
    if (input.items.length > 0) {
      await tx
        .insert(clientActivityTypes)
        .values(
          input.items.map((item) => ({
            organizationId,
            clientId,
            activityTypeId: item.activity_type_id,
            enabled: item.enabled,
          })),
        )
        .onConflictDoUpdate({
          target: [
            clientActivityTypes.organizationId,
            clientActivityTypes.clientId,
            clientActivityTypes.activityTypeId,
          ],
          set: { enabled: sql`excluded.enabled` },
        });
    }
    for (const item of input.items) {
      const inForce = rateInForce(overrides.get(item.activity_type_id) ?? [], effectiveFrom, null);
      if (inForce !== item.override_rate_cents) {
        await recordClientOverride(tx, organizationId, clientId, item.activity_type_id, {
          effectiveFrom,
          rateCents: item.override_rate_cents,
          by: actor.id,
        });
      }
    }
    const after = await loadView(tx, organizationId, clientId, date);
    await writeAudit(tx, {
      organizationId,
      userId: actor.id,
      action: 'update',
      entity: 'client_activity_types',
      entityId: clientId,
      before: before.items,
      after: after.items,
    });
    return after;
  });
}
