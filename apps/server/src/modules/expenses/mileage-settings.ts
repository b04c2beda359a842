import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import { writeAudit } from '../audit/audit';

/** The firm's rate per mile in mills (docs/decisions/0106). */
export async function loadMileageRate(tx: Tx, organizationId: number): Promise<number> {
  const [row] = await tx
    .select({ rate: organizations.mileageRateMills })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`Organization ${organizationId} is missing`);
  return row.rate;
}

/** Sets the rate new mileage expenses are priced at; saved expenses keep theirs. */
export async function updateMileageRate(tx: Tx, organizationId: number, userId: number, rateMills: number) {
  const before = await loadMileageRate(tx, organizationId);
  await tx.update(organizations).set({ mileageRateMills: rateMills }).where(eq(organizations.id, organizationId));
  await writeAudit(tx, {
    organizationId,
    userId,
    action: 'update',
    entity: 'mileage_rate',
    entityId: organizationId,
    before: { mileage_rate_mills: before },
    after: { mileage_rate_mills: rateMills },
  });
  return { mileage_rate_mills: rateMills };
}
