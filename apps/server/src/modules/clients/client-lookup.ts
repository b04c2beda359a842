import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients } from '../../db/schema/index';
import { invalidField, notFoundField } from '../records/field-errors';

export type ClientRef = { id: number; code: string; legalName: string; status: string };

/** A client named in a body: 404 when it is not this organization's, 400 when inactive and new work is asked for. */
export async function requireClient(
  tx: Tx,
  organizationId: number,
  clientId: number,
  options: { field?: string; forNewWork?: boolean } = {},
): Promise<ClientRef> {
  const [row] = await tx
    .select({ id: clients.id, code: clients.code, legalName: clients.legalName, status: clients.status })
    .from(clients)
    .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId)));
  return checkedClient(row, options);
}

/** The rule of requireClient on a client already read (undefined or null: not this organization's). */
export function checkedClient(
  row: ClientRef | null | undefined,
  options: { field?: string; forNewWork?: boolean } = {},
): ClientRef {
  const field = options.field ?? 'client_id';
  if (!row) throw notFoundField(field, 'Client not found');
  if (options.forNewWork && row.status === 'inactive') throw invalidField(field, 'This client is inactive');
  return row;
}
