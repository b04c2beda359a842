import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { activityTypes, clientActivityTypes } from '../../db/schema/index';
import { invalidField, notFoundField } from '../records/field-errors';

export type ActivityTypeRef = { id: number; name: string; code: string; billable: boolean; active: boolean };

/**
 * An activity type named in a body for work on a client: 404 when it is not this
 * organization's; 400 when inactive or not enabled for that client.
 */
export async function requireActivityTypeForClient(
  tx: Tx,
  organizationId: number,
  activityTypeId: number,
  clientId: number,
  field = 'activity_type_id',
): Promise<ActivityTypeRef> {
  const [row] = await tx
    .select({
      id: activityTypes.id,
      name: activityTypes.name,
      code: activityTypes.code,
      billable: activityTypes.billable,
      active: activityTypes.active,
      enabled: clientActivityTypes.enabled,
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
    .where(and(eq(activityTypes.organizationId, organizationId), eq(activityTypes.id, activityTypeId)));
  return checkedActivityType(row, field);
}

/** The rule of requireActivityTypeForClient on a row already read (`enabled`: the client's subset, null when not set). */
export function checkedActivityType(
  row: (ActivityTypeRef & { enabled: boolean | null }) | null | undefined,
  field = 'activity_type_id',
): ActivityTypeRef {
  if (!row) throw notFoundField(field, 'Activity type not found');
  if (!row.active) throw invalidField(field, 'This activity type is inactive');
  if (row.enabled === false) throw invalidField(field, 'This activity type is not enabled for this client');
  return { id: row.id, name: row.name, code: row.code, billable: row.billable, active: row.active };
}
